import { type AuditedTable, auditedTable } from '../../schemas/audited';
import { errorCode } from '../errors';

/** The column a database error names, when it names one. */
const columnOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'column' in error && typeof error.column === 'string'
    ? error.column
    : undefined;
import { ApiError } from '../http/envelope';
import type { Queryable } from '../store/store';
import { inSavepoint } from './savepoint';

/** A stored row as PostgreSQL's `to_jsonb` gives it: its columns by name. */
export type RowDoc = Record<string, unknown>;

/** The row as a record of its table, for SQL over `r` (`$1` is the row's JSON). */
const asRecord = (table: string) => `jsonb_populate_record(null::${table}, $1::jsonb) r`;

/** A record's name in messages, from its declared label evaluated over the row (its id when that reads nothing). */
async function labelOf(q: Queryable, declaration: AuditedTable, row: RowDoc): Promise<string> {
  const found = await q.one<{ label: string | null }>(
    `select (${declaration.label})::text as label from jsonb_populate_record(null::${declaration.table}, $1::jsonb) t`,
    [JSON.stringify(row)],
  );
  return found?.label ?? String(row[declaration.id] ?? '');
}

/** SQL over `t`: the record is the company `$n`'s, by its own company_id or its parent's. */
export function ofCompany(declaration: AuditedTable, n: number): string {
  return typeof declaration.tenant === 'string'
    ? `t.company_id = $${n}`
    : `exists (select 1 from ${declaration.tenant.parent} p where p.id = t."${declaration.tenant.via}" and p.company_id = $${n})`;
}

/** Words for a table: its declaration's plural, else its name. */
const pluralOf = (table: string) => auditedTable(table)?.plural ?? table.replaceAll('_', ' ');

/**
 * A unique refusal in words: the other record that holds the value (each unique index of the table is tried over
 * the row), e.g. "Known place code KP-17 is taken by 'Pune Hub'". `self` is the row's own key when it is an update.
 */
async function takenText(
  q: Queryable,
  declaration: AuditedTable,
  companyId: string,
  row: RowDoc,
  self: boolean,
): Promise<string> {
  // Whether the other record is the same company's: only then is it named.
  const mine = ofCompany(declaration, 2);
  const indexes = await q.query<{ exprs: string[]; pred: string | null }>(
    `select array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts) k) as exprs,
            pg_get_expr(i.indpred, i.indrelid) as pred
       from pg_index i where i.indrelid = $1::regclass and i.indisunique order by i.indisprimary desc`,
    [declaration.table],
  );
  const notSelf = self
    ? ` and not exists (select 1 from ${asRecord(declaration.table)} where ${declaration.key.map((c) => `t."${c}" = r."${c}"`).join(' and ')})`
    : '';
  for (const { exprs, pred } of indexes) {
    const other = await q.one<{ label: string | null; mine: boolean }>(
      `select (${declaration.label})::text as label, ${mine} as mine from ${declaration.table} t
        where (${exprs.join(', ')}) = (select ${exprs.join(', ')} from jsonb_populate_record(null::${declaration.table}, $1::jsonb))
          ${pred ? `and (${pred})` : ''}${notSelf}
        limit 1`,
      [JSON.stringify(row), companyId],
    );
    if (!other) continue;
    if (!other.mine) return `${declaration.name} ${await labelOf(q, declaration, row)} is already there`;
    // A value that is taken alone names its field; a combination of several fields names the record.
    const fields = Object.entries(declaration.fields ?? {}).filter(([column]) =>
      exprs.some((expr) => new RegExp(`\\b${column}\\b`).test(expr)),
    );
    const named = fields.length === 1 ? fields[0] : undefined;
    const what = named
      ? `${declaration.name} ${named[1]} ${String(row[named[0]] ?? '')}`
      : `${declaration.name} ${await labelOf(q, declaration, row)}`;
    return `${what} is taken by '${other.label ?? ''}'`;
  }
  return `${declaration.name} ${await labelOf(q, declaration, row)} is already there`;
}

/**
 * The foreign keys of the table's rows to others (`outgoing`), or of others to its rows (those that refuse a deletion,
 * or all of them with `all`), with their one column each.
 */
async function foreignKeys(q: Queryable, table: string, outgoing: boolean, all = false) {
  return q.query<{ referencing: string; column: string; referenced: string; target: string }>(
    `select c.conrelid::regclass::text as referencing, a.attname as column, c.confrelid::regclass::text as referenced,
            af.attname as target
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and ${outgoing ? 'c.conrelid' : 'c.confrelid'} = $1::regclass
        ${outgoing || all ? '' : "and c.confdeltype in ('a', 'r')"}`,
    [table],
  );
}

/**
 * A foreign key refusal in words: a deleted record others still use ("Vehicle MH12AB1234 is used by 3 freight
 * rates"), or a written one that names a record no longer there.
 */
async function referenceText(q: Queryable, declaration: AuditedTable, row: RowDoc, deleting: boolean) {
  const name = `${declaration.name} ${await labelOf(q, declaration, row)}`;
  if (deleting) return (await usedBy(q, declaration, row)) ?? `${name} is used by other records: it cannot be deleted`;
  for (const fk of await foreignKeys(q, declaration.table, true)) {
    const value = row[fk.column];
    if (value === null || value === undefined) continue;
    const there = await q.one(`select 1 from ${fk.referenced} x where x."${fk.target}"::text = $1`, [String(value)]);
    if (!there) {
      const what = auditedTable(fk.referenced)?.name.toLowerCase() ?? fk.referenced.replaceAll('_', ' ');
      return `${name} names a ${what} that is no longer there (${String(value)})`;
    }
  }
  return `${name} names a record that is no longer there`;
}

/**
 * Why a record cannot be deleted without touching others' rows: the rows of every table that names it ("Vehicle
 * MH12AB1234 is used by 3 freight rates", "Route JSR-CCU is used by 4 route waypoints and 12 trips"), or null.
 */
export async function usedBy(q: Queryable, declaration: AuditedTable, row: RowDoc): Promise<string | null> {
  const uses: string[] = [];
  for (const fk of await foreignKeys(q, declaration.table, false, true)) {
    const used = await q.one<{ n: number }>(
      `select count(*)::int as n from ${fk.referencing} x where x."${fk.column}"::text = $1`,
      [String(row[fk.target] ?? '')],
    );
    if (used && used.n > 0) uses.push(`${used.n} ${pluralOf(fk.referencing)}`);
  }
  if (uses.length === 0) return null;
  return `${declaration.name} ${await labelOf(q, declaration, row)} is used by ${uses.join(' and ')}: it cannot be deleted`;
}

/**
 * Runs one write of a record under a savepoint; a unique or foreign key refusal of the database answers 409 in
 * words, never a constraint's name (the transaction stays usable to find the words, and is then rolled back by the
 * error).
 */
export async function writeOrRefuse<T>(
  q: Queryable,
  declaration: AuditedTable,
  write: { companyId: string; row: RowDoc; action: 'insert' | 'update' | 'delete' },
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await inSavepoint(q, 'record_write', fn);
  } catch (error) {
    const code = errorCode(error);
    if (code === '23505')
      throw new ApiError(409, [await takenText(q, declaration, write.companyId, write.row, write.action === 'update')]);
    if (code === '23503')
      throw new ApiError(409, [await referenceText(q, declaration, write.row, write.action === 'delete')]);
    // A rule the table gained since the row was recorded (a required column, a check).
    if (code === '23502' || code === '23514')
      throw new ApiError(409, [
        `${declaration.name} ${await labelOf(q, declaration, write.row)} can no longer be put back as it was: ${code === '23502' ? `${columnOf(error) ?? 'a column'} is now required` : 'a rule of the table refuses it'}`,
      ]);
    throw error;
  }
}
