import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import type { HttpResult } from '../../engine/data/http';
import type { Scope } from '../../engine/scope/scope';
import { placeDetails, suggestPlaces, type GeoPlace } from '../../engine/widgets/placeApi';
import { readLatLng } from '../../schemas/formats';
import { mainCalls } from '../../schemas/api/main';
import { mapCalls } from '../../schemas/api/maps';
import type { WaypointBody } from '../../schemas/route-bulk';
import type { StoredWaypoint } from './waypointModel';

/** The calls of the waypoint editor (spec 000 section 7), from their contracts. */
export const waypointCalls = {
  routes: endpoint(mainCalls.routes),
  routeOptions: endpoint(mainCalls.routeOptions),
  waypoints: endpoint(mainCalls.waypoints),
  create: endpoint(mainCalls.createWaypoint),
  remove: endpoint(mainCalls.deleteWaypoint),
  reorder: endpoint(mainCalls.reorderWaypoints),
  geocode: endpoint(mapCalls.geocode),
};

/** What the controller needs of the API: one method per call, each answering the HTTP helper's result (never throwing). */
export interface WaypointApi {
  waypoints(scope: Scope, routeId: string): Promise<HttpResult<StoredWaypoint[]>>;
  create(scope: Scope, routeId: string, body: WaypointBody): Promise<HttpResult<{ id: string }>>;
  remove(scope: Scope, id: string): Promise<HttpResult<unknown>>;
  reorder(scope: Scope, routeId: string, ids: string[]): Promise<HttpResult<StoredWaypoint[]>>;
}

/** The platform API's waypoint calls. */
export const httpWaypointApi: WaypointApi = {
  waypoints: (scope, routeId) => callEndpoint(waypointCalls.waypoints, { scope, query: { routeId } }),
  create: (scope, routeId, body) => callEndpoint(waypointCalls.create, { scope, query: { routeId }, body }),
  remove: (scope, id) => callEndpoint(waypointCalls.remove, { scope, query: { id } }),
  reorder: (scope, routeId, ids) => callEndpoint(waypointCalls.reorder, { scope, query: { routeId }, body: { ids } }),
};

/** A place the search offers: its id, the text shown, and the place itself when already known (a lat-lng answer). */
export interface PlaceOption {
  placeId: string;
  description: string;
  place?: GeoPlace;
}

/** A chosen place as the row keeps it. */
export interface ChosenPlace {
  placeId: string;
  address: string;
  name?: string;
  location: { lat: number; lng: number };
}

/** The coordinates of a "lat,lng" text, or null when it is not one (the `latlng` format's rule). */
export const parseLatLngText = (text: string): { lat: number; lng: number } | null => readLatLng(text);

/**
 * Places for a search text (spec 000 section 2.5: by name or by lat-lng): a "lat,lng" text is reverse-geocoded by
 * the maps service's geocode call, anything else goes to the place suggestions (at most 10, India only).
 */
export async function searchPlaces(text: string, signal?: AbortSignal): Promise<PlaceOption[]> {
  const point = parseLatLngText(text);
  if (!point)
    return (await suggestPlaces(text, signal)).map((s) => ({ placeId: s.place_id, description: s.description }));
  const result = await callEndpoint(
    waypointCalls.geocode,
    { query: { latlng: `${point.lat},${point.lng}` } },
    { quiet: true, signal },
  );
  if (!result.ok || !Array.isArray(result.data)) return [];
  // The typed coordinates are where the operator means: the geocoder's place names them.
  return result.data.slice(0, 10).map((place) => ({
    placeId: place.place_id,
    description: place.formatted_address,
    place: { ...place, geometry: { location: point } },
  }));
}

/** The place of a chosen option: already known for a lat-lng answer, else read by the place details call. */
export async function resolvePlace(option: PlaceOption): Promise<ChosenPlace | null> {
  const place = option.place ?? (await placeDetails(option.placeId));
  if (!place?.geometry?.location) return null;
  return {
    placeId: place.place_id,
    address: place.formatted_address,
    name: place.name,
    location: place.geometry.location,
  };
}
