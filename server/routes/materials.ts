import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { materialRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';

/**
 * The platform's master materials (spec 000 section 2.8). The company's own are a declared resource
 * (schemas/resources/materials.ts), served with every declared resource's calls (resources.ts).
 */
export async function materialRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, mainCalls.masterMaterials, async () => ok(await materialRepository.standard(store)));
}
