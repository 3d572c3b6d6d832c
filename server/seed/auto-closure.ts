import type { Queryable } from '../store/store';

/** Custom fields of Tata Steel that rule-based auto closure can test (as custom_values.<fieldId>). */
const CUSTOM_FIELDS: [company: string, fieldId: string, displayName: string][] = [
  ['1001', 'plant_code', 'Plant Code'],
  ['1001', 'invoice_number', 'Invoice Number'],
];

/** A few auto closure rules of different types for Tata Steel (stable ids, so a restart adds nothing). */
const RULES: [id: string, company: string, branch: string | null, type: string, active: boolean, config: object][] = [
  [
    'acl_tsl_on_entry',
    '1001',
    null,
    'ON_ENTRY',
    true,
    { companyName: 'Tata Steel Limited', threshold: 3, geofenceRadiusInMeter: 3000 },
  ],
  ['acl_tsl_epod', '1001', null, 'EPOD', true, { threshold: 5 }],
  [
    'acl_tsl_sta',
    '1001',
    null,
    'STA_BREACH',
    true,
    {
      loading_time_buffer: 3600,
      unloading_time_buffer: 120,
      minDistance: [0, 500],
      maxDistance: [500, 2000],
      transitTimeBuffers: [7200, 14400],
    },
  ],
  [
    'acl_tsl_rule',
    '1001',
    null,
    'RULE_BASED',
    false,
    {
      threshold: 2,
      autoClosureRuleSubject: ['Closed at plant gate'],
      min_time_at_destination: [30],
      min_time_after_destination: [15],
      firstCustomValue: ['custom_values.plant_code'],
      firstCustomOperator: ['=='],
      firstFieldValue: ["'JSR-01'"],
      joinOperator: ['&&'],
      secondCustomValue: ['vehicle_number'],
      secondCustomOperator: ['!='],
      secondFieldValue: ["'JH05AB1234'"],
    },
  ],
  ['acl_hul_last_mile', '1002', null, 'LAST_MILE', true, { lastMileMinutes: 45 }],
];

/** Auto closure demo rules and custom fields; idempotent and independent of the one-time demo mark. */
export async function seedAutoClosure(q: Queryable): Promise<void> {
  for (const [company, fieldId, name] of CUSTOM_FIELDS) {
    await q.query(
      `insert into company_custom_fields (company_id, field_id, display_name) select $1, $2, $3
        where exists (select 1 from companies where id = $1) on conflict do nothing`,
      [company, fieldId, name],
    );
  }
  for (const [id, company, branch, type, active, config] of RULES) {
    await q.query(
      `insert into auto_closure_rules (id, company_id, branch_id, identifier, active, config)
       select $1, $2, $3, $4, $5, $6 where exists (select 1 from companies where id = $2) on conflict do nothing`,
      [id, company, branch, type, active, JSON.stringify(config)],
    );
  }
}
