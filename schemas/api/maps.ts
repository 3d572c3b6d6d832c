import { defineCall } from './contract';
import { autocompleteQuerySchema, geocodeBatchBodySchema, geocodeQuerySchema, placeDetailsQuerySchema } from '../lookup';
import { directionsQuerySchema } from '../directions';

const maps = { service: 'maps', envelope: 'main' } as const;

/** The maps service: suggestions (at most 10, India only), place details, forward and reverse geocoding, driving directions. */
export const mapCalls = {
  autocomplete: defineCall({ ...maps, id: 'maps.autocomplete', method: 'GET', path: '/maps/place/autocomplete', summary: 'At most 10 place suggestions for input', querystring: autocompleteQuerySchema }),
  details: defineCall({ ...maps, id: 'maps.details', method: 'GET', path: '/maps/place/details', summary: 'A suggested place with its coordinates', querystring: placeDetailsQuerySchema }),
  geocode: defineCall({ ...maps, id: 'maps.geocode', method: 'GET', path: '/maps/geocode', summary: 'An address to coordinates, or latlng to an address', querystring: geocodeQuerySchema }),
  geocodeBatch: defineCall({ ...maps, id: 'maps.geocodeBatch', method: 'POST', path: '/maps/geocode/batch', summary: "Many addresses or coordinates in one call (a sheet's rows): per item, in order, the best place or null", body: geocodeBatchBodySchema }),
  directions: defineCall({ ...maps, id: 'maps.directions', method: 'GET', path: '/maps/directions', summary: 'Driving directions through coordinates: OSRM roads when SERVICE_ROUTING_URL is set, else straight-line estimates', querystring: directionsQuerySchema }),
};
