import { distanceKm, type LatLng } from './haversine';

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
