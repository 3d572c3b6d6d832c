import { defineResource, type SeedRow } from '../resource';

/** A demo configuration: its company, branch and department (null: none), key and value. */
type DemoConfig = [
  companyId: string,
  branchId: string | null,
  departmentId: string | null,
  key: string,
  value: Record<string, unknown>,
];

/**
 * Demo configurations of spec 002 section 3's keys: Tata Steel (1001) company-wide and for its Jamshedpur branch (3101)
 * and that branch's Dispatch department (31011), Hindustan Unilever (1002) company-wide.
 */
const DEMO_CONFIGS: DemoConfig[] = [
  [
    '1001',
    null,
    null,
    'trip',
    {
      consent: { required: true, channel: 'SMS' },
      tracking: { pingIntervalMinutes: 15, sources: ['SIM', 'GPS'] },
      autoClose: { afterHours: 72 },
    },
  ],
  ['1001', null, null, 'indent', { autoAssign: false, quoteWindowHours: 4, transporters: { minQuotes: 2 } }],
  ['1001', null, null, 'trip.geofence', { originRadiusKm: 2, destinationRadiusKm: 3, waypointRadiusKm: 1 }],
  ['1001', null, null, 'trip.consent_nudge', { enabled: true, everyMinutes: 30, maxNudges: 4 }],
  ['1001', null, null, 'add', { fields: ['vehicle_number', 'driver_number', 'route'], mandatory: ['vehicle_number'] }],
  ['1001', null, null, 'edit', { lockedAfterStart: ['route'], editable: ['driver_number', 'eta'] }],
  ['1001', '3101', null, 'trip.geofence', { originRadiusKm: 1.5, destinationRadiusKm: 2, waypointRadiusKm: 0.5 }],
  [
    '1001',
    '3101',
    null,
    'trip.handleSearch1',
    { searchBy: ['trip_id', 'vehicle_number', 'lr_number'], minCharacters: 3 },
  ],
  [
    '1001',
    '3101',
    '31011',
    'trip',
    {
      consent: { required: true, channel: 'IVR' },
      tracking: { pingIntervalMinutes: 10, sources: ['SIM'] },
      autoClose: { afterHours: 48 },
    },
  ],
  [
    '1002',
    null,
    null,
    'trip',
    {
      consent: { required: false },
      tracking: { pingIntervalMinutes: 30, sources: ['GPS'] },
      autoClose: { afterHours: 96 },
    },
  ],
  ['1002', null, null, 'indent.geofence', { plantRadiusKm: 1, customerRadiusKm: 2 }],
  ['1002', null, null, 'indent.handleSearch', { searchBy: ['indent_id', 'customer'], minCharacters: 3 }],
];

const seedRow = ([company, branch, department, key, value]: DemoConfig): SeedRow => ({
  company,
  ...(branch !== null && { branch }),
  ...(department !== null && { department }),
  values: { config_key: key, value },
});

/**
 * The config service's entity configs (spec 002 section 7, API.md "Viewers"): a JSON configuration per entity and key
 * (`trip`, `indent`, `trip.geofence`…), where an entity is a company, a branch or a department of a branch. The viewers'
 * `GET /v1/config/entity/{fteid}/key/{configKey}` reads the most specific one (server/repos/viewer-repository.ts); the
 * console has no calls or screen that write them.
 */
export const entityConfigs = defineResource({
  name: 'entityConfigs',
  objectType: 'entity_config',
  table: 'entity_configs',
  noun: 'entity config',
  plural: 'entity configs',
  title: 'Entity configs',
  reach: 'department',
  stamps: 'timestamps',
  api: { calls: [] },
  fields: {
    config_key: {
      column: 'config_key',
      label: 'Setting',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 100 },
    },
    value: { column: 'value', label: 'Value', sql: 'json', required: true, schema: { type: 'object' } },
  },
  naturalKey: ['config_key'],
  label: ['config_key'],
  seed: DEMO_CONFIGS.map(seedRow),
});
