import dayjs from 'dayjs';

/**
 * The one way the console and the files it or the API writes show a time: `DD/MM/YYYY HH:mm` and the zone's short
 * name ('29/11/2026 11:14 IST'), in India time unless the desk picked another zone; a day alone as `DD/MM/YYYY`.
 * Plain `Intl` with a formatter kept per zone and the text kept per minute: dayjs's `.tz()` per cell took a third
 * of a 200,000-row export's time.
 */

/** The zone times are shown in until a desk picks another (the operators' own). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** How a day is written. */
export const DAY_FORMAT = 'DD/MM/YYYY';

/** The wall clock of an instant in a zone, and the zone's short name then ('IST', 'GMT+1', 'UTC'). */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  zone: string;
}

/** A formatter of wall-clock parts per zone (made once: making one costs more than formatting thousands). */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Wall clocks of the minutes asked lately, by zone and minute (a list repeats the same minutes many times). */
const clocks = new Map<string, WallClock>();
const MINUTE = 60_000;

function formatOf(tz: string): Intl.DateTimeFormat {
  let format = formats.get(tz);
  if (!format) {
    // en-IN names India's zone 'IST' (en-US writes 'GMT+5:30'); zones without a common short name get their offset.
    format = new Intl.DateTimeFormat('en-IN', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(tz, format);
  }
  return format;
}

/** Whether the runtime knows the IANA zone `tz`. */
export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || tz === '') return false;
  try {
    formatOf(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of instant `ms` (epoch milliseconds) in zone `tz`. */
export function wallClock(ms: number, tz: string = DEFAULT_TIME_ZONE): WallClock {
  const minute = Math.floor(ms / MINUTE);
  const key = `${tz} ${minute}`;
  const known = clocks.get(key);
  if (known) return known;
  const part: Record<string, string> = {};
  for (const { type, value } of formatOf(tz).formatToParts(minute * MINUTE)) part[type] = value;
  const clock = {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    zone: part.timeZoneName,
  };
  if (clocks.size >= 100_000) clocks.clear();
  clocks.set(key, clock);
  return clock;
}

/** The short name of zone `tz` at instant `ms` (now by default): 'IST', or 'GMT+1' for London in summer. */
export const zoneName = (tz: string = DEFAULT_TIME_ZONE, ms: number = Date.now()): string => wallClock(ms, tz).zone;

/** A day written as a date without a time (`2026-11-08`): that day in every zone. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a value names (epoch milliseconds, a Date, or a date text), or null when it names none. */
function instantOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : dayjs(value instanceof Date ? value : String(value)).valueOf();
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A time as the console shows it: '29/11/2026 11:14 IST' in zone `tz`; without the zone's name when `zone` is false
 * (a table whose header names the zone once, such as a report's 'Started (IST)'). '' for no value; a text that names
 * no time is returned as it is.
 */
export function timeText(value: unknown, tz: string = DEFAULT_TIME_ZONE, { zone = true } = {}): string {
  const ms = instantOf(value);
  if (ms === null) return value === null || value === undefined ? '' : String(value);
  const c = wallClock(ms, tz);
  const text = `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
  return zone ? `${text} ${c.zone}` : text;
}

/**
 * A day as the console shows it: 'DD/MM/YYYY'. A day without a time (`2026-11-08`) is that day whatever the zone;
 * an instant is the day it falls on in zone `tz`.
 */
export function dayText(value: unknown, tz: string = DEFAULT_TIME_ZONE): string {
  const day = typeof value === 'string' ? DAY.exec(value) : null;
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const ms = instantOf(value);
  if (ms === null) return value === null || value === undefined ? '' : String(value);
  const c = wallClock(ms, tz);
  return `${c.day}/${c.month}/${c.year}`;
}

/** The UTC offset (ms) of zone `tz` at instant `ms`, to the minute. */
function offsetAt(ms: number, tz: string): number {
  const c = wallClock(ms, tz);
  const wall = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute));
  return wall - Math.floor(ms / MINUTE) * MINUTE;
}

/**
 * The instant a day begins in zone `tz` (epoch milliseconds): how a day typed as DD/MM/YYYY is sent where a call
 * wants an instant (the route master's Valid From), so that it shows as that day again in the same zone.
 */
export function dayStart(day: { year: number; month: number; day: number }, tz: string = DEFAULT_TIME_ZONE): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day);
  const guess = wall - offsetAt(wall, tz);
  // Again at the guess, for a zone whose offset changes within the hours between (daylight saving).
  return wall - offsetAt(guess, tz);
}

/** A time as a file name may hold it, its zone named: '20261129-1114-IST' ('20261129-1114-GMT1' for 'GMT+1'). */
export function fileStamp(ms: number, tz: string = DEFAULT_TIME_ZONE): string {
  const c = wallClock(ms, tz);
  return `${c.year}${c.month}${c.day}-${c.hour}${c.minute}-${c.zone.replace(/[^\w-]+/g, '')}`;
}

/**
 * The zones a desk may pick, India's first: the runtime's IANA names, with `Asia/Kolkata` and `UTC` where it lists
 * them under other names (Chromium and Node list `Asia/Calcutta` and no `UTC`).
 */
export function timeZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([DEFAULT_TIME_ZONE, 'UTC', ...listed.filter((tz) => tz !== 'Asia/Calcutta')])];
}
