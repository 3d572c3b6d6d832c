import { isLatLng, readLatLng } from './formats';

/** Most intermediate points of one directions request: a route's (a bulk route row holds up to 98). */
export const MAX_WAYPOINTS = 100;

/** The message of a point that is not `lat,lng` (the geocode call's). */
export const LATLNG_MESSAGE = 'Please enter valid lat long';

/**
 * GET /maps/directions?origin=lat,lng&destination=lat,lng[&waypoints=lat,lng|lat,lng]: the same parameters as Google's
 * Directions API, in coordinates. Each waypoint is checked with the `latlng` format's rule by {@link parseWaypoints}.
 */
export const directionsQuerySchema = {
  type: 'object',
  properties: {
    origin: { type: 'string', maxLength: 100, format: 'latlng', errorMessage: LATLNG_MESSAGE },
    destination: { type: 'string', maxLength: 100, format: 'latlng', errorMessage: LATLNG_MESSAGE },
    waypoints: { type: 'string', maxLength: MAX_WAYPOINTS * 50, errorMessage: LATLNG_MESSAGE },
  },
  required: ['origin', 'destination'],
  errorMessage: { required: { origin: LATLNG_MESSAGE, destination: LATLNG_MESSAGE } },
} as const;

/** A point in decimal degrees. */
export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** Directions and their legs: the types of the directions call's answer schema (schemas/api/maps.ts). */
export type { DirectionsLeg, DirectionsResult } from './api/maps';

/** The waypoints parameter as points; null when one of them is not a valid `lat,lng` or there are too many. */
export function parseWaypoints(text: string | undefined): LatLngPoint[] | null {
  if (!text?.trim()) return [];
  const parts = text.split('|');
  if (parts.length > MAX_WAYPOINTS || !parts.every(isLatLng)) return null;
  return parts.map(parseLatLng);
}

/** A `lat,lng` text (already checked with the `latlng` format) as a point. */
export function parseLatLng(text: string): LatLngPoint {
  return readLatLng(text) ?? { lat: Number.NaN, lng: Number.NaN };
}
