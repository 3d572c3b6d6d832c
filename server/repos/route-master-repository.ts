import type { FromSchema } from 'json-schema-to-ts';
import type { routeMasterBodySchema } from '../../schemas/route-master';
import type { Queryable } from '../store/store';
import { newId } from '../http/ids';
import { reachFilter, type Scope } from './scope-repository';

/** An entry as the create call's body carries it. */
export type RouteMasterEntry = FromSchema<typeof routeMasterBodySchema>;

/** An entry of a bulk create: the entry and its route. */
export type RouteMasterBulkEntry = RouteMasterEntry & { routeId: string };

/** The ids of a batch's references that the scope may use, one set per kind. */
export interface ReachableRefs {
  routes: Set<string>;
  partners: Set<string>;
  vehicles: Set<string>;
  materials: Set<string>;
}

/** The costs as stored: key, value and unit only. */
const costs = (entry: RouteMasterEntry) => entry.data.map(({ key, value, unit }) => ({ key, value, unit }));

/** The SQL of route master entries (freight rates per route, transporter, vehicle and material). */
export const routeMasterRepository = {
  /**
   * Which of the routes, partners (of `partnerType`), vehicles and materials a batch names the scope may use: four
   * set-based queries for the whole batch rather than four per row. Routes, vehicles and materials are reached as
   * `ensureOwned` reaches them (the company's, and the chosen branch's or department's or the wider scope's).
   */
  async reachable(
    q: Queryable,
    scope: Scope,
    entries: RouteMasterBulkEntry[],
    partnerType: string,
  ): Promise<ReachableRefs> {
    const reach = reachFilter(scope, 2, { branch: 'branch_id', department: 'department_id' });
    const ids = async (table: 'routes' | 'company_vehicles' | 'company_materials', wanted: string[]) =>
      new Set(
        (
          await q.query<{ id: string }>(`select id from ${table} where id = any($1::text[]) and ${reach.sql}`, [
            [...new Set(wanted)],
            ...reach.params,
          ])
        ).map((r) => r.id),
      );
    const partners = await q.query<{ id: string }>(
      `select p.partner_id as id from company_partners p join companies c on c.id = p.partner_id
        where p.company_id = $1 and p.partner_id = any($2::text[]) and c.type = $3`,
      [scope.companyId, [...new Set(entries.map((e) => e.partnerId))], partnerType],
    );
    return {
      routes: await ids(
        'routes',
        entries.map((e) => e.routeId),
      ),
      partners: new Set(partners.map((r) => r.id)),
      vehicles: await ids(
        'company_vehicles',
        entries.map((e) => e.vehicleId),
      ),
      materials: await ids(
        'company_materials',
        entries.map((e) => e.materialId),
      ),
    };
  },

  /** Adds entries in `scope` in one statement, made and saved by `by` (references checked by the caller); their ids in order. */
  async insertMany(q: Queryable, scope: Scope, entries: RouteMasterBulkEntry[], by: string): Promise<string[]> {
    const rows = entries.map((entry) => ({
      id: newId('rm'),
      routeId: entry.routeId,
      partnerId: entry.partnerId,
      vehicleId: entry.vehicleId,
      materialId: entry.materialId,
      validFrom: entry.validFrom,
      loadType: entry.loadType,
      data: costs(entry),
    }));
    await q.query(
      `insert into route_master (id, company_id, branch_id, department_id, route_id, partner_id, vehicle_id,
                                 material_id, valid_from, load_type, data, created_by, updated_by)
       select r.id, $2::text, $3::text, $4::text, r."routeId", r."partnerId", r."vehicleId", r."materialId",
              r."validFrom", r."loadType", r.data, $5::text, $5::text
         from jsonb_to_recordset($1::jsonb) as r(id text, "routeId" text, "partnerId" text, "vehicleId" text,
              "materialId" text, "validFrom" bigint, "loadType" text, data jsonb)`,
      [JSON.stringify(rows), scope.companyId, scope.branchId, scope.departmentId, by],
    );
    return rows.map((row) => row.id);
  },
};
