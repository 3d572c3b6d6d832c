import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { MATERIAL_EXISTS } from '../../schemas/material';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { materialRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';
import { catalogWrites } from './company-catalog';

/** Master materials and the company's materials (spec 000 section 2.8). */
export async function materialRoutes(app: FastifyInstance, { store }: AppContext) {
  const catalog = catalogWrites(store, {
    repo: materialRepository,
    masterField: 'ftMaterialId',
    idPrefix: 'mat',
    inUse: 'This material is used by route master entries',
    exists: MATERIAL_EXISTS,
  });

  route(app, mainCalls.masterMaterials, async () => ok(await materialRepository.standard(store)));

  route(app, mainCalls.materials, async ({ scope }) => ok(await materialRepository.list(store, scope)));

  route(app, mainCalls.createMaterial, async ({ scope, body }) =>
    ok({ materialId: await catalog.create(scope, body) }),
  );

  route(app, mainCalls.deleteMaterial, async ({ query }) => {
    await catalog.remove(query.id);
    return ok(null);
  });
}
