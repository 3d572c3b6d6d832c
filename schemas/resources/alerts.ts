import { accessKeySchema } from '../access-key';
import { defineResource, switchField, type SeedRow } from '../resource';

/** Alert configs per company: feature key, enabled, raises a ticket, and extra settings kept beside the flag. */
const ALERT_CONFIGS: Record<
  string,
  [featureKey: string, enabled: boolean, ticket: boolean, extra: Record<string, unknown>][]
> = {
  '1001': [
    [
      'long_stoppage',
      true,
      true,
      { longstoppage_l1: { short: 30, mid: 60, long: 120 }, emailId_level_one: 'control.tower@tatasteel.com' },
    ],
    ['route_deviation', true, true, { route_deviation_away_from_destination_minimum_distance_km: 5 }],
    ['detention', true, false, { geofence_entry_time: 240 }],
    ['untracked', true, true, { interrupted_auto_min: 60 }],
    ['transit_delay', true, false, { transit_delay_threshold: 120 }],
    ['ewb_expiry', true, true, { Buffer: 360 }],
    ['continuous_driving', false, false, { cd_break_min: 30, cd_break_min_trip_distance_km: 250 }],
    ['sta_breach', true, false, { transit_time_buffer: 3600 }],
    ['tracking_interrupted', true, false, { interrupted_manual_min: 45 }],
    ['night_driving', false, false, { start_time: '23:00', end_time: '05:00' }],
    ['over_speeding', true, true, { config_one: '70' }],
    ['diversion', true, false, {}],
  ],
  '1002': [
    ['long_stoppage', true, false, { longstoppage_l1: { short: 45, mid: 90, long: 180 } }],
    ['route_deviation', true, true, { route_deviation_away_from_destination_minimum_distance_percent: 10 }],
    ['detention_origin', true, true, { loading_time_buffer: 7200 }],
    ['detention_destination', true, false, { geofence_entry_time: 180 }],
    ['untracked', false, false, { interrupted_auto_min: 90 }],
    ['transit_delay', true, true, { transit_delay_threshold: 60 }],
    ['ewb_expiry', true, false, { Buffer: 720 }],
    ['continuous_driving', true, false, { cd_break_min: 20, cd_break_min_trip_distance_km: 200 }],
    ['sta_breach', false, false, {}],
    ['tracking_interrupted', true, true, { interrupted_manual_min: 30 }],
    ['night_driving', true, false, { start_time: '22:00', end_time: '06:00' }],
    ['temperature_breached', true, true, { config_one: '8' }],
  ],
};

/** The demo companies' alert configs as seed rows: the ticket flag in the first element of their settings (section 3). */
const DEMO_ALERTS: readonly SeedRow[] = Object.entries(ALERT_CONFIGS).flatMap(([company, configs]) =>
  configs.map(([featureKey, enabled, ticket, extra]) => ({
    id: `alc_${company}_${featureKey}`,
    company,
    values: { featureKey, enabled, extraContext: JSON.stringify([{ ticketing: { raise_ticket: ticket }, ...extra }]) },
  })),
);

/**
 * Alert settings (spec 001 sections 2.1, 3 and 7): per company or branch, one config of each alert type, its switch
 * and its settings (JSON text whose first element holds the ticket flag). The data family's list (`getAlerts`: with a
 * branch, its own and the company-wide ones, which apply to it too) and switch (`toggleAlert` by `alertId`) are built
 * from this; the bulk sheet (`setAlerts`, an answer per row) and the ticket switch (`toggleAlertTickets`, a flag inside
 * the settings) are calls of their own (schemas/api/data.ts, server/routes/alerts.ts). The screens are
 * screens/alerts.ts.
 */
export const alerts = defineResource({
  name: 'alerts',
  objectType: 'alert',
  table: 'alert_configs',
  idPrefix: 'alc',
  noun: 'alert',
  plural: 'alerts',
  title: 'Alert settings',
  path: '/saas/data/automation',
  screen: '/alert-settings',
  reach: 'branch',
  stamps: 'timestamps',
  api: {
    service: 'data',
    calls: ['list', 'toggle'],
    paths: { list: 'getAlerts', toggle: 'toggleAlert' },
    unpaged: true,
    listWider: true,
    idMessage: 'Please select an alert',
    // A row's settings and switch tried in 'Preview impact' are proposed as one update, the form's and the sheet's new
    // configs as creates (issue 39).
    proposes: ['update', 'create'],
    toggle: {
      field: 'enabled',
      id: 'alertId',
      on: 'Alert enabled successfully',
      off: 'Alert disabled successfully',
      more: { key: accessKeySchema },
    },
  },
  fields: {
    featureKey: {
      column: 'feature_key',
      label: 'Alert',
      sql: 'text',
      required: true,
      schema: { type: 'string', minLength: 1, maxLength: 64 },
    },
    enabled: switchField('enabled', 'Enabled'),
    // Section 3's JSON text: `[{ticketing: {raise_ticket}, ...the alert's settings}]`.
    extraContext: {
      column: 'extra_context',
      label: 'Settings',
      sql: 'text',
      required: true,
      schema: { type: 'string', maxLength: 100_000 },
    },
  },
  naturalKey: ['featureKey'],
  taken: 'Alert config already exists',
  label: ['featureKey'],
  labelSql: 'coalesce((select a.name from alert_types a where a.feature_key = t.feature_key), t.feature_key)',
  refs: { feature_key: 'alertType' },
  order: { field: 'featureKey' },
  compare: true,
  screenFile: true,
  seed: DEMO_ALERTS,
});
