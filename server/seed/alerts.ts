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

/**
 * The alert types, each inserted when missing (keyed by feature key), so it runs on every start and on databases
 * seeded before the table existed. The demo companies' alert configs are their declaration's seed
 * (schemas/resources/alerts.ts).
 */
export async function seedAlerts(q: Queryable): Promise<void> {
  for (const [i, [featureKey, name]] of ALERT_TYPES.entries()) {
    await q.query(
      'insert into alert_types (feature_key, name, sort) values ($1, $2, $3) on conflict (feature_key) do nothing',
      [featureKey, name, i],
    );
  }
}
