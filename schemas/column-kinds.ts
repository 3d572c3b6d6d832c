import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Rupees with Indian grouping; paise shown only when there are any. */
export function formatInr(amount: number): string {
  return (Number.isInteger(amount) ? inrWhole : inrPaise).format(amount);
}

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/**
 * The instant a cell's value names (an epoch number or a date as it is, anything else as its text), in the time zone
 * `tz` when given (the server writing an export for a console), else the runtime's own (the console).
 */
const instant = (value: unknown, tz?: string) => {
  const at = dayjs(typeof value === 'number' || value instanceof Date ? value : String(value));
  // A day without a time (`2026-11-08`) is that day in every zone.
  const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return tz && !day && at.isValid() ? at.utcOffset(zoneOffset(tz, at.valueOf())) : at;
};

/** A formatter of wall-clock parts per time zone (made once: making one costs more than formatting thousands). */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** The offset of a zone for each quarter hour asked (offsets change on quarter hours at most), by zone and quarter. */
const zoneOffsets = new Map<string, number>();
const QUARTER_HOUR = 15 * 60_000;

/**
 * The UTC offset (minutes) of IANA zone `tz` at instant `ms`, as dayjs's timezone plugin finds it but with its
 * formatter kept and the answer kept per quarter hour: `.tz()` per cell took a third of a 200,000-row export's time.
 */
function zoneOffset(tz: string, ms: number): number {
  const key = `${tz} ${Math.floor(ms / QUARTER_HOUR)}`;
  const known = zoneOffsets.get(key);
  if (known !== undefined) return known;
  let format = zoneFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(tz, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  const offset = Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
  if (zoneOffsets.size > 10_000) zoneOffsets.clear();
  zoneOffsets.set(key, offset);
  return offset;
}

/**
 * The column registry: how each kind a `ColumnConfig` names shows a (non-empty) value as text. A `switch` column
 * draws a `SwitchCell` where the list can toggle, and this text elsewhere (e.g. in a drawer).
 */
export const columnKinds = {
  text: (value: unknown) => String(value),
  datetime: (value: unknown, tz?: string) => instant(value, tz).format('YYYY-MM-DD HH:mm:ss'),
  date: (value: unknown, tz?: string) => instant(value, tz).format('DD/MM/YYYY'),
  inr: (value: unknown) => (Number.isFinite(Number(value)) ? formatInr(Number(value)) : String(value)),
  boolean: yesNo,
  switch: yesNo,
  /** A JSON value as indented JSON text (a text as it is); lists draw it in a scrollable box (`JsonCell`). */
  json: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2)),
} as const satisfies Record<string, (value: unknown, tz?: string) => string>;

/** A column kind's name, as configs write it. */
export type ColumnKind = keyof typeof columnKinds;

/** Whether `name` is a column kind. */
export const isColumnKind = (name: unknown): name is ColumnKind =>
  typeof name === 'string' && Object.hasOwn(columnKinds, name);

/** Text of a (non-empty) cell by its column's kind (default `text`), dates and times in `tz` when given. */
export function formatCell(kind: ColumnKind | undefined, value: unknown, tz?: string): string {
  if (value === undefined || value === null || value === '') return '';
  return (columnKinds[kind ?? 'text'] ?? columnKinds.text)(value, tz);
}
