import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { VEHICLE_EXISTS } from '../../schemas/vehicle';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { vehicleRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';
import { catalogWrites } from './company-catalog';

/** Standard vehicles and the company's vehicles (spec 000 section 2.7). */
export async function vehicleRoutes(app: FastifyInstance, { store }: AppContext) {
  const catalog = catalogWrites(store, {
    repo: vehicleRepository,
    masterField: 'ftVehicleId',
    idPrefix: 'veh',
    inUse: 'This vehicle is used by route master entries',
    exists: VEHICLE_EXISTS,
  });

  route(app, mainCalls.standardVehicles, async () => ok(await vehicleRepository.standard(store)));

  route(app, mainCalls.vehicles, async ({ scope }) => ok(await vehicleRepository.list(store, scope)));

  route(app, mainCalls.createVehicle, async ({ scope, body }) => ok({ vehicleId: await catalog.create(scope, body) }));

  route(app, mainCalls.deleteVehicle, async ({ query }) => {
    await catalog.remove(query.id);
    return ok(null);
  });
}
