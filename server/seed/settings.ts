import type { Queryable } from '../store/store';
import { SPEED_ENGINE } from '../../schemas/feature-settings';

/**
 * Tata Steel's own map view, last mile threshold and ETA preferences (spec 002 section 2.7), kept for the whole
 * company (no branch, no department), so that its settings screens open on values as its other screens do.
 */
const FEATURES: [company: string, feature: 'map_view' | 'tripAlerts', extraContext: object][] = [
  ['1001', 'map_view', { join_locations_with_arrow: false, show_trail: true }],
  ['1001', 'tripAlerts', { lastMileThreshold: 10 }],
];
const ETA: [company: string, minDistance: number, avgSpeed: number][] = [['1001', 50, 35]];

/** Loads the demo companies' settings (with the demo content: once per database). */
export async function seedSettings(q: Queryable): Promise<void> {
  for (const [company, feature, extraContext] of FEATURES)
    await q.query(
      `insert into feature_settings (company_id, feature, extra_context, updated_by)
       select $1, $2, $3::jsonb, 'System' where exists (select 1 from companies where id = $1) on conflict do nothing`,
      [company, feature, JSON.stringify(extraContext)],
    );
  for (const [company, minDistance, avgSpeed] of ETA)
    await q.query(
      `insert into eta_preferences (company_id, engine_setting, updated_by)
       select $1, $2::jsonb, 'System' where exists (select 1 from companies where id = $1) on conflict do nothing`,
      [company, JSON.stringify({ engines: [{ id: SPEED_ENGINE, param: { minDistance, avgSpeed } }] })],
    );
}
