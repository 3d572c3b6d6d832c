import { distanceKm, EARTH_RADIUS_KM, type LatLng } from '../../schemas/haversine';
import { isRecord } from '../../schemas/guards';
import { lengthKm, type Ping, speeds, stays } from '../../schemas/trip-track';

export { lengthKm, type Ping };

/**
 * Alerts computed from a trip's location pings and the company's alert configuration (issue 13: analytics and
 * replay). Pure functions: the same pings and rules always give the same alerts, so a replay with the configuration
 * as it is now differs from the stored analytics exactly where a setting changed. The rules and their inputs are
 * written down in server/API.md ('Trip alerts').
 */

/** What a trip was meant to do: its path (origin, waypoints, destination), when it started and its STT. */
export interface TripPlan {
  path: readonly LatLng[];
  startedAt: number;
  /** Standard transit time in minutes; no STA breach without it. */
  sttMinutes?: number | null;
  /** The time the trip is looked at (its close time, or now): an open gap or an unmet STA up to it counts. */
  until?: number;
}

/** The alerts computed here. */
export const COMPUTED_ALERTS = [
  'long_stoppage',
  'route_deviation',
  'over_speeding',
  'untracked',
  'sta_breach',
  'transit_delay',
] as const;
export type ComputedAlertType = (typeof COMPUTED_ALERTS)[number];

/** Each computed alert's settings, read from the company's alert configuration (see {@link rulesFromConfigs}). */
export interface AlertRules {
  /** A stop of at least `levels[0]` minutes (level 2 from `levels[1]`, level 3 from `levels[2]`) away from origin and destination. */
  long_stoppage?: { levels: readonly [number, number, number] };
  /** Farther than `km` from the planned path. */
  route_deviation?: { km: number };
  /** Faster than `kmh` for at least `minutes`. */
  over_speeding?: { kmh: number; minutes: number };
  /** No ping for at least `minutes`. */
  untracked?: { minutes: number };
  /** Not at the destination `bufferMinutes` after the STA (start + STT). */
  sta_breach?: { bufferMinutes: number };
  /**
   * Behind the plan by more than `minutes` on the way: the time since the start beyond the share of the STT that the
   * distance made good along the planned path is worth, before the arrival.
   */
  transit_delay?: { minutes: number };
}

/** One computed alert: when it started and ended (null: still on when the pings end), where, and its measure. */
export interface TripAlert {
  type: ComputedAlertType;
  /** Escalation level (long stoppage only). */
  level?: 1 | 2 | 3;
  start: number;
  end: number | null;
  lat: number;
  lng: number;
  /** Minutes stopped, km off the path, top km/h, minutes without a ping, minutes late. */
  value: number;
  unit: 'minutes' | 'km' | 'km/h';
}

/** Stops this close to the origin or the destination are detention, not long stoppage; arrival is this close to the destination. */
export const SITE_RADIUS_KM = 2;
/** Trips planned shorter than this use the 'short' long-stoppage thresholds, shorter than {@link LONG_TRIP_KM} 'mid', else 'long'. */
export const SHORT_TRIP_KM = 100;
export const LONG_TRIP_KM = 500;

/** Settings an enabled alert uses when its configuration leaves them out. */
export const RULE_DEFAULTS = {
  long_stoppage: { levels: [60, 120, 240] as const },
  route_deviation: { km: 5 },
  over_speeding: { kmh: 60, minutes: 0 },
  untracked: { minutes: 60 },
  sta_breach: { bufferMinutes: 0 },
  transit_delay: { minutes: 60 },
} satisfies Required<AlertRules>;

const MINUTE = 60_000;
const minutes = (ms: number) => Math.round((ms / MINUTE) * 10) / 10;

/** Kilometres per degree of latitude. */
const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

/**
 * The point of the segment a–b nearest `p`: its distance in km and how far along a–b it is (0 at a, 1 at b), by a flat
 * projection around `p` (within a fraction of a percent over a road leg).
 */
function nearestOnSegment(p: LatLng, a: LatLng, b: LatLng): { km: number; along: number } {
  const kx = Math.cos((p.lat * Math.PI) / 180);
  const ax = (a.lng - p.lng) * kx;
  const ay = a.lat - p.lat;
  const bx = (b.lng - p.lng) * kx;
  const by = b.lat - p.lat;
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const s = length === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length));
  return { km: Math.hypot(ax + s * dx, ay + s * dy) * KM_PER_DEGREE, along: s };
}

/** Distance in km from `p` to the segment a–b. */
const segmentKm = (p: LatLng, a: LatLng, b: LatLng) => nearestOnSegment(p, a, b).km;

/** How far along `path` (km from its first point) the point of the path nearest `p` is. */
export function progressKm(p: LatLng, path: readonly LatLng[]): number {
  let best = Infinity;
  let progress = 0;
  let before = 0;
  for (let i = 1; i < path.length; i++) {
    const leg = distanceKm(path[i - 1], path[i]);
    const near = nearestOnSegment(p, path[i - 1], path[i]);
    if (near.km < best) {
      best = near.km;
      progress = before + near.along * leg;
    }
    before += leg;
  }
  return progress;
}

/** Distance in km from `p` to the nearest point of `path`. */
export function pathKm(p: LatLng, path: readonly LatLng[]): number {
  if (path.length === 0) return 0;
  if (path.length === 1) return distanceKm(p, path[0]);
  let best = Infinity;
  for (let i = 1; i < path.length; i++) best = Math.min(best, segmentKm(p, path[i - 1], path[i]));
  return best;
}

function longStoppages(pings: readonly Ping[], plan: TripPlan, levels: readonly [number, number, number]): TripAlert[] {
  const alerts: TripAlert[] = [];
  const ends = [plan.path[0], plan.path.at(-1)].filter((p): p is LatLng => p !== undefined);
  const close = (from: number, to: number, ongoing: boolean) => {
    const anchor = pings[from];
    const stopped = minutes(pings[to].t - anchor.t);
    if (stopped < levels[0] || ends.some((site) => distanceKm(anchor, site) <= SITE_RADIUS_KM)) return;
    const level = stopped >= levels[2] ? 3 : stopped >= levels[1] ? 2 : 1;
    alerts.push({
      type: 'long_stoppage',
      level,
      start: anchor.t,
      end: ongoing ? null : pings[to].t,
      lat: anchor.lat,
      lng: anchor.lng,
      value: stopped,
      unit: 'minutes',
    });
  };
  for (const stay of stays(pings)) close(stay.from, stay.to, stay.ongoing);
  return alerts;
}

/** Consecutive pings for which `test` holds, as [first, last] index pairs. */
function runs(count: number, test: (i: number) => boolean): [number, number][] {
  const found: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= count; i++) {
    const on = i < count && test(i);
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      found.push([start, i - 1]);
      start = -1;
    }
  }
  return found;
}

function routeDeviations(pings: readonly Ping[], plan: TripPlan, km: number): TripAlert[] {
  if (plan.path.length === 0) return [];
  const off = pings.map((p) => pathKm(p, plan.path));
  return runs(pings.length, (i) => off[i] > km).map(([first, last]) => {
    let worst = first;
    for (let i = first; i <= last; i++) if (off[i] > off[worst]) worst = i;
    const back = last + 1 < pings.length;
    return {
      type: 'route_deviation' as const,
      start: pings[first].t,
      end: back ? pings[last + 1].t : null,
      lat: pings[worst].lat,
      lng: pings[worst].lng,
      value: Math.round(off[worst] * 10) / 10,
      unit: 'km' as const,
    };
  });
}

function overSpeeding(pings: readonly Ping[], rule: { kmh: number; minutes: number }): TripAlert[] {
  const speed = speeds(pings);
  return runs(pings.length, (i) => speed[i] > rule.kmh).flatMap(([first, last]) => {
    const end = last + 1 < pings.length ? pings[last + 1].t : pings[last].t;
    if (minutes(end - pings[first].t) < rule.minutes) return [];
    let top = first;
    for (let i = first; i <= last; i++) if (speed[i] > speed[top]) top = i;
    return [
      {
        type: 'over_speeding' as const,
        start: pings[first].t,
        end: last + 1 < pings.length ? pings[last + 1].t : null,
        lat: pings[top].lat,
        lng: pings[top].lng,
        value: Math.round(speed[top]),
        unit: 'km/h' as const,
      },
    ];
  });
}

function untracked(pings: readonly Ping[], plan: TripPlan, limit: number): TripAlert[] {
  const alerts: TripAlert[] = [];
  for (let i = 1; i < pings.length; i++) {
    const gap = minutes(pings[i].t - pings[i - 1].t);
    if (gap >= limit)
      alerts.push({
        type: 'untracked',
        start: pings[i - 1].t,
        end: pings[i].t,
        lat: pings[i - 1].lat,
        lng: pings[i - 1].lng,
        value: gap,
        unit: 'minutes',
      });
  }
  const last = pings.at(-1);
  if (last && plan.until !== undefined && !arrived(last, plan)) {
    const gap = minutes(plan.until - last.t);
    if (gap >= limit)
      alerts.push({
        type: 'untracked',
        start: last.t,
        end: null,
        lat: last.lat,
        lng: last.lng,
        value: gap,
        unit: 'minutes',
      });
  }
  return alerts;
}

const arrived = (p: LatLng, plan: TripPlan) => {
  const destination = plan.path.at(-1);
  return destination !== undefined && distanceKm(p, destination) <= SITE_RADIUS_KM;
};

/**
 * Stretches on the way (from leaving the origin to the arrival) where the trip is behind its plan by more than `limit`
 * minutes: the minutes since it left (its last ping at the origin) less the STT's share for the distance made good
 * along the planned path (the farthest point reached so far). A wait at the origin is not on the way (an STA breach
 * counts it). One alert per stretch, where it began, with the largest delay; it ends when the trip is back within the
 * limit or arrives, and is still on when the pings end on the way.
 */
function transitDelays(pings: readonly Ping[], plan: TripPlan, limit: number): TripAlert[] {
  const planned = lengthKm(plan.path);
  if (!plan.sttMinutes || plan.path.length < 2 || planned === 0) return [];
  const origin = plan.path[0];
  const leaving = pings.findIndex((p) => distanceKm(p, origin) > SITE_RADIUS_KM);
  if (leaving < 0) return [];
  const left = pings[Math.max(0, leaving - 1)].t;
  const arrival = pings.findIndex((p, i) => i >= leaving && arrived(p, plan));
  const onTheWay = arrival < 0 ? pings.length : arrival;
  const delay: number[] = [];
  let made = 0;
  for (let i = leaving; i < onTheWay; i++) {
    made = Math.max(made, progressKm(pings[i], plan.path));
    delay[i] = (pings[i].t - left) / MINUTE - (made / planned) * plan.sttMinutes;
  }
  return runs(onTheWay, (i) => i >= leaving && delay[i] > limit).map(([first, last]) => {
    let worst = first;
    for (let i = first; i <= last; i++) if (delay[i] > delay[worst]) worst = i;
    return {
      type: 'transit_delay' as const,
      start: pings[first].t,
      end: last + 1 < onTheWay ? pings[last + 1].t : arrival >= 0 ? pings[arrival].t : null,
      lat: pings[first].lat,
      lng: pings[first].lng,
      value: Math.round(delay[worst] * 10) / 10,
      unit: 'minutes' as const,
    };
  });
}

function staBreach(pings: readonly Ping[], plan: TripPlan, bufferMinutes: number): TripAlert[] {
  if (!plan.sttMinutes || plan.path.length === 0) return [];
  const due = plan.startedAt + (plan.sttMinutes + bufferMinutes) * MINUTE;
  const arrival = pings.find((p) => arrived(p, plan));
  if (arrival) {
    if (arrival.t <= due) return [];
    return [
      {
        type: 'sta_breach',
        start: due,
        end: arrival.t,
        lat: arrival.lat,
        lng: arrival.lng,
        value: minutes(arrival.t - due),
        unit: 'minutes',
      },
    ];
  }
  const seen = Math.max(plan.until ?? 0, pings.at(-1)?.t ?? 0);
  if (seen <= due) return [];
  const where = pings.at(-1) ?? plan.path[0];
  return [
    {
      type: 'sta_breach',
      start: due,
      end: null,
      lat: where.lat,
      lng: where.lng,
      value: minutes(seen - due),
      unit: 'minutes',
    },
  ];
}

/**
 * The alerts of a trip: its pings (any order; sorted here by time) against its plan, for each alert the rules
 * enable, sorted by start time then type.
 */
export function computeAlerts(pingsIn: readonly Ping[], plan: TripPlan, rules: AlertRules): TripAlert[] {
  const pings = [...pingsIn]
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.lat) && Number.isFinite(p.lng))
    .sort((a, b) => a.t - b.t);
  const alerts: TripAlert[] = [];
  if (rules.long_stoppage) alerts.push(...longStoppages(pings, plan, rules.long_stoppage.levels));
  if (rules.route_deviation) alerts.push(...routeDeviations(pings, plan, rules.route_deviation.km));
  if (rules.over_speeding) alerts.push(...overSpeeding(pings, rules.over_speeding));
  if (rules.untracked) alerts.push(...untracked(pings, plan, rules.untracked.minutes));
  if (rules.sta_breach) alerts.push(...staBreach(pings, plan, rules.sta_breach.bufferMinutes));
  if (rules.transit_delay) alerts.push(...transitDelays(pings, plan, rules.transit_delay.minutes));
  return alerts.sort((a, b) => a.start - b.start || a.type.localeCompare(b.type));
}

/** An alert configuration as stored (spec 001 section 3): its alert name, whether it is on, and its extraContext JSON text. */
export interface StoredAlertConfig {
  featureKey: string;
  enabled: boolean;
  extraContext: string;
}

/** A setting of the configuration's first extraContext element as a number of 0 or more, if it is one. */
function setting(settings: Record<string, unknown>, key: string): number | undefined {
  const value = settings[key];
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function settingsOf(extraContext: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(extraContext);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    // A list's settings are its items (none of them named as a setting): read as none.
    return isRecord(first) ? first : {};
  } catch {
    return {};
  }
}

/**
 * The rules of the company's enabled alert configurations (the bulk alert sheet's columns, spec 001 section 3), for
 * a trip of `plannedKm`:
 * - long_stoppage: `longstoppage_l1`..`l3` thresholds in minutes, the `short`, `mid` or `long` one by the trip's
 *   planned length (under 100 km, under 500 km, longer);
 * - route_deviation: `route_deviation_away_from_destination_minimum_distance_km`, or that percent of the planned length
 *   (`..._percent`) when it is larger;
 * - over_speeding: `config_one` as the limit in km/h, `Buffer` as the minutes it must last;
 * - untracked: `interrupted_auto_min` minutes without a ping;
 * - sta_breach: `transit_time_buffer` minutes after the STA;
 * - transit_delay: `transit_delay_threshold` minutes behind the plan on the way.
 * A setting left out takes {@link RULE_DEFAULTS}; disabled and other alerts give no rule.
 */
export function rulesFromConfigs(configs: readonly StoredAlertConfig[], plannedKm: number): AlertRules {
  const rules: AlertRules = {};
  const size = plannedKm < SHORT_TRIP_KM ? 'short' : plannedKm < LONG_TRIP_KM ? 'mid' : 'long';
  for (const config of configs) {
    if (!config.enabled) continue;
    const s = settingsOf(config.extraContext);
    switch (config.featureKey) {
      case 'long_stoppage': {
        const level = (n: number) => {
          const group = s[`longstoppage_l${n}`];
          return isRecord(group) ? setting(group, size) : undefined;
        };
        const d = RULE_DEFAULTS.long_stoppage.levels;
        const first = level(1) ?? d[0];
        const second = Math.max(first, level(2) ?? d[1]);
        rules.long_stoppage = { levels: [first, second, Math.max(second, level(3) ?? d[2])] };
        break;
      }
      case 'route_deviation': {
        const km =
          setting(s, 'route_deviation_away_from_destination_minimum_distance_km') ?? RULE_DEFAULTS.route_deviation.km;
        const percent = setting(s, 'route_deviation_away_from_destination_minimum_distance_percent');
        rules.route_deviation = { km: Math.max(km, percent === undefined ? 0 : (percent / 100) * plannedKm) };
        break;
      }
      case 'over_speeding':
        rules.over_speeding = {
          kmh: setting(s, 'config_one') || RULE_DEFAULTS.over_speeding.kmh,
          minutes: setting(s, 'Buffer') ?? RULE_DEFAULTS.over_speeding.minutes,
        };
        break;
      case 'untracked':
        rules.untracked = { minutes: setting(s, 'interrupted_auto_min') || RULE_DEFAULTS.untracked.minutes };
        break;
      case 'sta_breach':
        rules.sta_breach = {
          bufferMinutes: setting(s, 'transit_time_buffer') ?? RULE_DEFAULTS.sta_breach.bufferMinutes,
        };
        break;
      case 'transit_delay':
        rules.transit_delay = {
          minutes: setting(s, 'transit_delay_threshold') ?? RULE_DEFAULTS.transit_delay.minutes,
        };
        break;
    }
  }
  return rules;
}
