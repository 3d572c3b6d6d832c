import { distanceKm, type LatLng } from '../../schemas/haversine';
import type { NewPing } from '../repos/trip-repository';
import type { TRANSPORTERS, SeedRoute } from './demo-content';
import { PLACES } from './places';

/** The pings of the demo trips (trips.ts): a truck driving along a route's path, stopping, leaving it. */

export const MINUTE = 60_000;

/** A demo route's planned path: its places' points, in order. */
export const pathOf = (route: SeedRoute): LatLng[] =>
  route.places.map(([key]) => ({ lat: PLACES[key].lat, lng: PLACES[key].lng }));

/** A demo trip's parties: the route's consignor and last place, and `transporter` (one of the company's) if any. */
export const partiesOf = (route: SeedRoute, transporter: (typeof TRANSPORTERS)[number] | undefined) => ({
  consignor: { company_id: route.company, name: route.label.split(' - ')[0] },
  transporter: transporter
    ? { id: transporter.id, name: transporter.transporterName, phone: transporter.phoneNumber }
    : null,
  consignee: { name: route.places[route.places.length - 1][1] },
});
/** A ping every two minutes, as a GPS device on a truck sends them. */
const PING_EVERY = 2;

/** The point `km` along `path`. */
function pointAt(path: readonly LatLng[], km: number): LatLng {
  let left = km;
  for (let i = 1; i < path.length; i++) {
    const leg = distanceKm(path[i - 1], path[i]);
    if (left <= leg || i === path.length - 1) {
      const f = leg === 0 ? 0 : Math.min(1, left / leg);
      return {
        lat: path[i - 1].lat + (path[i].lat - path[i - 1].lat) * f,
        lng: path[i - 1].lng + (path[i].lng - path[i - 1].lng) * f,
      };
    }
    left -= leg;
  }
  return path[path.length - 1];
}

/** A few metres of GPS noise, the same on every seed. */
const jitter = (n: number) => Math.sin(n * 12.9898) * 0.00015;

/**
 * A step of a trip: `drive` minutes at `value` km/h (the device's reading); `stop` minutes; `detour` minutes out to
 * `value` km north of the path and back, moving on along it at `speed` km/h (default 40) meanwhile; `gap` minutes
 * driven at `value` km/h with no ping received.
 */
export type DriveStep = readonly ['drive' | 'stop' | 'detour' | 'gap', number, number, number?];

/**
 * The pings of a trip along `path` from `start`, one every `every` minutes (default {@link PING_EVERY}); while
 * stopped one every `parked` minutes (a device with the ignition off reports less often; default `every`) and one
 * at the stop's end, so a stop lasts its minutes.
 */
export function drive(
  path: readonly LatLng[],
  start: number,
  steps: readonly DriveStep[],
  every = PING_EVERY,
  parked = every,
): NewPing[] {
  const pings: NewPing[] = [];
  let km = 0;
  let t = start;
  let n = 0;
  const push = (at: LatLng, speed: number) =>
    pings.push({ t, lat: at.lat + jitter(n), lng: at.lng + jitter(n + 1), speed, source: 'GPS' });
  push(path[0], 0);
  for (const [kind, minutes, value, speed = 40] of steps) {
    for (let m = every; m <= minutes; m += every) {
      n++;
      t += every * MINUTE;
      if (kind === 'stop') {
        if (m % parked === 0 || m + every > minutes) push(pointAt(path, km), 0);
      } else if (kind === 'drive') {
        km += (value * every) / 60;
        push(pointAt(path, km), value);
      } else if (kind === 'gap') {
        km += (value * every) / 60;
      } else {
        km += (speed * every) / 60;
        const off = value * Math.sin((Math.PI * m) / minutes);
        const on = pointAt(path, km);
        push({ lat: on.lat + off / 111.2, lng: on.lng }, speed);
      }
    }
  }
  return pings;
}
