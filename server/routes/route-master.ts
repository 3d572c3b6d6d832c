import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ROUTE_MASTER_TAKEN } from '../../schemas/route-master';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensurePartner } from '../repos/scope-repository';
import { routeMasterRepository } from '../repos/route-master-repository';
import { costUnitErrors } from '../rules/route-master-units';
import { saveRouteMasterRows } from '../rules/route-master-rows';
import type { AppContext } from '../context';
import { refusingDuplicate } from '../store/unique';

/**
 * Route master (freight rates): fetch, create and bulk create (API.md "Route master"). A scope holds one rate per
 * route, transporter, vehicle, material and valid-from date (migration 150): a second is 409 with ROUTE_MASTER_TAKEN.
 */
export async function routeMasterRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.routeMaster, async ({ scope }) => ok(await routeMasterRepository.list(store, scope)));

  // The route, vehicle and material it names are checked within the scope's reach before it runs (its `owns`).
  route(app, mainCalls.createRouteMaster, async ({ query, scope, body }) => {
    const units = costUnitErrors(body.data);
    if (units.length) throw new ApiError(400, units);
    return ok(
      await store.tx(async (q) => {
        await ensurePartner(q, scope.companyId, body.partnerId, query.pt ?? 'TRANSPORTER');
        return {
          id: await refusingDuplicate(ROUTE_MASTER_TAKEN, () =>
            routeMasterRepository.insert(q, scope, query.routeId, body),
          ),
        };
      }),
    );
  });

  // The upload's rows, each answered on its own: a bad row (or one naming another company's route, transporter,
  // vehicle or material, or a rate the scope or an earlier row has) is reported, the others stored.
  route(app, mainCalls.createRouteMasters, async ({ query, scope, body }) =>
    ok(await saveRouteMasterRows(store, scope, body, query.pt ?? 'TRANSPORTER')),
  );
}
