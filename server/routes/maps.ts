import type { FastifyInstance } from 'fastify';
import {
  autocompleteQuerySchema, geocodeQuerySchema, placeDetailsQuerySchema, type GeocodeQuery,
} from '../../schemas/lookup';
import { notFound, ok } from '../http/envelope';
import type { AppContext } from '../context';

/** Place suggestions hold at most 10 entries (spec 000 section 9). */
const MAX_SUGGESTIONS = 10;

/** The maps service: suggestions, place details, forward and reverse geocoding (API.md "Geocoder"). */
export async function mapRoutes(app: FastifyInstance, { geocoder }: AppContext) {
  app.get<{ Querystring: { input: string } }>(
    '/maps/place/autocomplete',
    { schema: { querystring: autocompleteQuerySchema } },
    async ({ query }) => {
      const hits = await geocoder.suggest(query.input);
      return ok(hits.slice(0, MAX_SUGGESTIONS).map(({ place_id, description }) => ({ place_id, description })));
    },
  );

  app.get<{ Querystring: { place_id: string } }>(
    '/maps/place/details',
    { schema: { querystring: placeDetailsQuerySchema } },
    async ({ query }) => {
      const place = await geocoder.details(query.place_id);
      if (!place) throw notFound();
      return ok(place);
    },
  );

  app.get<{ Querystring: GeocodeQuery }>(
    '/maps/geocode',
    { schema: { querystring: geocodeQuerySchema } },
    async ({ query }) => {
      const places = query.latlng
        ? await geocoder.reverse(...(query.latlng.split(',').map(Number) as [number, number]))
        : await geocoder.geocode(query.address ?? '');
      return ok(places.map(({ place_id, formatted_address, geometry }) => ({ place_id, formatted_address, geometry })));
    },
  );
}
