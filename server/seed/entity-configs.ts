import type { Queryable } from '../store/store';

/**
 * Demo configurations of the config service (spec 002 section 3's keys): Tata Steel (1001) company-wide and for its
 * Jamshedpur branch (3101) and that branch's Dispatch department (31011), Hindustan Unilever (1002) company-wide.
 * Each inserted when missing (keyed by entity and key), so it runs on every start.
 */
const ENTITY_CONFIGS: [
  companyId: string,
  branchId: string | null,
  departmentId: string | null,
  key: string,
  value: Record<string, unknown>,
][] = [
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

export async function seedEntityConfigs(q: Queryable): Promise<void> {
  for (const [companyId, branchId, departmentId, key, value] of ENTITY_CONFIGS) {
    await q.query(
      `insert into entity_configs (company_id, branch_id, department_id, config_key, value, updated_by)
       select $1, $2, $3, $4, $5::jsonb, 'seed'
        where not exists (select 1 from entity_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '')
                            and coalesce(department_id, '') = coalesce($3, '') and config_key = $4)`,
      [companyId, branchId, departmentId, key, JSON.stringify(value)],
    );
  }
}
