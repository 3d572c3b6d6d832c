import { distanceKm, type LatLng } from './haversine';
import type { TripAlert } from './api/trips';

/**
 * A trip's track read as the alerts read it, shared by the server's alert computations (server/rules/trip-alerts.ts)
 * and the trip page's replay (its figures, chart and stops): one definition of a stop, a speed and a distance.
 */

/** One location ping: a time (ms since the epoch, UTC), a position and, when the device sends it, a speed in km/h. */
export interface Ping extends LatLng {
  t: number;
  speed?: number | null;
}

/** A stop: the device stays within this distance of where it stopped. */
export const STOP_RADIUS_KM = 0.2;

/** Length of a path in km. */
export function lengthKm(path: readonly LatLng[]): number {
  let km = 0;
  for (let i = 1; i < path.length; i++) km += distanceKm(path[i - 1], path[i]);
  return km;
}

/** Each ping's speed: the device's when it sends one, else the distance from the ping before over the time between. */
export function speeds(pings: readonly Ping[]): number[] {
  return pings.map((p, i) => {
    if (typeof p.speed === 'number' && Number.isFinite(p.speed)) return p.speed;
    if (i === 0) return 0;
    const hours = (p.t - pings[i - 1].t) / 3_600_000;
    return hours > 0 ? distanceKm(pings[i - 1], p) / hours : 0;
  });
}

/** A stay: pings `from` to `to` (indexes, time order) within {@link STOP_RADIUS_KM} of ping `from`; `ongoing` when the pings end in it. */
export interface Stay {
  from: number;
  to: number;
  ongoing: boolean;
}

/** Every stay of two pings or more, in time order (pings sorted by time). */
export function stays(pings: readonly Ping[]): Stay[] {
  const found: Stay[] = [];
  let from = 0;
  for (let i = 1; i < pings.length; i++) {
    if (distanceKm(pings[from], pings[i]) > STOP_RADIUS_KM) {
      // The stay lasted until the last ping inside it; the device left before ping i.
      if (i - 1 > from) found.push({ from, to: i - 1, ongoing: false });
      from = i;
    }
  }
  if (pings.length - 1 > from) found.push({ from, to: pings.length - 1, ongoing: true });
  return found;
}

/** What a new configuration did to an alert: kept as it was, added, removed, or changed (its end, level or measure). */
export type AlertChange = 'same' | 'added' | 'removed' | 'changed';

/** An alert of a replay, with what changed since the baseline (undefined when there is no baseline). */
export interface ComparedAlert extends TripAlert {
  change?: AlertChange;
  /** The baseline's alert a changed one was matched with. */
  before?: TripAlert;
}

/** How long two alerts overlap in ms (an alert still on ends at infinity); 0 when they only touch or do not meet. */
const overlapMs = (a: TripAlert, b: TripAlert) =>
  Math.max(0, Math.min(a.end ?? Infinity, b.end ?? Infinity) - Math.max(a.start, b.start));

const sameAlert = (a: TripAlert, b: TripAlert) =>
  a.type === b.type && a.start === b.start && a.end === b.end && a.level === b.level && a.value === b.value;

/**
 * The alerts of `after`, each marked against `before` (the same trip with another configuration: the one it started with, or the one in force): an
 * alert found unchanged in `before` is the same; else the alert of its type it overlaps most (touching is not
 * overlapping: two gaps in a row share an end) is the one it changed; an alert of `after` with neither was added, and
 * one of `before` left unmatched was removed (listed too, in time order).
 */
export function compareAlerts(before: readonly TripAlert[], after: readonly TripAlert[]): ComparedAlert[] {
  const unmatched = new Set(before);
  const compared = new Map<TripAlert, ComparedAlert>();
  for (const alert of after) {
    const same = [...unmatched].find((old) => sameAlert(old, alert));
    if (same) {
      unmatched.delete(same);
      compared.set(alert, { ...alert, change: 'same' });
    }
  }
  for (const alert of after) {
    if (compared.has(alert)) continue;
    let match: TripAlert | undefined;
    for (const old of unmatched)
      if (old.type === alert.type && overlapMs(old, alert) > (match ? overlapMs(match, alert) : 0)) match = old;
    if (match) unmatched.delete(match);
    compared.set(alert, match ? { ...alert, change: 'changed', before: match } : { ...alert, change: 'added' });
  }
  const all = [...compared.values()];
  for (const old of unmatched) all.push({ ...old, change: 'removed' });
  return all.sort((a, b) => a.start - b.start || a.type.localeCompare(b.type));
}
