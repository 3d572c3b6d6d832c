import type { FastifyInstance } from 'fastify';
import { routeBodySchema, type RouteBody } from '../../schemas/route';
import { routeBulkBodySchema, routeBulkRowSchema, type RouteBulkRow } from '../../schemas/route-bulk';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { ok } from '../http/envelope';
import { ensureOwned, resolveScope, scopeFilter } from '../http/scope';
import { check } from '../http/validation';
import type { AppContext } from '../context';
import { ROUTE_COLUMNS, insertRoute, updateRoute } from './route-store';

/** The bulk body may be large (500 rows with waypoints). */
const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** Routes: fetch, create or update one, bulk create (API.md "Routes"). */
export async function companyRouteRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: ScopeQuery }>(
    '/saas/lego/company_routes/fetch',
    { schema: { querystring: scopeQuerySchema } },
    async ({ query }, reply) => {
      const scope = await resolveScope(store, query);
      const one = query.id || query.routeId;
      if (one) {
        await ensureOwned(store, 'routes', one, scope.companyId);
        return ok(await store.query(`select ${ROUTE_COLUMNS} from routes where id = $1`, [one]));
      }
      const filter = scopeFilter(scope);
      // Lists can hold thousands of routes: the database writes the JSON, so Node neither parses nor re-serialises it.
      const [{ data }] = await store.query<{ data: string }>(
        `select coalesce(json_agg(r), '[]')::text as data
           from (select ${ROUTE_COLUMNS} from routes where ${filter.sql} order by updated_at desc, id) r`,
        filter.params,
      );
      return reply.type('application/json; charset=utf-8').send(`{"success":true,"data":${data},"message":[]}`);
    },
  );

  app.post<{ Querystring: ScopeQuery; Body: RouteBody }>(
    '/saas/lego/company_routes/create_or_update',
    { schema: { querystring: scopeQuerySchema, body: routeBodySchema } },
    async ({ query, body, desk }) =>
      ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          if (!body.id) return insertRoute(q, scope, body, desk.email);
          await ensureOwned(q, 'routes', body.id, scope.companyId);
          return updateRoute(q, body.id, body, desk.email);
        }),
      ),
  );

  app.post<{ Querystring: ScopeQuery; Body: unknown[] }>(
    '/saas/lego/company_routes/create',
    { schema: { querystring: scopeQuerySchema, body: routeBulkBodySchema }, bodyLimit: BULK_BODY_LIMIT },
    async ({ query, body, desk }) => {
      const scope = await resolveScope(store, query);
      const results: ({ routeId: string } | { error: string })[] = [];
      // Row by row, each in its own transaction: a bad row is reported and the others are still stored.
      for (const row of body) {
        const errors = check(routeBulkRowSchema, row);
        if (errors.length) {
          results.push({ error: errors.join(', ') });
          continue;
        }
        const { places, ...rest } = row as RouteBulkRow;
        const route = await store.tx((q) =>
          insertRoute(q, scope, { ...rest, origin: places[0], destination: places[places.length - 1] }, desk.email,
            places.slice(1, -1)),
        );
        results.push({ routeId: route.id });
      }
      return ok(results);
    },
  );
}
