import type { FromSchema } from 'json-schema-to-ts';
import type { routeMasterBodySchema } from '../../schemas/route-master';
import type { Queryable } from '../store/store';
import { newId } from '../http/ids';
import { scopeFilter, type Scope } from './scope-repository';

/** An entry as the create call's body carries it. */
export type RouteMasterEntry = FromSchema<typeof routeMasterBodySchema>;

/** The SQL of route master entries (freight rates per route, transporter, vehicle and material). */
export const routeMasterRepository = {
  /** The scope's entries, newest first, with the names of the partner, route, vehicle and material they point at. */
  list(q: Queryable, scope: Scope) {
    const filter = scopeFilter(scope, 1, 'm');
    return q.query(
      `select m.id, m.partner_id as "partnerId", p.name as "partnerName", m.route_id as "routeId",
              r.label as "routeLabel", m.vehicle_id as "vehicleId", v.label as "vehicleType",
              m.material_id as "materialId", t.label as "materialType", m.valid_from as "validFrom",
              m.load_type as "loadType", m.data
         from route_master m
         join companies p on p.id = m.partner_id
         join routes r on r.id = m.route_id
         join company_vehicles v on v.id = m.vehicle_id
         join company_materials t on t.id = m.material_id
        where ${filter.sql}
        order by m.created_at desc, m.id`,
      filter.params,
    );
  },

  /** Adds an entry for route `routeId` in `scope` (references checked by the caller); returns its id. */
  async insert(q: Queryable, scope: Scope, routeId: string, entry: RouteMasterEntry): Promise<string> {
    const id = newId('rm');
    await q.query(
      `insert into route_master (id, company_id, branch_id, department_id, route_id, partner_id, vehicle_id,
                                 material_id, valid_from, load_type, data)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id, scope.companyId, scope.branchId, scope.departmentId, routeId, entry.partnerId, entry.vehicleId,
        entry.materialId, entry.validFrom, entry.loadType,
        JSON.stringify(entry.data.map(({ key, value, unit }) => ({ key, value, unit }))),
      ],
    );
    return id;
  },
};
