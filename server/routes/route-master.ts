import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { ensureOwned, ensurePartner, resolveScope } from '../repos/scope-repository';
import { routeMasterRepository } from '../repos/route-master-repository';
import { costUnitErrors } from '../rules/route-master-units';
import type { AppContext } from '../context';

/** Route master (freight rates): fetch and create (API.md "Route master"). */
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
        return { id: await routeMasterRepository.insert(q, scope, query.routeId, body) };
      }),
    );
  });
}
