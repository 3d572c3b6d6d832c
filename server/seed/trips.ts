import type { Queryable } from '../store/store';
import { tripRepository, type NewPing } from '../repos/trip-repository';
import { drive, MINUTE, partiesOf, pathOf } from './trip-drive';
import { monthTrips, storeTrips } from './trip-month';
import { computeAlerts, lengthKm, rulesFromConfigs, type StoredAlertConfig } from '../rules/trip-alerts';
import { ROUTES, TRANSPORTERS } from './demo-content';

/** A trip's closing time before it is closed (typed for the delivered trip's, set once its last ping is known). */
const NOT_CLOSED: number | null = null;

/**
 * The trips of the demo: per route, one delivered on time; on each company's first route, one under way with a long
 * stop, a detour and a speeding stretch; and per route a month of closed trips (trip-month.ts).
 */
export async function seedTrips(q: Queryable, now: number): Promise<void> {
  const first = new Set<string>();
  const configsOf: StoredAlertConfig[][] = [];
  for (const [i, route] of ROUTES.entries()) {
    const path = pathOf(route);
    const km = lengthKm(path);
    const configs = await q.query<StoredAlertConfig>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext" from alert_configs
        where company_id = $1 and branch_id is null`,
      [route.company],
    );
    configsOf.push(configs);
    const transporter = TRANSPORTERS.find((t) => t.company === route.company);
    const trip = (n: number, startedAt: number, closed: boolean) => ({
      id: `TRP${route.company}${String(i * 2 + n).padStart(3, '0')}`,
      companyId: route.company,
      branchId: route.branch,
      departmentId: `${route.branch}1`,
      routeId: route.id,
      status: closed ? 0 : 1,
      startedAt,
      closedAt: NOT_CLOSED,
      path,
      stt: route.stt,
      vehicleNumber: `${route.code.slice(0, 2)}${String(10 + i).padStart(2, '0')}AB${String(1000 + i * 37 + n).slice(-4)}`,
      parties: partiesOf(route, transporter),
      assets: [{ type: 'GPS', imei: `86${String(route.company)}${String(i * 2 + n).padStart(9, '0')}` }],
      indent: {
        indent_id: `IND-${route.code}-${n}`,
        route_code: route.code,
        material: 'General cargo',
        quantity_mt: 15,
      },
      details: {
        route_label: route.label,
        planned_km: Math.round(km),
        stt_min: route.stt,
        driver: { name: 'Demo Driver', phone: '9800000000' },
      },
      alertConfig: configs,
      createdBy: 'ops@demo.local',
    });
    // Delivered: started two days ago, at the destination well within its STT.
    const speed = (km / (route.stt * 0.8)) * 60;
    const delivered = trip(0, now - 2 * 24 * 60 * MINUTE, true);
    const pings = drive(path, delivered.startedAt, [
      ['drive', Math.round(route.stt * 0.8), speed],
      ['stop', 30, 0],
    ]);
    delivered.closedAt = pings[pings.length - 1].t;
    await store(q, delivered, pings, configs, km);
    if (first.has(route.company)) continue;
    first.add(route.company);
    // Under way: a quarter of the way, a detour 8 km off the path, a stop of two and a half hours, a speeding stretch.
    const part = Math.max(10, Math.round(route.stt * 0.15));
    const steps = [
      ['drive', part, speed],
      ['detour', 40, 8],
      ['stop', 150, 0],
      ['drive', 20, 85],
      ['drive', part, speed],
    ] as const;
    const total = steps.reduce((sum, [, minutes]) => sum + minutes, 0);
    const open = trip(1, now - total * MINUTE, false);
    await store(q, open, drive(path, open.startedAt, steps), configs, km, now);
  }
  // A month of closed trips on every route (trip-month.ts).
  await storeTrips(
    q,
    ROUTES.flatMap((_, n) => monthTrips(n, configsOf[n], now)),
  );
}

async function store(
  q: Queryable,
  trip: Parameters<typeof tripRepository.insert>[1],
  pings: NewPing[],
  configs: StoredAlertConfig[],
  km: number,
  until?: number,
): Promise<void> {
  await tripRepository.insert(q, trip);
  await tripRepository.addPings(q, trip.id, pings, trip.startedAt);
  const alerts = computeAlerts(
    pings,
    { path: trip.path, startedAt: trip.startedAt, sttMinutes: trip.stt, until: until ?? trip.closedAt ?? undefined },
    rulesFromConfigs(configs, km),
  );
  await tripRepository.saveAnalytics(q, trip.id, alerts, configs, until ?? trip.closedAt ?? trip.startedAt);
}
