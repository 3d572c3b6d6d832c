import type { MasterMaterial, StandardVehicle } from '../../schemas/api/main';
import type { Queryable } from '../store/store';

/** A standard vehicle row. */
interface StaticVehicleRow {
  id: string;
  body_type: string;
  length: string;
  weight_value: number;
  weight_unit: string;
}

/**
 * The platform's standard vehicles, as the pickers list them (a company's own vehicles are a declared resource:
 * schemas/resources/vehicles.ts).
 */
export const vehicleRepository = {
  async standard(q: Queryable): Promise<StandardVehicle[]> {
    const rows = await q.query<StaticVehicleRow>('select * from static_vehicles order by sort, id');
    return rows.map((v) => ({
      id: v.id,
      bodyType: v.body_type,
      length: v.length,
      weight: { value: v.weight_value, unit: v.weight_unit },
    }));
  },
};

/** The platform's master materials (a company's own are a declared resource: schemas/resources/materials.ts). */
export const materialRepository = {
  standard: (q: Queryable) => q.query<MasterMaterial>('select id, type from static_materials order by sort, id'),
};
