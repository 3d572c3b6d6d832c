import { dayText, DEFAULT_TIME_ZONE, timeText } from './time-format';

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Rupees with Indian grouping; paise shown only when there are any. */
export function formatInr(amount: number): string {
  return (Number.isInteger(amount) ? inrWhole : inrPaise).format(amount);
}

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/**
 * The column registry: how each kind a `ColumnConfig` names shows a (non-empty) value as text. A `switch` column
 * draws a `SwitchCell` where the list can toggle, and this text elsewhere (e.g. in a drawer).
 */
export const columnKinds = {
  text: (value: unknown) => String(value),
  /** A time in the zone given (India's by default) with its name: '29/11/2026 11:14 IST' (schemas/time-format.ts). */
  datetime: (value: unknown, tz: string = DEFAULT_TIME_ZONE) => timeText(value, tz),
  /** A day: `DD/MM/YYYY`, a day without a time being that day in every zone. */
  date: (value: unknown, tz: string = DEFAULT_TIME_ZONE) => dayText(value, tz),
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

/** Text of a (non-empty) cell by its column's kind (default `text`), dates and times in zone `tz` (else India's). */
export function formatCell(kind: ColumnKind | undefined, value: unknown, tz?: string): string {
  if (value === undefined || value === null || value === '') return '';
  return (columnKinds[kind ?? 'text'] ?? columnKinds.text)(value, tz);
}
