import type { FastifyInstance } from 'fastify';
import { WAYPOINT_ORDER_MSG, mainCalls } from '../../schemas/api/main';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { routeRepository } from '../repos/route-repository';
import type { AppContext } from '../context';

/**
 * Waypoints of a route (spec 000 sections 2.5 and 7) beside their declaration's fetch and create
 * (schemas/resources/waypoints.ts): delete and renumber, and store the order the rows were dragged into (API.md
 * "Waypoint order"). The scope, and the route (or the waypoint, whose route it is) a call names, are checked before a
 * handler runs (their contracts' `scope` and `owns`).
 */
export async function routeWaypointRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.reorderWaypoints, async ({ query, body }) => {
    await store.tx(async (q) => {
      if (!(await routeRepository.reorderWaypoints(q, query.routeId, body.ids)))
        throw new ApiError(400, [WAYPOINT_ORDER_MSG.mismatch]);
    });
    return ok(await routeRepository.waypoints(store, query.routeId));
  });

  route(app, mainCalls.deleteWaypoint, async ({ query }) => {
    await store.tx(async (q) => {
      // A waypoint is its route's (aggregate `waypoint`: in reach when the route is); gone since: 404.
      const routeId = await routeRepository.waypointRoute(q, query.id);
      if (!routeId) throw notFound();
      await routeRepository.removeWaypoint(q, routeId, query.id);
    });
    return ok(null);
  });
}
