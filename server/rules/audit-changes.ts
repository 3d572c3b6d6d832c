import type { AuditChange } from '../../schemas/audit';

/**
 * Columns left out of every entry's changes, though kept in its stored record: the bookkeeping every save touches (as
 * the trigger leaves it out), and columns the database derives from others (a route's search_text, migration 086),
 * whose change is told by the columns they come from.
 */
const NOISE = new Set(['updated_at', 'updated_by', 'version', 'search_text']);

/**
 * Columns that say nothing of what was configured: the row's id (the entry's Object Id already), its company (the
 * entry's own) and when and by whom it was stored. A creation or deletion lists the other fields, not these.
 */
const BOOKKEEPING = new Set([...NOISE, 'id', 'company_id', 'created_at', 'created_by']);

/** Nesting deeper than this is shown as JSON text. */
const MAX_DEPTH = 6;
/** A value's text is cut to this many characters. */
const MAX_TEXT = 500;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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
  const opened =
    depth < MAX_DEPTH &&
    (isRecord(v)
      ? Object.keys(v).length > 0
      : Array.isArray(v) && v.some((e) => isRecord(unwrap(e)) || Array.isArray(e)));
  if (!opened) {
    out.set(path, v);
    return;
  }
  if (Array.isArray(v)) {
    v.forEach((element, i) => {
      leaves(element, `${path}[${i}]`, depth + 1, out);
    });
  } else if (isRecord(v))
    for (const [key, element] of Object.entries(v)) leaves(element, path ? `${path}.${key}` : key, depth + 1, out);
}

/** A leaf as text: text as is, anything else as JSON; null when the field is absent or null. */
function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A value's text as the screen shows it: cut after {@link MAX_TEXT} characters. */
const shown = (value: string | null) =>
  value !== null && value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;

/** A value that sets nothing: absent, null, blank text, an empty list or object. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

/** The leaves of a record by dotted path, without the columns in `skip` nor, given `key`, the column holding it. */
function recordLeaves(record: Record<string, unknown> | null, skip: Set<string>, key?: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [column, value] of Object.entries(record ?? {}))
    if (!skip.has(column) && (key === undefined || value !== key)) leaves(value, column, 1, out);
  return out;
}

/**
 * The fields of a record that differ between `before` and `after`, as dotted paths with the old and new value as
 * text, by path (the stored jsonb keeps no column order). Either side may be null: a creation lists the fields the
 * new record set, a deletion the fields the record had (empty values and bookkeeping columns left out, so the list
 * says what was configured; `objectId`, the entry's Object Id, drops the key column whatever its name, e.g. a
 * place's cp_id); a change lists what changed, leaving out only the columns every save touches.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  objectId?: string,
): AuditChange[] {
  const whole = before === null || after === null;
  const skip = whole ? BOOKKEEPING : NOISE;
  const old = recordLeaves(before, skip, whole ? objectId : undefined);
  const now = recordLeaves(after, skip, whole ? objectId : undefined);
  if (whole) for (const side of [old, now]) for (const [field, value] of side) if (isEmpty(value)) side.delete(field);
  const fields = [...new Set([...old.keys(), ...now.keys()])];
  return fields
    .map((field) => ({ field, before: text(old.get(field)), after: text(now.get(field)) }))
    .filter((change) => change.before !== change.after)
    .sort((a, b) => a.field.localeCompare(b.field, 'en', { numeric: true }))
    .map((change) => ({ field: change.field, before: shown(change.before), after: shown(change.after) }));
}

/**
 * Two records' fields side by side, by dotted path (as {@link auditChanges} reads them): each leaf either holds, as
 * text, and whether the two differ. The comparison of two companies' items shows this (every field, changed ones
 * marked); `skip` names the columns that are neither's configuration.
 */
export function sideBySide(
  left: Record<string, unknown> | null,
  right: Record<string, unknown> | null,
  skip: ReadonlySet<string> = NOISE,
): { field: string; left: string | null; right: string | null; differs: boolean }[] {
  const a = recordLeaves(left, new Set(skip));
  const b = recordLeaves(right, new Set(skip));
  return [...new Set([...a.keys(), ...b.keys()])]
    .sort((x, y) => x.localeCompare(y, 'en', { numeric: true }))
    .map((field) => {
      const l = text(a.get(field));
      const r = text(b.get(field));
      return { field, left: shown(l), right: shown(r), differs: l !== r };
    });
}
