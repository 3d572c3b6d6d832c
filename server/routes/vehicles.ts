import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { vehicleRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';

/**
 * The platform's standard vehicles (spec 000 section 2.7). The company's own are a declared resource
 * (schemas/resources/vehicles.ts), served with every declared resource's calls (resources.ts).
 */
export async function vehicleRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.standardVehicles, async () => ok(await vehicleRepository.standard(store)));
}
