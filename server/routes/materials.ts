import type { FastifyInstance } from 'fastify';
import { materialCreateSchema } from '../../schemas/material';
import { ok } from '../http/envelope';
import type { AppContext } from '../context';
import { catalogRoutes } from './company-catalog';

/** Master materials and the company's materials (spec 000 section 2.8). */
export async function materialRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/saas/lego/static_data/materials/fetch', async () =>
    ok(await ctx.store.query('select id, type from static_materials order by sort, id')),
  );

  await catalogRoutes(app, ctx, {
    segment: 'materials',
    table: 'company_materials',
    masterColumn: 'ft_material_id',
    masterField: 'ftMaterialId',
    idField: 'materialId',
    idPrefix: 'mat',
    createSchema: materialCreateSchema,
    inUse: 'This material is used by route master entries',
    async masterLabel(q, id) {
      return (await q.one<{ type: string }>('select type from static_materials where id = $1', [id]))?.type ?? null;
    },
  });
}
