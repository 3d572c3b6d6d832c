import { describe, expect, it } from 'vitest';
import { distanceKm, type LatLng } from '../../schemas/haversine';
import {
  computeAlerts,
  lengthKm,
  pathKm,
  rulesFromConfigs,
  SITE_RADIUS_KM,
  type Ping,
  type TripPlan,
} from './trip-alerts';

const PUNE = { lat: 18.5204, lng: 73.8567 };
const LONAVALA = { lat: 18.7546, lng: 73.4062 };
const MUMBAI = { lat: 19.076, lng: 72.8777 };
const START = Date.UTC(2026, 10, 24, 2, 0);
const MIN = 60_000;

/** A point `f` of the way from a to b. */
const along = (a: LatLng, b: LatLng, f: number): LatLng => ({
  lat: a.lat + (b.lat - a.lat) * f,
  lng: a.lng + (b.lng - a.lng) * f,
});

/**
 * A track built leg by leg: `drive` to a point at a speed with a ping every minute, `stop` for some minutes with a
 * ping every minute (a few metres of GPS jitter), `silence` for some minutes with no ping.
 */
function track() {
  const pings: Ping[] = [{ ...PUNE, t: START }];
  const at = () => pings[pings.length - 1];
  const api = {
    pings,
    drive(to: LatLng, kmh: number, speed?: number) {
      const from = at();
      const minutes = Math.max(1, Math.round((distanceKm(from, to) / kmh) * 60));
      for (let m = 1; m <= minutes; m++)
        pings.push({ ...along(from, to, m / minutes), t: from.t + m * MIN, ...(speed !== undefined ? { speed } : {}) });
      return api;
    },
    stop(minutes: number) {
      const here = at();
      for (let m = 1; m <= minutes; m++)
        pings.push({ lat: here.lat + (m % 2) * 0.0002, lng: here.lng, t: here.t + m * MIN });
      return api;
    },
    silence(minutes: number) {
      const here = at();
      pings.push({ ...here, t: here.t + minutes * MIN });
      return api;
    },
  };
  return api;
}

const plan = (over: Partial<TripPlan> = {}): TripPlan => ({
  path: [PUNE, LONAVALA, MUMBAI],
  startedAt: START,
  sttMinutes: 240,
  ...over,
});
const half = along(PUNE, LONAVALA, 0.5);

describe('trip alerts', () => {
  it('long stoppage: a stop just under the threshold is none, just over is level 1, longer ones escalate; stops at origin and destination are not', () => {
    const rules = { long_stoppage: { levels: [60, 120, 240] as const } };
    const under = track().stop(30).drive(half, 40).stop(59).drive(MUMBAI, 40).stop(300);
    expect(computeAlerts(under.pings, plan(), rules)).toEqual([]);
    const over = track().drive(half, 40).stop(61).drive(LONAVALA, 40).stop(130).drive(MUMBAI, 40);
    const alerts = computeAlerts(over.pings, plan(), rules);
    expect(alerts.map((a) => [a.type, a.level, a.value])).toEqual([
      ['long_stoppage', 1, 61],
      ['long_stoppage', 2, 130],
    ]);
    expect(distanceKm(alerts[0], half)).toBeLessThan(0.1);
    // Still stopped when the pings end: the alert is open.
    const open = track().drive(half, 40).stop(250);
    expect(computeAlerts(open.pings, plan(), rules)).toMatchObject([{ level: 3, end: null, value: 250 }]);
  });

  it('route deviation: farther than the limit from the planned path, once per excursion, with the farthest point', () => {
    const away = { lat: half.lat + 0.09, lng: half.lng }; // 10 km north, about 9 km off the path
    const t = track().drive(half, 40).drive(away, 40).drive(LONAVALA, 40).drive(MUMBAI, 40);
    const alerts = computeAlerts(t.pings, plan(), { route_deviation: { km: 5 } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ type: 'route_deviation', unit: 'km' });
    expect(alerts[0].value).toBeGreaterThan(8);
    expect(alerts[0].end).not.toBeNull();
    expect(computeAlerts(t.pings, plan(), { route_deviation: { km: 12 } })).toEqual([]);
    expect(pathKm(half, plan().path)).toBeLessThan(0.01);
  });

  it('over-speeding: from the device speed or from the distance between pings, lasting at least the buffer', () => {
    const fast = track().drive(half, 40).drive(LONAVALA, 90).drive(MUMBAI, 40);
    const derived = computeAlerts(fast.pings, plan(), { over_speeding: { kmh: 60, minutes: 0 } });
    expect(derived).toHaveLength(1);
    expect(derived[0].value).toBeGreaterThanOrEqual(85);
    const stretch = (derived[0].end! - derived[0].start) / MIN;
    expect(computeAlerts(fast.pings, plan(), { over_speeding: { kmh: 60, minutes: stretch + 1 } })).toEqual([]);
    const reported = track().drive(half, 40, 72).drive(MUMBAI, 40, 50);
    expect(computeAlerts(reported.pings, plan(), { over_speeding: { kmh: 60, minutes: 0 } })).toMatchObject([
      { value: 72 },
    ]);
  });

  it('untracked: a gap of at least the limit, and an open one up to the time the trip is looked at', () => {
    const t = track().drive(half, 40).silence(59).drive(LONAVALA, 40).silence(61).drive(MUMBAI, 40);
    expect(computeAlerts(t.pings, plan(), { untracked: { minutes: 60 } }).map((a) => a.value)).toEqual([61]);
    const quiet = track().drive(half, 40);
    const last = quiet.pings.at(-1)!.t;
    expect(computeAlerts(quiet.pings, plan({ until: last + 90 * MIN }), { untracked: { minutes: 60 } })).toMatchObject([
      { end: null, value: 90 },
    ]);
  });

  it('STA breach: arrival after start + STT + buffer, or not arrived when the trip is looked at', () => {
    const t = track().drive(MUMBAI, 40); // about 150 km of road at 40 km/h: some 220 minutes
    const minutes = (t.pings.at(-1)!.t - START) / MIN;
    expect(computeAlerts(t.pings, plan({ sttMinutes: minutes + 1 }), { sta_breach: { bufferMinutes: 0 } })).toEqual([]);
    const late = computeAlerts(t.pings, plan({ sttMinutes: minutes - 30 }), { sta_breach: { bufferMinutes: 10 } });
    expect(late).toHaveLength(1);
    expect(late[0].value).toBeGreaterThan(10);
    expect(late[0].value).toBeLessThanOrEqual(20);
    const stuck = track().drive(half, 40);
    expect(
      computeAlerts(stuck.pings, plan({ sttMinutes: 60, until: START + 120 * MIN }), {
        sta_breach: { bufferMinutes: 0 },
      }),
    ).toMatchObject([{ end: null, value: 60 }]);
  });

  it('each threshold at its edge: an alert from the edge (at it for a gap and a buffer, past it for a distance, a speed and a due time), none short of it', () => {
    // Route deviation: farther than the limit. The excursion's farthest ping sets the edge.
    const away = { lat: half.lat + 0.05, lng: half.lng };
    const detour = track().drive(half, 40).drive(away, 40).drive(LONAVALA, 40).drive(MUMBAI, 40);
    const farthest = Math.max(...detour.pings.map((p) => pathKm(p, plan().path)));
    const deviations = (km: number) => computeAlerts(detour.pings, plan(), { route_deviation: { km } });
    expect(deviations(farthest - 0.01)).toHaveLength(1);
    expect(deviations(farthest)).toEqual([]);

    // Over-speeding: faster than the limit (the device's speed), for at least the buffer's minutes.
    const device = (kmh: number) => track().drive(half, 40, 50).drive(LONAVALA, 40, kmh).drive(MUMBAI, 40, 50);
    const speeding = (kmh: number, rule: { kmh: number; minutes: number }) =>
      computeAlerts(device(kmh).pings, plan(), { over_speeding: rule });
    expect(speeding(61, { kmh: 60, minutes: 0 })).toMatchObject([{ type: 'over_speeding', value: 61 }]);
    expect(speeding(60, { kmh: 60, minutes: 0 })).toEqual([]);
    const [stretch] = speeding(61, { kmh: 60, minutes: 0 });
    const lasted = (stretch.end! - stretch.start) / MIN;
    expect(speeding(61, { kmh: 60, minutes: lasted })).toHaveLength(1);
    expect(speeding(61, { kmh: 60, minutes: lasted + 0.1 })).toEqual([]);

    // Untracked: a gap of the limit or more.
    const gap = (minutes: number) => track().drive(half, 40).silence(minutes).drive(MUMBAI, 40).pings;
    expect(computeAlerts(gap(60), plan(), { untracked: { minutes: 60 } })).toMatchObject([{ value: 60 }]);
    expect(computeAlerts(gap(60), plan(), { untracked: { minutes: 60.1 } })).toEqual([]);

    // STA breach: an arrival after start + STT + buffer; one at that minute is on time.
    const trip = track().drive(MUMBAI, 40);
    const took = (trip.pings.find((p) => distanceKm(p, MUMBAI) <= SITE_RADIUS_KM)!.t - START) / MIN;
    const sta = (sttMinutes: number, bufferMinutes: number) =>
      computeAlerts(trip.pings, plan({ sttMinutes }), { sta_breach: { bufferMinutes } });
    expect(sta(took - 10, 10)).toEqual([]);
    expect(sta(took - 10, 9)).toMatchObject([{ type: 'sta_breach', value: 1 }]);
  });

  it('transit delay: behind the plan on the way by more than the threshold, from leaving the origin to the arrival', () => {
    // On schedule: the STT is the time the drive takes.
    const drive = () => track().drive(half, 40).drive(LONAVALA, 40);
    const onTime = drive().drive(MUMBAI, 40);
    const stt = (onTime.pings.at(-1)!.t - START) / MIN;
    const delays = (pings: Ping[], minutes: number, until?: number) =>
      computeAlerts(pings, plan({ sttMinutes: stt, until }), { transit_delay: { minutes } });
    expect(delays(onTime.pings, 10)).toEqual([]);
    // A two-hour wait at the origin is not on the way (an STA breach counts it).
    const loading = track().stop(120).drive(half, 40).drive(LONAVALA, 40).drive(MUMBAI, 40);
    expect(delays(loading.pings, 10)).toEqual([]);
    // 75 minutes stopped at Lonavala: behind by about that much from there to the arrival.
    const held = drive().stop(75).drive(MUMBAI, 40);
    const [late] = delays(held.pings, 30);
    const arrival = held.pings.find((p) => distanceKm(p, MUMBAI) <= SITE_RADIUS_KM)!.t;
    expect(late).toMatchObject({ type: 'transit_delay', unit: 'minutes', end: arrival });
    expect(late.value).toBeGreaterThan(70);
    expect(late.value).toBeLessThan(80);
    expect(distanceKm(late, LONAVALA)).toBeLessThan(1);
    // At its edge: more than the threshold.
    expect(delays(held.pings, late.value - 0.1)).toHaveLength(1);
    expect(delays(held.pings, late.value)).toEqual([]);
    // The pings end on the way, still behind: the alert is on.
    const stuck = drive().stop(75);
    expect(delays(stuck.pings, 30)).toMatchObject([{ type: 'transit_delay', end: null }]);
    // Its setting: transit_delay_threshold.
    const rules = rulesFromConfigs(
      [{ featureKey: 'transit_delay', enabled: true, extraContext: JSON.stringify([{ transit_delay_threshold: 45 }]) }],
      150,
    );
    expect(rules.transit_delay).toEqual({ minutes: 45 });
  });

  it("reads the rules from the company's enabled alert configurations, by the trip's planned length", () => {
    const context = (settings: Record<string, unknown>) =>
      JSON.stringify([{ ticketing: { raise_ticket: false }, ...settings }]);
    const configs = [
      {
        featureKey: 'long_stoppage',
        enabled: true,
        extraContext: context({ longstoppage_l1: { short: 30, mid: 45, long: 90 }, longstoppage_l2: { mid: 100 } }),
      },
      {
        featureKey: 'route_deviation',
        enabled: true,
        extraContext: context({
          route_deviation_away_from_destination_minimum_distance_km: 3,
          route_deviation_away_from_destination_minimum_distance_percent: 5,
        }),
      },
      { featureKey: 'over_speeding', enabled: false, extraContext: context({ config_one: '80' }) },
      { featureKey: 'untracked', enabled: true, extraContext: 'not json' },
      { featureKey: 'sta_breach', enabled: true, extraContext: context({ transit_time_buffer: '15' }) },
    ];
    const km = lengthKm(plan().path);
    expect(km).toBeGreaterThan(100);
    expect(rulesFromConfigs(configs, km)).toEqual({
      long_stoppage: { levels: [45, 100, 240] },
      route_deviation: { km: Math.max(3, 0.05 * km) },
      untracked: { minutes: 60 },
      sta_breach: { bufferMinutes: 15 },
    });
    expect(rulesFromConfigs(configs, 50).long_stoppage).toEqual({ levels: [30, 120, 240] });
  });

  it('10,000 pings against a 100-point path in one pass per alert', () => {
    const path = Array.from({ length: 100 }, (_, i) => along(PUNE, MUMBAI, i / 99));
    const pings: Ping[] = Array.from({ length: 10_000 }, (_, i) => ({
      ...along(PUNE, MUMBAI, i / 9999),
      t: START + i * 20_000,
    }));
    const alerts = computeAlerts(
      pings,
      { path, startedAt: START, sttMinutes: 10_000 },
      rulesFromConfigs(
        ['long_stoppage', 'route_deviation', 'over_speeding', 'untracked', 'sta_breach'].map((featureKey) => ({
          featureKey,
          enabled: true,
          extraContext: '[]',
        })),
        lengthKm(path),
      ),
    );
    expect(alerts).toEqual([]);
  });
});
