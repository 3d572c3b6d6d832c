import type { Queryable } from '../store/store';

/** Columns whose values are ids of the company's own places in its structure, with where their names are kept. */
const NAMED_COLUMNS = {
  branch_id: 'select id, name from branches where company_id = $1 and id = any($2::text[])',
  department_id: 'select id, name from departments where company_id = $1 and id = any($2::text[])',
} as const;

type Named = keyof typeof NAMED_COLUMNS;
const isNamed = (field: string): field is Named => Object.hasOwn(NAMED_COLUMNS, field);

/**
 * The Audit Log's changes with a branch or department shown by its name beside its id ('Jamshedpur (3101)'), read in
 * one statement per kind for a whole page; an id the company does not have (any more) stays as it is.
 */
export async function withNames<C extends { field: string; before: string | null; after: string | null }>(
  q: Queryable,
  companyId: string,
  changes: C[][],
): Promise<C[][]> {
  const names = new Map<string, string>();
  for (const [column, sql] of Object.entries(NAMED_COLUMNS)) {
    const ids = new Set<string>();
    for (const change of changes.flat())
      if (change.field === column) for (const value of [change.before, change.after]) if (value) ids.add(value);
    if (ids.size === 0) continue;
    for (const row of await q.query<{ id: string; name: string }>(sql, [companyId, [...ids]]))
      names.set(`${column}:${row.id}`, `${row.name} (${row.id})`);
  }
  const named = (field: Named, value: string | null) => (value && names.get(`${field}:${value}`)) || value;
  return changes.map((list) =>
    list.map((change) =>
      isNamed(change.field)
        ? { ...change, before: named(change.field, change.before), after: named(change.field, change.after) }
        : change,
    ),
  );
}
