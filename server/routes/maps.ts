import type { FastifyInstance } from 'fastify';
import { mapCalls } from '../../schemas/api/maps';
import { parseLatLng, parseWaypoints, LATLNG_MESSAGE } from '../../schemas/directions';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import type { AppContext } from '../context';

/** Place suggestions hold at most 10 entries (spec 000 section 9). */
const MAX_SUGGESTIONS = 10;

/** The maps service: suggestions, place details, forward and reverse geocoding (API.md "Geocoder"), driving directions. */
export async function mapRoutes(app: FastifyInstance, { geocoder, directions }: AppContext) {
  route(app, mapCalls.autocomplete, async ({ query }) => {
    const hits = await geocoder.suggest(query.input);
    return ok(hits.slice(0, MAX_SUGGESTIONS).map(({ place_id, description }) => ({ place_id, description })));
  });

  route(app, mapCalls.details, async ({ query }) => {
    const place = await geocoder.details(query.place_id);
    if (!place) throw notFound();
    return ok(place);
  });

  route(app, mapCalls.geocode, async ({ query }) => {
    const places = query.latlng
      ? await geocoder.reverse(...(query.latlng.split(',').map(Number) as [number, number]))
      : await geocoder.geocode(query.address ?? '');
    return ok(places.map(({ place_id, formatted_address, geometry }) => ({ place_id, formatted_address, geometry })));
  });

  // OSRM when SERVICE_ROUTING_URL is set, else straight legs marked as estimates (server/routing/directions.ts).
  route(app, mapCalls.directions, async ({ query }) => {
    const waypoints = parseWaypoints(query.waypoints);
    if (!waypoints) throw new ApiError(400, [LATLNG_MESSAGE]);
    return ok(await directions.route([parseLatLng(query.origin), ...waypoints, parseLatLng(query.destination)]));
  });
}
