import { deskTime } from '../../engine/timeZone';
import { isRecord } from '../../schemas/guards';
import type { LatLng } from '../../schemas/haversine';
import type { TripAlert, TripPing } from '../../schemas/api/trips';
import { lengthKm, type Ping, speeds, stays } from '../../schemas/trip-track';

/**
 * What the trip page draws of a replay or of the analytics (issue 23 point 1): the track read from the pings, its
 * figures, the stops shaded on the chart, the vehicle's place at any time of the slider, and which alerts a new
 * configuration added, removed or changed. Pure functions, so the page and its tests read a trip alike.
 */

/** A trip's track: its pings in time order, as parallel columns (the chart's and the slider's data), and their speeds. */
export interface Track {
  times: number[];
  points: LatLng[];
  speeds: number[];
}

/** The track of the locations call's pings (device time in ISO 8601), in time order; pings without a real time are left out. */
export function readTrack(pings: readonly TripPing[]): Track {
  const read: Ping[] = pings
    .map((p) => ({
      t: Date.parse(p.device_time_utc),
      lat: p.coordinates.lat,
      lng: p.coordinates.lng,
      speed: p.speed,
    }))
    .filter((p) => Number.isFinite(p.t) && Number.isFinite(p.lat) && Number.isFinite(p.lng))
    .sort((a, b) => a.t - b.t);
  return {
    times: read.map((p) => p.t),
    points: read.map((p) => ({ lat: p.lat, lng: p.lng })),
    speeds: speeds(read).map((s) => Math.round(s * 10) / 10),
  };
}

/** A stop shaded on the chart and counted in the figures: at least this long, in minutes. */
export const STOP_MINUTES = 10;

/** A stop of the track: from when to when (ms), where, and how long in minutes. */
export interface Stop {
  start: number;
  end: number;
  point: LatLng;
  minutes: number;
}

/** The track's stops of {@link STOP_MINUTES} or more (the alerts' definition of a stay, server/rules/trip-alerts.ts). */
export function stopsOf(track: Track): Stop[] {
  const pings = track.times.map((t, i) => ({ t, ...track.points[i] }));
  return stays(pings)
    .map(({ from, to }) => ({
      start: track.times[from],
      end: track.times[to],
      point: track.points[from],
      minutes: Math.round((track.times[to] - track.times[from]) / 60_000),
    }))
    .filter((stop) => stop.minutes >= STOP_MINUTES);
}

/** The index of the last ping at or before `t` (0 before the first). */
export function pingAt(times: readonly number[], t: number): number {
  let low = 0;
  let high = times.length - 1;
  if (high < 0 || t <= times[0]) return 0;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (times[mid] <= t) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Where the vehicle was at `t`: between the pings around it, in proportion to the time (the first or last place outside them). */
export function positionAt(track: Track, t: number): LatLng | null {
  const { times, points } = track;
  if (points.length === 0) return null;
  const i = pingAt(times, t);
  const next = i + 1 < times.length ? i + 1 : i;
  if (next === i || t <= times[i]) return points[i];
  const f = Math.min(1, (t - times[i]) / (times[next] - times[i]));
  return {
    lat: points[i].lat + (points[next].lat - points[i].lat) * f,
    lng: points[i].lng + (points[next].lng - points[i].lng) * f,
  };
}

/** The figures the analytics draw: distance driven, time from the first ping to the last, stops and alerts by type. */
export interface Figures {
  distanceKm: number;
  durationMs: number;
  stops: number;
  stoppedMs: number;
  topSpeed: number;
  alertsByType: { type: string; count: number }[];
}

export function figuresOf(track: Track, stops: readonly Stop[], alerts: readonly TripAlert[]): Figures {
  const counts = new Map<string, number>();
  for (const alert of alerts) counts.set(alert.type, (counts.get(alert.type) ?? 0) + 1);
  return {
    distanceKm: Math.round(lengthKm(track.points) * 10) / 10,
    durationMs: track.times.length ? track.times[track.times.length - 1] - track.times[0] : 0,
    stops: stops.length,
    stoppedMs: stops.reduce((sum, stop) => sum + (stop.end - stop.start), 0),
    topSpeed: Math.round(track.speeds.reduce((top, speed) => Math.max(top, speed), 0)),
    alertsByType: [...counts].map(([type, count]) => ({ type, count })).sort((a, b) => b.count - a.count),
  };
}

export { compareAlerts, type AlertChange, type ComparedAlert } from '../../schemas/trip-track';

/** The alerts of a replay's or of the analytics' answer (both carry `alerts`), or null when the value has none. */
export function alertsIn(value: unknown): TripAlert[] | null {
  if (!isRecord(value) || !Array.isArray(value.alerts)) return null;
  return value.alerts.filter(isTripAlert);
}

/** The trip page's actions whose answer the page draws (map, slider, chart, alerts), and what it calls each. */
export const DRAWN_ACTIONS = {
  Replay: 'Replay',
  'Replay with Updated config': 'Replay with updated config',
  'Show Analytics': 'Analytics',
} as const;

/**
 * A replay's or the analytics' answer as its raw data shows it: each alert's start and end (epoch ms) as the desk's
 * times ('29/11/2026 11:14 IST', as everywhere in the console), the rest as it came. Any other value is left as it is.
 */
export function readableTimes(value: unknown): unknown {
  if (!isRecord(value) || !Array.isArray(value.alerts)) return value;
  const time = (ms: unknown) => (typeof ms === 'number' ? deskTime(ms) : ms);
  return {
    ...value,
    alerts: value.alerts.map((alert) =>
      isRecord(alert) ? { ...alert, start: time(alert.start), end: time(alert.end) } : alert,
    ),
  };
}

function isTripAlert(value: unknown): value is TripAlert {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    typeof value.start === 'number' &&
    (value.end === null || typeof value.end === 'number') &&
    typeof value.lat === 'number' &&
    typeof value.lng === 'number' &&
    typeof value.value === 'number'
  );
}

/** The alerts' names and colours on the map, the chart and the table (each type its own hue, readable in both themes). */
export const ALERT_TYPES: Record<string, { label: string; color: string }> = {
  long_stoppage: { label: 'Long stoppage', color: '#d4380d' },
  route_deviation: { label: 'Route deviation', color: '#722ed1' },
  over_speeding: { label: 'Over speeding', color: '#c41d7f' },
  untracked: { label: 'Untracked', color: '#8c8c8c' },
  sta_breach: { label: 'STA breach', color: '#d48806' },
  transit_delay: { label: 'Transit delay', color: '#0958d9' },
};

/** An alert type's name and colour (an unknown type: its key, in red). */
export const alertType = (type: string) => ALERT_TYPES[type] ?? { label: type, color: '#cf1322' };

/** A time as the page shows it: '29/11/2026 11:14 IST', in the desk's time zone. */
export const showTime = (ms: number) => deskTime(ms);

/** A span as the page shows it: '45 min', '3 h 05 min', '2 d 4 h'. */
export function showDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** An alert's measure with its unit ('95 km/h', '12.5 km', '2 h 10 min'). */
export function showMeasure(alert: Pick<TripAlert, 'value' | 'unit'>): string {
  return alert.unit === 'minutes' ? showDuration(alert.value * 60_000) : `${alert.value} ${alert.unit}`;
}
