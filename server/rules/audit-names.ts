import { type AuditRef, audited, refOf } from '../../schemas/audited';
import type { Queryable } from '../store/store';

/**
 * Where each kind of id is named: SQL answering `id` and `name` for the ids `$2` (text[]), within the company `$1`
 * where the kind is the company's own (a branch, a route…); a user, a company, an alert type or an event is named
 * wherever the company's configuration refers to it.
 */
const NAME_SQL: Readonly<Record<AuditRef, string>> = {
  branch: 'select id, name from branches where company_id = $1 and id = any($2::text[])',
  department: 'select id, name from departments where company_id = $1 and id = any($2::text[])',
  route: `select id::text, coalesce(nullif(code, ''), label) as name from routes
           where company_id = $1 and id::text = any($2::text[])`,
  vehicle: 'select id::text, label as name from company_vehicles where company_id = $1 and id::text = any($2::text[])',
  material:
    'select id::text, label as name from company_materials where company_id = $1 and id::text = any($2::text[])',
  place: `select cp_id as id, coalesce(nullif(label, ''), cp_code) as name from company_places
           where company_id = $1 and cp_id = any($2::text[])`,
  company: 'select id, name from companies where $1::text is not null and id = any($2::text[])',
  user: 'select id, name from users where $1::text is not null and id = any($2::text[])',
  alertType:
    'select feature_key as id, name from alert_types where $1::text is not null and feature_key = any($2::text[])',
  event: 'select id::text, name from notification_events where $1::text is not null and id::text = any($2::text[])',
};

/** A value of a reference column as its ids: one id, or the elements of a JSON list of ids. */
function idsIn(value: string | null): string[] {
  if (value === null || value === '') return [];
  if (!value.startsWith('[')) return [value];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [value];
  } catch {
    return [value];
  }
}

interface Change {
  field: string;
  before: string | null;
  after: string | null;
}

/**
 * The Audit Log's changes with every id a column declares as a reference (schemas/audited.ts `refs`) shown by its name
 * beside it: 'Jamshedpur (3101)', 'Priya Sharma (u-ops)', a list of users element by element. One statement per kind
 * for a whole page; an id that names nothing (any more) stays as it is. `types[i]` is the object type of `changes[i]`.
 */
export async function withNames<C extends Change>(
  q: Queryable,
  companyId: string,
  types: readonly string[],
  changes: C[][],
): Promise<C[][]> {
  const wanted = new Map<AuditRef, Set<string>>();
  const refs = changes.map((list, i) => list.map((change) => refOf(types[i] ?? '', change.field)));
  changes.forEach((list, i) => {
    list.forEach((change, j) => {
      const ref = refs[i]?.[j];
      if (!ref) return;
      const ids = wanted.get(ref) ?? new Set<string>();
      for (const id of [...idsIn(change.before), ...idsIn(change.after)]) ids.add(id);
      wanted.set(ref, ids);
    });
  });
  const names = new Map<string, string>();
  for (const [ref, ids] of wanted) {
    if (ids.size === 0) continue;
    for (const row of await q.query<{ id: string; name: string }>(NAME_SQL[ref], [companyId, [...ids]]))
      names.set(`${ref}:${row.id}`, `${row.name} (${row.id})`);
  }
  const named = (ref: AuditRef, value: string | null) => {
    if (value === null) return null;
    const ids = idsIn(value);
    if (ids.length === 0 || !ids.some((id) => names.has(`${ref}:${id}`))) return value;
    return ids.map((id) => names.get(`${ref}:${id}`) ?? id).join(', ');
  };
  return changes.map((list, i) =>
    list.map((change, j) => {
      const ref = refs[i]?.[j];
      return ref ? { ...change, before: named(ref, change.before), after: named(ref, change.after) } : change;
    }),
  );
}

/**
 * Each entry's object by name, from its declared label evaluated over the record as it was stored (after the change,
 * or before a deletion): 'TSL-JSR-R01', 'Night driving'. One statement per object type for a page; null where the
 * type is not declared (any more) or its label reads nothing.
 */
export async function objectNames(
  q: Queryable,
  entries: readonly { objectType: string; before: object | null; after: object | null }[],
): Promise<(string | null)[]> {
  const names: (string | null)[] = entries.map(() => null);
  const byType = new Map<string, { entry: (typeof entries)[number]; i: number }[]>();
  entries.forEach((entry, i) => {
    byType.set(entry.objectType, [...(byType.get(entry.objectType) ?? []), { entry, i }]);
  });
  for (const [type, group] of byType) {
    const declaration = audited(type);
    if (!declaration) continue;
    const records = group.map(({ entry }) => entry.after ?? entry.before ?? {});
    // Digests are not the column's type (an md5 text for a bytea logo): left out, as no label reads them.
    const digests = declaration.digests ?? [];
    const rows = await q.query<{ i: number; name: string | null }>(
      `select (x.i - 1)::int as i, (${declaration.label})::text as name
         from jsonb_array_elements($1::jsonb) with ordinality x(j, i),
              lateral jsonb_populate_record(null::${declaration.table}, x.j - $2::text[]) t`,
      [JSON.stringify(records), digests],
    );
    for (const row of rows) {
      const at = group[row.i]?.i;
      if (at !== undefined && row.name) names[at] = row.name;
    }
  }
  return names;
}
