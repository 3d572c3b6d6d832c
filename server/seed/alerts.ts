import type { Queryable } from '../store/store';

/** The alert types of spec 001 section 9, with readable names: the options of fetchAlertList. */
export const ALERT_TYPES: [featureKey: string, name: string][] = [
  ['long_stoppage', 'Long Stoppage'],
  ['route_deviation', 'Route Deviation'],
  ['detention', 'Detention'],
  ['detention_origin', 'Detention at Origin'],
  ['detention_waypoint', 'Detention at Waypoint'],
  ['detention_destination', 'Detention at Destination'],
  ['untracked', 'Untracked'],
  ['transit_delay', 'Transit Delay'],
  ['ewb_expiry', 'E-Way Bill Expiry'],
  ['continuous_driving', 'Continuous Driving'],
  ['sta_breach', 'STA Breach'],
  ['tracking_interrupted', 'Tracking Interrupted'],
  ['night_driving', 'Night Driving'],
  ['over_speeding', 'Over Speeding'],
  ['trip_common_assets_ft', 'Common Assets'],
  ['trip_validation_failure', 'Trip Validation Failure'],
  ['waypoints_breach', 'Waypoints Breach'],
  ['diversion', 'Diversion'],
  ['temperature_breached', 'Temperature Breached'],
  ['driver_change', 'Driver Change'],
];

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

/**
 * Alert types and the demo companies' alert configs, each inserted when missing (keyed by
 * feature key or id), so it runs on every start and on databases seeded before these tables existed.
 */
export async function seedAlerts(q: Queryable): Promise<void> {
  for (const [i, [featureKey, name]] of ALERT_TYPES.entries()) {
    await q.query(
      'insert into alert_types (feature_key, name, sort) values ($1, $2, $3) on conflict (feature_key) do nothing',
      [featureKey, name, i],
    );
  }
  for (const [companyId, configs] of Object.entries(ALERT_CONFIGS)) {
    for (const [featureKey, enabled, ticket, extra] of configs) {
      const extraContext = JSON.stringify([{ ticketing: { raise_ticket: ticket }, ...extra }]);
      await q.query(
        `insert into alert_configs (id, company_id, feature_key, enabled, extra_context) values ($1, $2, $3, $4, $5)
         on conflict do nothing`,
        [`alc_${companyId}_${featureKey}`, companyId, featureKey, enabled, extraContext],
      );
    }
  }
}
