import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { VEHICLE_EXISTS } from '../../schemas/vehicle';
import { vehicleRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';
import { catalogRoutes } from './company-catalog';

/** Standard vehicles and the company's vehicles (spec 000 section 2.7). */
export async function vehicleRoutes(app: FastifyInstance, ctx: AppContext) {
  await catalogRoutes(app, ctx, {
    calls: { standard: mainCalls.standardVehicles, fetch: mainCalls.vehicles, create: mainCalls.createVehicle, remove: mainCalls.deleteVehicle },
    repo: vehicleRepository,
    table: 'company_vehicles',
    masterField: 'ftVehicleId',
    idField: 'vehicleId',
    idPrefix: 'veh',
    inUse: 'This vehicle is used by route master entries',
    exists: VEHICLE_EXISTS,
  });
}
