import type { FastifyInstance } from 'fastify';
import { mapCalls } from '../../schemas/api/maps';
import { parseLatLng, parseWaypoints, LATLNG_MESSAGE } from '../../schemas/directions';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import type { GeocodeQuery } from '../../schemas/lookup';
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

  /** The places an address or coordinates name, best first, in the shape the console reads. */
  const lookUp = async ({ address, latlng }: GeocodeQuery) => {
    const point = latlng ? parseLatLng(latlng) : null;
    const places = point ? await geocoder.reverse(point.lat, point.lng) : await geocoder.geocode(address ?? '');
    return places.map(({ place_id, formatted_address, geometry }) => ({ place_id, formatted_address, geometry }));
  };

  route(app, mapCalls.geocode, async ({ query }) => ok(await lookUp(query)));

  // A sheet's rows in one request: one after the other, so a long sheet never floods a real geocoder behind this one.
  route(app, mapCalls.geocodeBatch, async ({ body }) => {
    const best = [];
    for (const item of body.items) best.push((await lookUp(item))[0] ?? null);
    return ok(best);
  });

  // OSRM when SERVICE_ROUTING_URL is set, else straight legs marked as estimates (server/routing/directions.ts).
  route(app, mapCalls.directions, async ({ query }) => {
    const waypoints = parseWaypoints(query.waypoints);
    if (!waypoints) throw new ApiError(400, [LATLNG_MESSAGE]);
    return ok(await directions.route([parseLatLng(query.origin), ...waypoints, parseLatLng(query.destination)]));
  });
}
