import type { FromSchema } from 'json-schema-to-ts';
import { REASONS } from './refers';
import { defineCall } from './contract';
import { bool, list, none, num, numOrNull, shape, str } from './shapes';
import {
  autocompleteQuerySchema,
  geocodeBatchBodySchema,
  geocodeQuerySchema,
  placeDetailsQuerySchema,
} from '../lookup';
import { directionsQuerySchema } from '../directions';

const maps = { service: 'maps', envelope: 'main' } as const;

/** One autocomplete hit: an opaque id to pass to the details call, and the text shown to the user. */
export const suggestionAnswer = shape({
  place_id: { ...str, description: 'Opaque, stable identifier of the place (e.g. `in:po:400069:andheri-east`)' },
  description: { ...str, description: 'Human-readable label, e.g. `Andheri East, Mumbai, Maharashtra 400069, India`' },
});

/** A point of a place in WGS84 decimal degrees, as Google's geometry writes it. */
const geometryAnswer = shape({ location: shape({ lat: num, lng: num }) });

/** A resolved place with a point location (Google's Places shape). */
export const placeAnswer = shape({
  place_id: { ...str, description: 'Opaque, stable identifier; the details call answers this place again' },
  name: { ...str, description: 'Short name of the place, e.g. `Andheri East`' },
  formatted_address: {
    ...str,
    description: 'Full address line, e.g. `Andheri East, Mumbai, Maharashtra 400069, India`',
  },
  geometry: { ...geometryAnswer, description: 'Representative point of the place in WGS84 decimal degrees' },
});

/** A place an address or coordinates name, as the geocode calls answer it (without its short name). */
export const geocodedAnswer = shape({ place_id: str, formatted_address: str, geometry: geometryAnswer });

/** One leg between two consecutive points: a road distance, or a straight-line estimate when no router answered. */
export const directionsLegAnswer = shape({
  distanceKm: num,
  durationMin: { ...numOrNull, description: 'Driving time in minutes; null for a straight-line estimate' },
  estimate: {
    ...bool,
    description:
      "True when the distance is the great-circle distance, not a road's. The map says 'Straight-line estimate'",
  },
});

/**
 * A point as `[lat, lng]`: a pair (a tuple's `prefixItems` is not read by the serializer nor by the compiler's
 * FromSchema, and OpenAPI 3.1 refuses the older array form of `items`; {@link DirectionsResult} types it as a pair).
 */
const latLngPair = { ...list(num), minItems: 2, maxItems: 2 } as const;

/** The answer of the directions call (and of the browser's Google directions, in the same shape). */
export const directionsAnswer = shape({
  source: {
    type: 'string',
    enum: ['google', 'osrm', 'straight'],
    description: "Who computed it: Google (the browser's), an OSRM server, or nobody (straight lines)",
  },
  legs: list(directionsLegAnswer),
  path: { ...list(latLngPair), description: 'The line to draw, as [lat, lng] pairs' },
  distanceKm: num,
});

/** One autocomplete hit. */
export type Suggestion = FromSchema<typeof suggestionAnswer>;
/** A resolved place with a point location. */
export type Place = FromSchema<typeof placeAnswer>;
/** One leg of directions. */
export type DirectionsLeg = FromSchema<typeof directionsLegAnswer>;
/** Directions through points, each point of the path a `[lat, lng]` pair. */
export type DirectionsResult = Omit<FromSchema<typeof directionsAnswer>, 'path'> & { path: [number, number][] };

/** The maps service: suggestions (at most 10, India only), place details, forward and reverse geocoding, driving directions. */
export const mapCalls = {
  autocomplete: defineCall({
    ...maps,
    id: 'maps.autocomplete',
    method: 'GET',
    path: '/maps/place/autocomplete',
    summary: 'At most 10 place suggestions for input',
    querystring: autocompleteQuerySchema,
    answer: list(suggestionAnswer),
  }),
  details: defineCall({
    ...maps,
    id: 'maps.details',
    refers: { 'query.place_id': REASONS.geocoderPlace },
    method: 'GET',
    path: '/maps/place/details',
    summary: 'A suggested place with its coordinates',
    querystring: placeDetailsQuerySchema,
    answer: placeAnswer,
  }),
  geocode: defineCall({
    ...maps,
    id: 'maps.geocode',
    method: 'GET',
    path: '/maps/geocode',
    summary: 'An address to coordinates, or latlng to an address',
    querystring: geocodeQuerySchema,
    answer: list(geocodedAnswer),
  }),
  geocodeBatch: defineCall({
    ...maps,
    id: 'maps.geocodeBatch',
    method: 'POST',
    path: '/maps/geocode/batch',
    summary: "Many addresses or coordinates in one call (a sheet's rows): per item, in order, the best place or null",
    body: geocodeBatchBodySchema,
    answer: list({ anyOf: [geocodedAnswer, none] }),
  }),
  directions: defineCall({
    ...maps,
    id: 'maps.directions',
    method: 'GET',
    path: '/maps/directions',
    summary:
      'Driving directions through coordinates: OSRM roads when SERVICE_ROUTING_URL is set, else straight-line estimates',
    querystring: directionsQuerySchema,
    answer: directionsAnswer,
  }),
};
