import { callEndpoint, type CallInput, type Endpoint } from '../data/endpoint';
import type { ConfigContext } from '../types';
import type { RowStep, RowValues, SheetProcessor } from './processors';
import { SHEET_TEXT } from './sheetText';
import { dayStart } from '../../schemas/time-format';
import { deskTimeZone } from '../timeZone';

/** One choice a lookup accepts: the text typed in the sheet and the value sent (an id). */
export interface LookupOption {
  label: string;
  value: string;
}

/**
 * A lookup's list: a call of the platform API and how its answer becomes options. A list that grows with the company
 * (routes) is not fetched whole: `byNames` sends only the names the sheet holds, `batch` to a call.
 */
export interface LookupSource {
  endpoint: Endpoint;
  input?(ctx: ConfigContext): CallInput;
  byNames?: { batch: number; input(names: string[], ctx: ConfigContext): CallInput };
  options(data: unknown): LookupOption[];
}

/** A column matched against a list: its error, the hidden column that receives the matched value, whether it may be blank. */
export interface LookupField {
  column: string;
  /** Receives the option's value (default: the column itself keeps the typed text). */
  target?: string;
  source: LookupSource;
  message: string;
  optional?: boolean;
}

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The names a column of the rows holds, once each, folded as they are matched (blank cells left out). */
export function namesIn(rows: readonly RowValues[], column: string): string[] {
  return [...new Set(rows.map((row) => fold(row[column] ?? '')).filter(Boolean))];
}

/** Slices of at most `size` items. */
const batches = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The option named by `text`, compared without case and surrounding or doubled spaces. */
export function matchOption(options: readonly LookupOption[], text: string): LookupOption | undefined {
  const wanted = fold(text);
  return wanted === '' ? undefined : options.find((o) => fold(o.label) === wanted);
}

/** Matches a row's lookup columns against prepared option lists (pure: the lists come from `prepare`). */
export function lookupRow(
  values: RowValues,
  fields: readonly LookupField[],
  lists: readonly (readonly LookupOption[])[],
  combined?: string,
): RowStep {
  const next: Record<string, string> = { ...values };
  const failed: string[] = [];
  fields.forEach((field, i) => {
    const text = values[field.column] ?? '';
    if (text.trim() === '' && field.optional) return;
    const hit = matchOption(lists[i], text);
    if (!hit) failed.push(field.message);
    else if (field.target) next[field.target] = hit.value;
  });
  if (failed.length === 0) return { values: next };
  return { error: failed.length > 1 && combined ? combined : failed[0] };
}

/** The options of one call of a lookup's source; a failed call fails the whole step. */
async function optionsOf(source: LookupSource, input: CallInput): Promise<LookupOption[]> {
  const result = await callEndpoint(source.endpoint, input, { quiet: true });
  if (!result.ok) throw new Error(SHEET_TEXT.fetchFailed);
  return source.options(result.data);
}

/** A field's options for the rows: its source's whole list, or the names the rows hold looked up batch by batch. */
async function fieldOptions(field: LookupField, ctx: ConfigContext, rows: readonly RowValues[]) {
  const { source } = field;
  if (!source.byNames) return optionsOf(source, source.input?.(ctx) ?? { scope: ctx.scope });
  const { batch, input } = source.byNames;
  const found: LookupOption[] = [];
  for (const names of batches(namesIn(rows, field.column), batch))
    found.push(...(await optionsOf(source, input(names, ctx))));
  return found;
}

/**
 * Columns matched case-insensitively against lists fetched once per submit (spec 000 section 5, route master
 * upload: 'Please enter valid route' … or, when several fail, the `combined` text).
 */
export function lookups(fields: readonly LookupField[], combined?: string): SheetProcessor<LookupOption[][]> {
  return {
    name: 'lookups',
    prepare: (ctx, rows) => Promise.all(fields.map((field) => fieldOptions(field, ctx, rows))),
    run: (values, lists) => lookupRow(values, fields, lists, combined),
  };
}

/** A number column: whether it is required, and a factor applied after parsing (e.g. 60 for hours to minutes). */
export interface NumberField {
  column: string;
  required?: boolean;
  times?: number;
}

/** A number greater than 0 as typed, commas allowed ('1,20,000.50'), as plain digits; null when it is not one. */
export function parsePositive(text: string): number | null {
  const t = text.trim();
  if (!/^\d[\d,]*(\.\d+)?$/.test(t)) return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) && n > 0 ? n : null;
}

/** Number columns (spec 000 section 5: numbers greater than 0, commas allowed, else 'Please enter valid number'). */
export function numbers(fields: readonly NumberField[], message: string = SHEET_TEXT.badNumber): SheetProcessor {
  return {
    name: 'numbers',
    run(values) {
      const next: Record<string, string> = { ...values };
      for (const field of fields) {
        const text = values[field.column] ?? '';
        if (text.trim() === '' && !field.required) continue;
        const n = parsePositive(text);
        if (n === null) return { error: message };
        next[field.column] = String(field.times ? Math.round(n * field.times * 1e6) / 1e6 : n);
      }
      return { values: next };
    },
  };
}

/** The calendar day of a DD/MM/YYYY text (single-digit day and month allowed), or null. */
export function parseDayMonthYear(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/**
 * Date columns typed DD/MM/YYYY (spec 000 section 9), sent as epoch milliseconds of the day's midnight in the desk's
 * zone (the route master's validFrom, shown in that zone again) or as YYYY-MM-DD.
 */
export function dates(
  columns: readonly string[],
  options: { output?: 'epoch' | 'iso'; message?: string; optional?: boolean } = {},
): SheetProcessor {
  const { output = 'epoch', message = SHEET_TEXT.badDate, optional = false } = options;
  return {
    name: 'dates',
    run(values) {
      const next: Record<string, string> = { ...values };
      for (const column of columns) {
        const text = values[column] ?? '';
        if (text.trim() === '' && optional) continue;
        const day = parseDayMonthYear(text);
        if (!day) return { error: message };
        const pad = (n: number) => String(n).padStart(2, '0');
        next[column] =
          output === 'epoch' ? String(dayStart(day, deskTimeZone())) : `${day.year}-${pad(day.month)}-${pad(day.day)}`;
      }
      return { values: next };
    },
  };
}
