import type { FastifyInstance } from 'fastify';
import { vehicleCreateSchema } from '../../schemas/vehicle';
import { ok } from '../http/envelope';
import type { AppContext } from '../context';
import { catalogRoutes } from './company-catalog';

interface StaticVehicleRow {
  id: string;
  body_type: string;
  length: string;
  weight_value: number;
  weight_unit: string;
}

/** The label a standard vehicle gets in a company's list, e.g. 'Open 32 ft 7 MT'. */
export const vehicleLabel = (v: StaticVehicleRow) => `${v.body_type} ${v.length} ${v.weight_value} ${v.weight_unit}`;

/** Standard vehicles and the company's vehicles (spec 000 section 2.7). */
export async function vehicleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/saas/lego/static_data/vehicles/fetch', async () => {
    const rows = await ctx.store.query<StaticVehicleRow>('select * from static_vehicles order by sort, id');
    return ok(rows.map((v) => ({ id: v.id, bodyType: v.body_type, length: v.length, weight: { value: v.weight_value, unit: v.weight_unit } })));
  });

  await catalogRoutes(app, ctx, {
    segment: 'vehicles',
    table: 'company_vehicles',
    masterColumn: 'ft_vehicle_id',
    masterField: 'ftVehicleId',
    idField: 'vehicleId',
    idPrefix: 'veh',
    createSchema: vehicleCreateSchema,
    inUse: 'This vehicle is used by route master entries',
    async masterLabel(q, id) {
      const v = await q.one<StaticVehicleRow>('select * from static_vehicles where id = $1', [id]);
      return v ? vehicleLabel(v) : null;
    },
  });
}
