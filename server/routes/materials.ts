import type { FastifyInstance } from 'fastify';
import { mainCalls } from '../../schemas/api/main';
import { MATERIAL_EXISTS } from '../../schemas/material';
import { materialRepository } from '../repos/catalog-repository';
import type { AppContext } from '../context';
import { catalogRoutes } from './company-catalog';

/** Master materials and the company's materials (spec 000 section 2.8). */
export async function materialRoutes(app: FastifyInstance, ctx: AppContext) {
  await catalogRoutes(app, ctx, {
    calls: { standard: mainCalls.masterMaterials, fetch: mainCalls.materials, create: mainCalls.createMaterial, remove: mainCalls.deleteMaterial },
    repo: materialRepository,
    table: 'company_materials',
    masterField: 'ftMaterialId',
    idField: 'materialId',
    idPrefix: 'mat',
    inUse: 'This material is used by route master entries',
    exists: MATERIAL_EXISTS,
  });
}
