import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { routeRepository } from '../repos/route-repository';
import type { AppContext } from '../context';

/** Waypoints of a route (spec 000 sections 2.5 and 7): fetch in sequence, add at the end, delete and renumber. */
export async function routeWaypointRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.waypoints, async ({ query }) => {
    const scope = await resolveScope(store, query);
    await ensureOwned(store, 'routes', query.routeId, scope);
    return ok(await routeRepository.waypoints(store, query.routeId));
  });

  route(app, mainCalls.createWaypoint, async ({ query, body }) =>
    ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, 'routes', query.routeId, scope);
        return { id: await routeRepository.addWaypoint(q, query.routeId, body) };
      }),
    ),
  );

  route(app, mainCalls.deleteWaypoint, async ({ query }) => {
    await store.tx(async (q) => {
      const scope = await resolveScope(q, query);
      // A waypoint is its route's: in reach when the route is (ensureOwned), else 404 like an unknown id.
      const routeId = await routeRepository.waypointRoute(q, query.id);
      if (!routeId) throw notFound();
      await ensureOwned(q, 'routes', routeId, scope);
      await routeRepository.removeWaypoint(q, routeId, query.id);
    });
    return ok(null);
  });
}
