import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ROUTE_MASTER_TAKEN } from '../../schemas/route-master';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensureOwned, ensurePartner, resolveScope } from '../repos/scope-repository';
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
  route(app, mainCalls.routeMaster, async ({ query }) =>
    ok(await routeMasterRepository.list(store, await resolveScope(store, query))),
  );

  route(app, mainCalls.createRouteMaster, async ({ query, body }) => {
    const units = costUnitErrors(body.data);
    if (units.length) throw new ApiError(400, units);
    return ok(
      await store.tx(async (q) => {
        const scope = await resolveScope(q, query);
        await ensureOwned(q, 'routes', query.routeId, scope);
        await ensurePartner(q, scope.companyId, body.partnerId, query.pt ?? 'TRANSPORTER');
        await ensureOwned(q, 'company_vehicles', body.vehicleId, scope);
        await ensureOwned(q, 'company_materials', body.materialId, scope);
        return { id: await refusingDuplicate(ROUTE_MASTER_TAKEN, () => routeMasterRepository.insert(q, scope, query.routeId, body)) };
      }),
    );
  });

  // The upload's rows, each answered on its own: a bad row (or one naming another company's route, transporter,
  // vehicle or material, or a rate the scope or an earlier row has) is reported, the others stored.
  route(app, mainCalls.createRouteMasters, async ({ query, body }) =>
    ok(await saveRouteMasterRows(store, await resolveScope(store, query), body, query.pt ?? 'TRANSPORTER')),
  );
}
