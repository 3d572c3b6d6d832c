import type { CompanyMaterial, CompanyVehicle, MasterMaterial, StandardVehicle } from '../../schemas/api/main';
import type { Queryable } from '../store/store';
import { scopeFilter, type Scope } from './scope-repository';

/** How one kind of company catalogue (vehicles, materials) maps onto its tables. */
export interface CatalogTables {
  table: 'company_vehicles' | 'company_materials';
  /** Column and answer field naming the standard entry (`ft_vehicle_id` / `ftVehicleId`). */
  masterColumn: 'ft_vehicle_id' | 'ft_material_id';
  masterField: 'ftVehicleId' | 'ftMaterialId';
  /** The route master column that points at an entry. */
  routeMasterColumn: 'vehicle_id' | 'material_id';
}

/**
 * The SQL of a company catalogue: list, find the same entry, insert, use by route master, delete. `Entry` is an entry
 * as the fetch call answers it (id, label and the standard entry's id by `masterField`).
 */
export function catalogRepository<Entry>(kind: CatalogTables) {
  const select = `select id, label, ${kind.masterColumn} as "${kind.masterField}" from ${kind.table}`;
  return {
    /** The scope's entries, oldest first. */
    list(q: Queryable, scope: Scope): Promise<Entry[]> {
      const filter = scopeFilter(scope);
      return q.query<Entry>(`${select} where ${filter.sql} order by created_at, id`, filter.params);
    },
    /** The id of the scope's entry with this standard id or this label ignoring case (a standard pick stores its standard's label). */
    async findSame(q: Queryable, scope: Scope, masterId: string | null, label: string): Promise<string | null> {
      const filter = scopeFilter(scope, 3);
      const row = await q.one<{ id: string }>(
        `select id from ${kind.table}
          where (${kind.masterColumn} = $1 or lower(label) = lower($2)) and ${filter.sql} limit 1`,
        [masterId, label, ...filter.params],
      );
      return row?.id ?? null;
    },
    /**
     * Stores an entry unless the scope already holds its label (ignoring case), stored before or by a request
     * meanwhile (the unique index decides); whether it was stored.
     */
    async insert(
      q: Queryable,
      scope: Scope,
      entry: { id: string; label: string; masterId: string | null },
    ): Promise<boolean> {
      const rows = await q.query(
        `insert into ${kind.table} (id, company_id, branch_id, department_id, label, ${kind.masterColumn})
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id`,
        [entry.id, scope.companyId, scope.branchId, scope.departmentId, entry.label, entry.masterId],
      );
      return rows.length > 0;
    },
    /** Whether a route master entry names this entry. */
    async inUse(q: Queryable, id: string): Promise<boolean> {
      return !!(await q.one(`select 1 from route_master where ${kind.routeMasterColumn} = $1 limit 1`, [id]));
    },
    async remove(q: Queryable, id: string): Promise<void> {
      await q.query(`delete from ${kind.table} where id = $1`, [id]);
    },
  };
}

/** A standard vehicle row. */
export interface StaticVehicleRow {
  id: string;
  body_type: string;
  length: string;
  weight_value: number;
  weight_unit: string;
}

/** The label a standard vehicle gets in a company's list, e.g. 'Open 32 ft 7 MT'. */
export const vehicleLabel = (v: StaticVehicleRow) => `${v.body_type} ${v.length} ${v.weight_value} ${v.weight_unit}`;

/** The company vehicles' tables, the standard vehicles and their labels. */
export const vehicleRepository = {
  ...catalogRepository<CompanyVehicle>({
    table: 'company_vehicles',
    masterColumn: 'ft_vehicle_id',
    masterField: 'ftVehicleId',
    routeMasterColumn: 'vehicle_id',
  }),
  async standard(q: Queryable): Promise<StandardVehicle[]> {
    const rows = await q.query<StaticVehicleRow>('select * from static_vehicles order by sort, id');
    return rows.map((v) => ({
      id: v.id,
      bodyType: v.body_type,
      length: v.length,
      weight: { value: v.weight_value, unit: v.weight_unit },
    }));
  },
  /** The label of standard vehicle `id`, or null when there is none. */
  async masterLabel(q: Queryable, id: string): Promise<string | null> {
    const v = await q.one<StaticVehicleRow>('select * from static_vehicles where id = $1', [id]);
    return v ? vehicleLabel(v) : null;
  },
};

/** The company materials' tables and the master materials. */
export const materialRepository = {
  ...catalogRepository<CompanyMaterial>({
    table: 'company_materials',
    masterColumn: 'ft_material_id',
    masterField: 'ftMaterialId',
    routeMasterColumn: 'material_id',
  }),
  standard: (q: Queryable) => q.query<MasterMaterial>('select id, type from static_materials order by sort, id'),
  /** The label (type) of master material `id`, or null when there is none. */
  async masterLabel(q: Queryable, id: string): Promise<string | null> {
    return (await q.one<{ type: string }>('select type from static_materials where id = $1', [id]))?.type ?? null;
  },
};

/** What the catalogue routes need of a repository. */
export type CatalogRepository = typeof vehicleRepository | typeof materialRepository;
