import { compareAlerts } from '../../schemas/trip-track';
import type { StoredAlertConfig, TripAlert } from './trip-alerts';

/**
 * What an alert setting would have done to past trips (issue 25): pure, on the alerts each trip gets with the
 * configuration as it is and as it would be. Counted by type and level; a trip is listed when its alerts change.
 */

/** The configuration as it would be: the stored one with each proposed configuration in place of its featureKey's. */
export function proposedConfig(
  stored: readonly StoredAlertConfig[],
  proposed: readonly StoredAlertConfig[],
): StoredAlertConfig[] {
  const byKey = new Map(stored.map((config) => [config.featureKey, config]));
  for (const config of proposed) byKey.set(config.featureKey, config);
  return [...byKey.values()];
}

/** Counts of alerts by type and level (`type` or `type:level`). */
export type AlertCounts = Map<string, { before: number; after: number }>;

const keyOf = (alert: TripAlert) => (alert.level ? `${alert.type}:${alert.level}` : alert.type);

/** Adds one trip's alerts before and after to `counts`. */
export function addCounts(counts: AlertCounts, before: readonly TripAlert[], after: readonly TripAlert[]): void {
  for (const [side, alerts] of [
    ['before', before],
    ['after', after],
  ] as const)
    for (const alert of alerts) {
      const entry = counts.get(keyOf(alert)) ?? { before: 0, after: 0 };
      entry[side] += 1;
      counts.set(keyOf(alert), entry);
    }
}

/** The counts as the answer lists them: by type, then level. */
export function countRows(
  counts: AlertCounts,
): { type: string; level: number | null; before: number; after: number }[] {
  return [...counts]
    .map(([key, { before, after }]) => {
      const [type, level] = key.split(':');
      return { type, level: level ? Number(level) : null, before, after };
    })
    .sort((a, b) => a.type.localeCompare(b.type) || (a.level ?? 0) - (b.level ?? 0));
}

/** How a trip's alerts change: added, removed, changed (same type, overlapping, another end, level or measure). */
export function tripChange(before: readonly TripAlert[], after: readonly TripAlert[]) {
  const compared = compareAlerts(before, after);
  const count = (change: string) => compared.filter((alert) => alert.change === change).length;
  return { added: count('added'), removed: count('removed'), changed: count('changed') };
}
