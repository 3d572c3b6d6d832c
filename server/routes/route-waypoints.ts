import type { FastifyInstance } from 'fastify';
import { waypointBodySchema, type WaypointBody } from '../../schemas/route-bulk';
import { scopedIdQuerySchema, type ScopedIdQuery } from '../../schemas/lookup';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { MSG } from '../../schemas/messages';
import { notFound, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureOwned, resolveScope } from '../http/scope';
import type { AppContext } from '../context';
import { json, type StoredPlace } from './route-store';

/** Scope plus the route the waypoints belong to. */
const routeQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, routeId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Please select route' } },
  required: ['c', 'routeId'],
  errorMessage: { required: { c: MSG.selectCompany, routeId: 'Please select route' } },
} as const;

type RouteQuery = ScopeQuery & { routeId: string };

/** Waypoints of a route (spec 000 sections 2.5 and 7): fetch in sequence, add at the end, delete and renumber. */
export async function routeWaypointRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: RouteQuery }>(
    '/saas/lego/company_routes_waypoints/fetch',
    { schema: { querystring: routeQuerySchema } },
    async ({ query }) => {
      const scope = await resolveScope(store, query);
      await ensureOwned(store, 'routes', query.routeId, scope.companyId);
      const rows = await store.query<{ id: string; sequence: number; place: StoredPlace }>(
        'select id, sequence, place from route_waypoints where route_id = $1 order by sequence',
        [query.routeId],
      );
      return ok(rows.map((r) => ({ id: r.id, ...r.place, sequence: r.sequence })));
    },
  );

  app.post<{ Querystring: RouteQuery; Body: WaypointBody }>(
    '/saas/lego/company_routes_waypoints/create',
    { schema: { querystring: routeQuerySchema, body: waypointBodySchema } },
    async ({ query, body }) =>
      ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          await ensureOwned(q, 'routes', query.routeId, scope.companyId);
          // Lock the route row so two simultaneous adds do not take the same sequence number.
          await q.query('select 1 from routes where id = $1 for update', [query.routeId]);
          const id = newId('wp');
          await q.query(
            `insert into route_waypoints (id, route_id, sequence, place)
             values ($1, $2, (select coalesce(max(sequence), 0) + 1 from route_waypoints where route_id = $2), $3)`,
            [id, query.routeId, json(body)],
          );
          return { id };
        }),
      ),
  );

  app.delete<{ Querystring: ScopedIdQuery }>(
    '/saas/lego/company_routes_waypoints/delete',
    { schema: { querystring: scopedIdQuerySchema } },
    async ({ query }) => {
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        const row = await q.one<{ route_id: string }>(
          `select w.route_id from route_waypoints w join routes r on r.id = w.route_id
            where w.id = $1 and r.company_id = $2`,
          [query.id, scope.companyId],
        );
        if (!row) throw notFound();
        await q.query('delete from route_waypoints where id = $1', [query.id]);
        // Deleting renumbers the rest from 1 (spec 000 section 4).
        await q.query(
          `update route_waypoints w set sequence = n.rn
             from (select id, row_number() over (order by sequence) as rn from route_waypoints where route_id = $1) n
            where w.id = n.id`,
          [row.route_id],
        );
      });
      return ok(null);
    },
  );
}
