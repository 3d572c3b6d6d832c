import { customVehicleSchema, standardVehicleSchema, VEHICLE_EXISTS } from '../vehicle';
import { defineResource } from '../resource';

/**
 * A company's vehicles (spec 000 sections 2.7 and 7): each a standard vehicle picked by body type, length and weight
 * (it keeps the standard's name, "Open 22 ft 15 MT") or a custom one, one of each name (ignoring case) in a scope,
 * deleted only while no freight rate names it. The spec's calls (`/saas/lego/company_vehicles/fetch`, `create` with a
 * standard id or a label answering `{vehicleId}`, `delete?id=`) are built from this; the list and its two forms are
 * screens/vehicles.ts.
 */
export const vehicles = defineResource({
  name: 'vehicles',
  objectType: 'vehicle',
  table: 'company_vehicles',
  idPrefix: 'veh',
  noun: 'vehicle',
  plural: 'vehicles',
  title: 'Vehicles',
  path: '/saas/lego/company_vehicles',
  screen: '/vehicle-master',
  reach: 'department',
  api: {
    calls: ['list', 'create', 'remove'],
    ids: { list: 'fetch' },
    paths: {
      list: 'fetch',
      create: 'create',
      remove: 'delete',
    },
    unpaged: true,
    createAnswer: 'vehicleId',
    idInQuery: true,
  },
  fields: {
    label: {
      column: 'label',
      label: 'Vehicle',
      sql: 'text',
      required: true,
      requiredMessage: customVehicleSchema.errorMessage.required.label,
      search: true,
      schema: customVehicleSchema.properties.label,
    },
    ftVehicleId: {
      column: 'ft_vehicle_id',
      label: 'Standard vehicle',
      sql: 'text',
      requiredMessage: standardVehicleSchema.errorMessage.required.ftVehicleId,
      schema: standardVehicleSchema.properties.ftVehicleId,
    },
  },
  master: {
    field: 'ftVehicleId',
    label: 'label',
    table: 'static_vehicles',
    labelSql: "m.body_type || ' ' || m.length || ' ' || m.weight_value || ' ' || m.weight_unit",
    what: "an entry of the platform's standard vehicles",
  },
  usedBy: [{ table: 'route_master', column: 'vehicle_id', message: 'This vehicle is used by route master entries' }],
  naturalKey: ['label'],
  taken: VEHICLE_EXISTS,
  label: ['label'],
  order: { field: 'updatedAt' },
  screenFile: true,
  menu: { label: 'Vehicles', group: 'Masters', icon: 'truck', order: 1 },
  // Each company's two, picked from the standard vehicles (each keeps the standard's name).
  seed: [
    { id: 'veh_tsl_open22', company: '1001', values: { ftVehicleId: 'sv-open-22ft-15mt' } },
    { id: 'veh_tsl_trailer40', company: '1001', values: { ftVehicleId: 'sv-trailer-40ft-28mt' } },
    { id: 'veh_hul_closed32', company: '1002', values: { ftVehicleId: 'sv-closed-32ft-7mt' } },
    { id: 'veh_hul_closed19', company: '1002', values: { ftVehicleId: 'sv-closed-19ft-9mt' } },
    { id: 'veh_utc_open19', company: '1003', values: { ftVehicleId: 'sv-open-19ft-9mt' } },
    { id: 'veh_utc_tanker24', company: '1003', values: { ftVehicleId: 'sv-tanker-24ft-20mt' } },
  ],
});
