import type { FastifyInstance } from 'fastify';
import { COST_UNITS, routeMasterBodySchema, type RouteMasterBody } from '../../schemas/route-master';
import { MSG } from '../../schemas/messages';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { ApiError, ok } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureOwned, ensurePartner, resolveScope, scopeFilter } from '../http/scope';
import type { AppContext } from '../context';

/** The create call names its route in the query. */
const createQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    routeId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Please select route' },
  },
  required: ['c', 'routeId'],
  errorMessage: { required: { c: MSG.selectCompany, routeId: 'Please select route' } },
} as const;

/** Each cost key takes only its own units (spec 000 section 3); the schema checks keys and units separately. */
function unitErrors(data: RouteMasterBody['data']): string[] {
  return data.some((d) => !(COST_UNITS[d.key] as readonly string[]).includes(d.unit)) ? ['Please select unit'] : [];
}

/** Route master (freight rates): fetch and create (API.md "Route master"). */
export async function routeMasterRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: ScopeQuery }>(
    '/saas/lego/company_routes_master/fetch',
    { schema: { querystring: scopeQuerySchema } },
    async ({ query }) => {
      const filter = scopeFilter(await resolveScope(store, query), 1, 'm');
      return ok(
        await store.query(
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
        ),
      );
    },
  );

  app.post<{ Querystring: ScopeQuery & { routeId: string }; Body: RouteMasterBody }>(
    '/saas/lego/company_routes_master/create',
    { schema: { querystring: createQuerySchema, body: routeMasterBodySchema } },
    async ({ query, body }) => {
      const units = unitErrors(body.data);
      if (units.length) throw new ApiError(400, units);
      return ok(
        await store.tx(async (q) => {
          const scope = await resolveScope(q, query);
          await ensureOwned(q, 'routes', query.routeId, scope.companyId);
          await ensurePartner(q, scope.companyId, body.partnerId, query.pt ?? 'TRANSPORTER');
          await ensureOwned(q, 'company_vehicles', body.vehicleId, scope.companyId);
          await ensureOwned(q, 'company_materials', body.materialId, scope.companyId);
          const id = newId('rm');
          await q.query(
            `insert into route_master (id, company_id, branch_id, department_id, route_id, partner_id, vehicle_id,
                                       material_id, valid_from, load_type, data)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              id, scope.companyId, scope.branchId, scope.departmentId, query.routeId, body.partnerId, body.vehicleId,
              body.materialId, body.validFrom, body.loadType,
              JSON.stringify(body.data.map(({ key, value, unit }) => ({ key, value, unit }))),
            ],
          );
          return { id };
        }),
      );
    },
  );
}
