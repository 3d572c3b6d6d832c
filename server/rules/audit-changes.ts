import type { AuditChange } from '../../schemas/audit';

/** Bookkeeping columns every save touches: kept in the stored record, left out of the changes (as the trigger does). */
const NOISE = new Set(['updated_at', 'updated_by', 'version']);

/** Nesting deeper than this is shown as JSON text. */
const MAX_DEPTH = 6;
/** A value's text is cut to this many characters. */
const MAX_TEXT = 500;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON kept in a text column (an alert's extra_context): read as the object or array it holds, else the text itself. */
function unwrap(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * The leaves of a value by dotted path (`origin.label`, `extra_context[0].ticketing.raise_ticket`): objects and arrays
 * of objects are opened, a list of plain values stays one leaf (its elements are read together).
 */
function leaves(value: unknown, path: string, depth: number, out: Map<string, unknown>): void {
  const v = unwrap(value);
  const opened = depth < MAX_DEPTH && (isRecord(v) ? Object.keys(v).length > 0 : Array.isArray(v) && v.some((e) => isRecord(unwrap(e)) || Array.isArray(e)));
  if (!opened) {
    out.set(path, v);
    return;
  }
  if (Array.isArray(v)) v.forEach((element, i) => leaves(element, `${path}[${i}]`, depth + 1, out));
  else for (const [key, element] of Object.entries(v as Record<string, unknown>)) leaves(element, path ? `${path}.${key}` : key, depth + 1, out);
}

/** A leaf as text: text as is, anything else as JSON; null when the field is absent or null. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value's text as the screen shows it: cut after {@link MAX_TEXT} characters. */
const shown = (value: string | null) => (value !== null && value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);

/**
 * The fields of a record that differ between `before` and `after` (either may be null: a creation or a deletion),
 * as dotted paths with the old and new value as text, by path (the stored jsonb keeps no column order); bookkeeping
 * columns left out.
 */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const old = new Map<string, unknown>();
  const now = new Map<string, unknown>();
  for (const [key, value] of Object.entries(before ?? {})) if (!NOISE.has(key)) leaves(value, key, 1, old);
  for (const [key, value] of Object.entries(after ?? {})) if (!NOISE.has(key)) leaves(value, key, 1, now);
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  return fields
    .map((field) => ({ field, before: text(old.get(field)), after: text(now.get(field)) }))
    .filter((change) => change.before !== change.after)
    .sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }))
    .map((change) => ({ field: change.field, before: shown(change.before), after: shown(change.after) }));
}
