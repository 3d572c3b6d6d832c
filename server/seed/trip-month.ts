import type { NewPing, TripRecord } from '../repos/trip-repository';
import type { Queryable } from '../store/store';
import {
  computeAlerts,
  lengthKm,
  RULE_DEFAULTS,
  rulesFromConfigs,
  type StoredAlertConfig,
  type TripAlert,
} from '../rules/trip-alerts';
import { ROUTES, TRANSPORTERS, type SeedRoute } from './demo-content';
import type { PlaceKey } from './places';
import { drive, partiesOf, pathOf, type DriveStep } from './trip-drive';

/**
 * A month of closed trips per demo route (issue 25: an alert impact preview shows something at once): 3 to 6 a week,
 * a ping every five minutes (every fifteen when stopped), started within the last {@link DAYS} days and closed
 * {@link CLOSED_BEFORE} before now at the latest. Each trip is a mix of
 * the road: a wait at the origin, driving at the route's pace (some slower, arriving after the STT), tea stops and, on
 * long routes, night halts; on some trips a stop of a length around the company's long-stoppage thresholds, a detour
 * around its route-deviation limit, a stretch near or over 70 km/h, a signal gap; the unloading at the destination.
 * Every choice is a function of the route's and the trip's index, so every seed writes the same trips (times
 * relative to the seed's `now`).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The month: trips start after `now` − DAYS days… */
const DAYS = 29.5;
/** …and close at least this long before `now`. */
const CLOSED_BEFORE = 3 * 60 * MINUTE;
/** A ping every five minutes on the move, every fifteen when stopped. */
const EVERY = 5;
const PARKED = 15;
/** Normal driving stays under this (km/h); only a trip's fast stretch goes over it. */
const CRUISE_MAX = 56;

/** A deterministic sequence of numbers in [0, 1) (mulberry32) from `seed`: one trip's choices. */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const round5 = (minutes: number) => Math.max(EVERY, Math.round(minutes / EVERY) * EVERY);
const pick = <T>(r: () => number, values: readonly T[]): T => values[Math.floor(r() * values.length)];

/** Trips a week on a route: fewer on the long ones. */
const perWeek = (stt: number) => (stt >= 1440 ? 3 : stt >= 400 ? 4 : stt >= 200 ? 5 : 6);

/** Registration prefixes (state and RTO) of the trucks starting at each origin. */
const PLATES: Partial<Record<PlaceKey, string>> = {
  jamshedpur: 'JH05',
  adityapur: 'JH05',
  bhiwandi: 'MH04',
  silvassa: 'DN09',
  vikhroli: 'MH03',
  dankuni: 'WB16',
  panvel: 'MH46',
  khopoli: 'MH06',
  sanand: 'GJ01',
  nagpur: 'MH31',
};
const DRIVERS = [
  'Ramesh Kumar',
  'Suresh Yadav',
  'Mohan Singh',
  'Abdul Rahim',
  'Gurpreet Singh',
  'Rajesh Patil',
  'Sanjay Mahato',
  'Vikram Jadhav',
];
const MATERIALS: Record<string, string[]> = {
  '1001': ['HR coils', 'CR sheets', 'Wire rods', 'TMT bars'],
  '1002': ['Detergent cartons', 'Personal care cartons', 'Tea chests'],
  '1003': ['Cement bags', 'Bulk cement', 'Clinker'],
};

/** Something that happens `at` km along the route, covering `km` of it. */
interface Happening {
  at: number;
  km: number;
  steps: DriveStep[];
}

/** A seeded trip: what to insert, its pings and the alerts its company's configuration gives. */
export interface SeededTrip {
  trip: TripRecord;
  pings: NewPing[];
  alerts: TripAlert[];
}

/**
 * The steps of a trip of `km` planned in `stt` minutes, each choice drawn from `r`: `levels` and `deviationKm` are
 * the company's long-stoppage thresholds and route-deviation limit for the route's length, so the trip's stops and
 * detours fall on both sides of them.
 */
function plan(r: () => number, km: number, stt: number, levels: readonly number[], deviationKm: number): DriveStep[] {
  // The trip's time to the destination as a share of the STT: most well within it, about one in five held up (traffic,
  // a closed road) and late. Driving takes what the loading wait, tea stops every four hours of driving and night
  // halts after every fourteen leave of it.
  const city = stt < 240;
  const wait = round5(10 + r() * 30);
  const halts = Array.from({ length: Math.floor(km / 45 / 14) }, () => round5(300 + r() * 180));
  const teas = Math.floor(km / 45 / 4);
  const pace = r() < 0.2 ? 1.05 + r() * 0.3 : 0.6 + r() * 0.25;
  const driving = stt * pace - wait - halts.reduce((sum, m) => sum + m, 0) - teas * 20;
  const cruise = Math.min(CRUISE_MAX, Math.max(12, (km / Math.max(driving, 1)) * 60));
  const happenings: Happening[] = [];
  const stop = (at: number, minutes: number) => happenings.push({ at, km: 0, steps: [['stop', round5(minutes), 0]] });
  const hours = km / cruise;
  for (let h = 4; h < hours - 0.5; h += 4) if (h < 14 || h % 14 >= 4) stop(cruise * h, 15 + r() * 10);
  for (const [n, minutes] of halts.entries()) stop(cruise * 14 * (n + 1), minutes);
  // A stop of its own (a queue, a breakdown, the driver's errand) on some trips (fewer on short city runs), a second
  // on a few.
  const lengths = [0.5, 0.7, 0.9, 1.1, 1.3, 1.7, 2.3, 3.2];
  if (r() < (city ? 0.25 : 0.45)) stop(km * (0.25 + r() * 0.5), levels[0] * pick(r, lengths));
  if (r() < (city ? 0.05 : 0.15)) stop(km * (0.15 + r() * 0.7), levels[0] * pick(r, lengths));
  // A detour on about one trip in five (fewer in town): out to around the company's limit and back, at half pace along
  // the route.
  if (r() < (city ? 0.15 : 0.22)) {
    const off = Math.min(25, deviationKm * pick(r, [0.5, 0.8, 1.3, 2, 3]));
    const minutes = round5(Math.max(20, off * 4.5));
    const along = Math.max(6, cruise / 2);
    happenings.push({
      at: km * (0.2 + r() * 0.4),
      km: (along * minutes) / 60,
      steps: [['detour', minutes, off, along]],
    });
  }
  // A fast stretch on about a third of the trips long enough for one: some just under 70 km/h, some over.
  if (km >= 40 && r() < 0.35) {
    const speed = pick(r, [62, 66, 68, 72, 76, 82, 88]);
    const minutes = Math.min(round5(10 + r() * 20), Math.floor((km * 0.2 * 60) / speed / EVERY) * EVERY);
    if (minutes >= EVERY)
      happenings.push({ at: km * (0.1 + r() * 0.7), km: (speed * minutes) / 60, steps: [['drive', minutes, speed]] });
  }
  // A signal gap on about one trip in eight, driving on meanwhile.
  if (r() < 0.12) {
    const minutes = pick(r, [30, 40, 50, 60, 75, 115, 145]);
    happenings.push({ at: km * (0.2 + r() * 0.6), km: (cruise * minutes) / 60, steps: [['gap', minutes, cruise]] });
  }
  happenings.sort((a, b) => a.at - b.at);

  // Loading at the origin, then the legs between what happens, each at a pace near the cruise speed.
  const steps: DriveStep[] = [['stop', wait, 0]];
  let done = 0;
  const driveTo = (to: number) => {
    const leg = to - done;
    if (leg < 0.05) return;
    const speed = Math.min(CRUISE_MAX, cruise * (0.9 + r() * 0.2));
    const minutes = round5((leg / speed) * 60);
    steps.push(['drive', minutes, (leg / minutes) * 60]);
    done = to;
  };
  for (const happening of happenings) {
    // One after another: what would start inside the one before starts where it ends; none near the destination.
    const at = Math.max(happening.at, done);
    if (at + happening.km > km - Math.min(5, km * 0.2)) continue;
    driveTo(at);
    steps.push(...happening.steps);
    done = at + happening.km;
  }
  driveTo(km);
  // Unloading at the destination.
  steps.push(['stop', round5(20 + r() * 55), 0]);
  return steps;
}

/** The month's trips of route `i` (of {@link ROUTES}), their pings and alerts. */
export function monthTrips(i: number, configs: readonly StoredAlertConfig[], now: number): SeededTrip[] {
  const route: SeedRoute = ROUTES[i];
  const path = pathOf(route);
  const km = lengthKm(path);
  const rules = rulesFromConfigs(configs, km);
  const levels = rules.long_stoppage?.levels ?? RULE_DEFAULTS.long_stoppage.levels;
  const deviationKm = rules.route_deviation?.km ?? RULE_DEFAULTS.route_deviation.km;
  const transporters = TRANSPORTERS.filter((t) => t.company === route.company);
  const materials = MATERIALS[route.company] ?? ['General cargo'];
  const count = Math.round((perWeek(route.stt) * DAYS) / 7);
  const from = now - DAYS * DAY;
  const slot = (DAYS * DAY - CLOSED_BEFORE) / count;
  const trips: SeededTrip[] = [];
  for (let k = 0; k < count; k++) {
    const r = sequence(Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca77));
    const steps = plan(r, km, route.stt, levels, deviationKm);
    const duration = steps.reduce((sum, [, minutes]) => sum + Math.floor(minutes / EVERY) * EVERY, 0) * MINUTE;
    // Spread over the month, each in its slot at a minute of its own; the last ones end before now.
    const wanted = from + slot * (k + r() * 0.8);
    const startedAt = Math.floor(Math.max(from, Math.min(wanted, now - CLOSED_BEFORE - duration)) / MINUTE) * MINUTE;
    const pings = drive(path, startedAt, steps, EVERY, PARKED);
    const closedAt = pings[pings.length - 1].t;
    const truck = k % 5;
    const seq = String(k + 1).padStart(2, '0');
    const transporter = transporters.length ? transporters[k % transporters.length] : undefined;
    const trip: TripRecord = {
      id: `TRP${route.company}M${String(i).padStart(2, '0')}${seq}`,
      companyId: route.company,
      branchId: route.branch,
      departmentId: `${route.branch}1`,
      routeId: route.id,
      status: 0,
      startedAt,
      closedAt,
      path,
      stt: route.stt,
      vehicleNumber: `${PLATES[route.places[0][0]] ?? 'MH12'}C${String.fromCharCode(65 + i)}${String(2000 + ((i * 53 + truck * 1171) % 8000)).padStart(4, '0')}`,
      parties: partiesOf(route, transporter),
      assets: [{ type: 'GPS', imei: `86${route.company}7${String(i * 100 + k).padStart(8, '0')}` }],
      indent: {
        indent_id: `IND-${route.code}-M${seq}`,
        route_code: route.code,
        material: pick(r, materials),
        quantity_mt: 10 + Math.floor(r() * 21),
      },
      details: {
        route_label: route.label,
        planned_km: Math.round(km),
        stt_min: route.stt,
        driver: {
          name: DRIVERS[(i * 3 + truck) % DRIVERS.length],
          phone: `98${String(31_000_000 + i * 1009 + truck * 97).padStart(8, '0')}`,
        },
      },
      alertConfig: [...configs],
      createdBy: 'ops@demo.local',
    };
    const alerts = computeAlerts(pings, { path, startedAt, sttMinutes: route.stt, until: closedAt }, rules);
    trips.push({ trip, pings, alerts });
  }
  return trips;
}

/**
 * Stores trips as tripRepository's insert, addPings and saveAnalytics would (the same columns and values; a ping
 * received at its trip's start, its analytics computed at its close), in a few statements: the rows of many trips as
 * one JSON parameter or a few arrays each, so the seed of every fresh database stays quick.
 */
export async function storeTrips(q: Queryable, trips: readonly SeededTrip[]): Promise<void> {
  if (trips.length === 0) return;
  await q.query(
    `insert into trips (id, company_id, branch_id, department_id, route_id, status, started_at, closed_at, path, stt,
                        vehicle_number, parties, assets, indent, details, alert_config, created_by, created_at)
     select id, company_id, branch_id, department_id, route_id, status, started_at, closed_at, path, stt, vehicle_number,
            parties, assets, indent, details, alert_config, created_by, started_at
       from jsonb_to_recordset($1::jsonb) as x(id text, company_id text, branch_id text, department_id text, route_id text,
            status smallint, started_at bigint, closed_at bigint, path jsonb, stt float8, vehicle_number text,
            parties jsonb, assets jsonb, indent jsonb, details jsonb, alert_config jsonb, created_by text)`,
    [
      JSON.stringify(
        trips.map(({ trip }) => ({
          id: trip.id,
          company_id: trip.companyId,
          branch_id: trip.branchId,
          department_id: trip.departmentId,
          route_id: trip.routeId,
          status: trip.status,
          started_at: trip.startedAt,
          closed_at: trip.closedAt,
          path: trip.path,
          stt: trip.stt,
          vehicle_number: trip.vehicleNumber,
          parties: trip.parties,
          assets: trip.assets,
          indent: trip.indent,
          details: trip.details,
          alert_config: trip.alertConfig,
          created_by: trip.createdBy,
        })),
      ),
    ],
  );
  // The pings as columns (one array each), in trip and time order.
  const columns: {
    trip: string[];
    t: number[];
    lat: number[];
    lng: number[];
    speed: (number | null)[];
    received: number[];
  } = { trip: [], t: [], lat: [], lng: [], speed: [], received: [] };
  for (const { trip, pings } of trips)
    for (const p of pings) {
      columns.trip.push(trip.id);
      columns.t.push(p.t);
      columns.lat.push(p.lat);
      columns.lng.push(p.lng);
      columns.speed.push(p.speed ?? null);
      columns.received.push(trip.startedAt);
    }
  await q.query(
    `insert into trip_pings (trip_id, t, lat, lng, speed, temperature, source, received_at)
     select trip_id, t, lat, lng, speed, null, 'GPS', received_at
       from unnest($1::text[], $2::bigint[], $3::float8[], $4::float8[], $5::float8[], $6::bigint[])
            as p(trip_id, t, lat, lng, speed, received_at)`,
    [columns.trip, columns.t, columns.lat, columns.lng, columns.speed, columns.received],
  );
  await q.query(
    `insert into trip_analytics (trip_id, alerts, config, computed_at)
     select trip_id, alerts, config, computed_at
       from jsonb_to_recordset($1::jsonb) as a(trip_id text, alerts jsonb, config jsonb, computed_at bigint)`,
    [
      JSON.stringify(
        trips.map(({ trip, alerts }) => ({
          trip_id: trip.id,
          alerts,
          config: trip.alertConfig,
          computed_at: trip.closedAt,
        })),
      ),
    ],
  );
}
