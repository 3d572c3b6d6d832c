import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { saveRouteMasterRows } from '../rules/route-master-rows';
import type { AppContext } from '../context';

/**
 * Route master's bulk create (API.md "Route master"); its list and create are the declaration's
 * (schemas/resources/route-master.ts). A scope holds one rate per route, transporter, vehicle, material and
 * valid-from date (migration 150): a second is refused with ROUTE_MASTER_TAKEN.
 */
export async function routeMasterRoutes(app: FastifyInstance, { store }: AppContext) {
  // The upload's rows, each answered on its own: a bad row (or one naming another company's route, transporter,
  // vehicle or material, or a rate the scope or an earlier row has) is reported, the others stored.
  route(app, mainCalls.createRouteMasters, async ({ query, scope, body, desk }) =>
    ok(await saveRouteMasterRows(store, scope, body, query.pt ?? 'TRANSPORTER', desk.email)),
  );
}
