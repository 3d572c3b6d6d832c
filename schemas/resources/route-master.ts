import { ROUTE_MASTER_TAKEN, routeMasterBodySchema } from '../route-master';
import { list, num, shape, str } from '../api/shapes';
import { defineResource } from '../resource';

/** A name from another table, over the row of `route_master` (a freight rate's list shows them beside the ids). */
const named = (sql: string) => ({ sql, answer: { type: 'string' } }) as const;

/** An id a body names: at most 64 characters. */
const anId = { type: 'string', minLength: 1, maxLength: 64 } as const;

/**
 * Route master (spec 000 sections 2.4, 3 and 7; API.md "Route master"): a consignor's freight rates per route,
 * transporter, vehicle, material and valid-from date, kept for a company, branch or department. Its list (with the
 * names of what it names) and create are built from this: the route travels in the create's query (the rate is the
 * route's), the vehicle and material are checked within the scope's reach, and the server's rule
 * (server/rules/resource-rules.ts) checks the transporter is a partner and each cost's unit. A scope holds one rate per
 * route, transporter, vehicle, material and date (409). The bulk upload stays a call of its own (an answer per row,
 * server/routes/route-master.ts); its screens are its own (screens/route-master.ts, with the spec's form and sheet).
 */
export const routeMaster = defineResource({
  name: 'routeMaster',
  objectType: 'route_master',
  table: 'route_master',
  idPrefix: 'rm',
  noun: 'route master',
  plural: 'freight rates',
  title: 'Route Master',
  path: '/saas/lego/company_routes_master',
  screen: '/route-master',
  screenFile: true,
  reach: 'department',
  stamps: 'timestamps',
  api: {
    calls: ['list', 'create'],
    ids: { list: 'fetch' },
    paths: { list: 'fetch', create: 'create' },
    unpaged: true,
    createAnswer: 'id',
    body: routeMasterBodySchema,
    parent: { field: 'routeId', message: 'Please select route' },
    owns: ['vehicleId', 'materialId'],
    ruleMessages: ['Please select unit'],
    refers: {
      'body.partnerId':
        'a transporter partner of the company (company_partners has no branch): reachable from every branch, checked by the rule',
    },
    computed: {
      partnerName: named('(select p.name from companies p where p.id = route_master.partner_id)'),
      routeLabel: named('(select r.label from routes r where r.id = route_master.route_id)'),
      vehicleType: named('(select v.label from company_vehicles v where v.id = route_master.vehicle_id)'),
      materialType: named('(select m.label from company_materials m where m.id = route_master.material_id)'),
    },
  },
  fields: {
    routeId: { column: 'route_id', label: 'Route', sql: 'text', required: true, schema: anId },
    partnerId: { column: 'partner_id', label: 'Transporter', sql: 'text', required: true, schema: anId },
    vehicleId: { column: 'vehicle_id', label: 'Vehicle', sql: 'text', required: true, schema: anId },
    materialId: { column: 'material_id', label: 'Material', sql: 'text', required: true, schema: anId },
    validFrom: {
      column: 'valid_from',
      label: 'Valid from',
      sql: 'bigint',
      required: true,
      schema: routeMasterBodySchema.properties.validFrom,
    },
    loadType: { column: 'load_type', label: 'Load type', sql: 'text', default: 'FTL', schema: { type: 'string' } },
    data: {
      column: 'data',
      label: 'Freight rates',
      sql: 'json',
      required: true,
      schema: routeMasterBodySchema.properties.data,
      // As stored: each cost's key, value and unit (the body's rules are not the answer's).
      answer: list(shape({ key: str, value: num, unit: str })),
    },
  },
  naturalKey: ['routeId', 'partnerId', 'vehicleId', 'materialId', 'validFrom'],
  taken: ROUTE_MASTER_TAKEN,
  label: [],
  labelSql:
    "coalesce((select coalesce(nullif(r.code, ''), r.label) from routes r where r.id = t.route_id), t.id::text) || ' from ' || t.valid_from::text",
  refs: { route_id: 'route', partner_id: 'company', vehicle_id: 'vehicle', material_id: 'material' },
  order: { field: 'createdAt', desc: true },
});
