import type { FastifyInstance } from 'fastify';
import { WAYPOINT_ORDER_MSG, mainCalls } from '../../schemas/api/main';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensureOwned, resolveScope } from '../repos/scope-repository';
import { routeRepository } from '../repos/route-repository';
import type { AppContext } from '../context';

/**
 * Waypoints of a route (spec 000 sections 2.5 and 7): fetch in sequence, add at the end, delete and renumber, and
 * store the order the rows were dragged into (API.md "Waypoint order").
 */
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

  route(app, mainCalls.reorderWaypoints, async ({ query, body }) => {
    await store.tx(async (q) => {
      await ensureOwned(q, 'routes', query.routeId, await resolveScope(q, query));
      if (!(await routeRepository.reorderWaypoints(q, query.routeId, body.ids))) throw new ApiError(400, [WAYPOINT_ORDER_MSG.mismatch]);
    });
    return ok(await routeRepository.waypoints(store, query.routeId));
  });

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
