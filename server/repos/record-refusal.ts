import { type AuditedTable, auditedTable } from '../../schemas/audited';
import { errorCode } from '../errors';
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

/** Words for a table: its declaration's plural, else its name. */
const pluralOf = (table: string) => auditedTable(table)?.plural ?? table.replaceAll('_', ' ');

/**
 * A unique refusal in words: the other record that holds the value (each unique index of the table is tried over
 * the row), e.g. "Known place code KP-17 is taken by 'Pune Hub'". `self` is the row's own key when it is an update.
 */
async function takenText(q: Queryable, declaration: AuditedTable, row: RowDoc, self: boolean): Promise<string> {
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
    const other = await q.one<{ label: string | null }>(
      `select (${declaration.label})::text as label from ${declaration.table} t
        where (${exprs.join(', ')}) = (select ${exprs.join(', ')} from jsonb_populate_record(null::${declaration.table}, $1::jsonb))
          ${pred ? `and (${pred})` : ''}${notSelf}
        limit 1`,
      [JSON.stringify(row)],
    );
    if (!other) continue;
    const named = Object.entries(declaration.fields ?? {}).find(([column]) =>
      exprs.some((expr) => new RegExp(`\\b${column}\\b`).test(expr)),
    );
    const what = named
      ? `${declaration.name} ${named[1]} ${String(row[named[0]] ?? '')}`
      : `${declaration.name} ${await labelOf(q, declaration, row)}`;
    return `${what} is taken by '${other.label ?? ''}'`;
  }
  return `${declaration.name} ${await labelOf(q, declaration, row)} is already there`;
}

/** The foreign keys of the table's rows to others (`outgoing`), or of others to its rows, with their one column each. */
async function foreignKeys(q: Queryable, table: string, outgoing: boolean) {
  return q.query<{ referencing: string; column: string; referenced: string; target: string }>(
    `select c.conrelid::regclass::text as referencing, a.attname as column, c.confrelid::regclass::text as referenced,
            af.attname as target
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and ${outgoing ? 'c.conrelid' : 'c.confrelid'} = $1::regclass
        ${outgoing ? '' : "and c.confdeltype in ('a', 'r')"}`,
    [table],
  );
}

/**
 * A foreign key refusal in words: a deleted record others still use ("Vehicle MH12AB1234 is used by 3 freight
 * rates"), or a written one that names a record no longer there.
 */
async function referenceText(q: Queryable, declaration: AuditedTable, row: RowDoc, deleting: boolean) {
  const name = `${declaration.name} ${await labelOf(q, declaration, row)}`;
  if (deleting) {
    const uses: string[] = [];
    for (const fk of await foreignKeys(q, declaration.table, false)) {
      const used = await q.one<{ n: number }>(
        `select count(*)::int as n from ${fk.referencing} x where x."${fk.column}"::text = $1`,
        [String(row[fk.target] ?? '')],
      );
      if (used && used.n > 0) uses.push(`${used.n} ${pluralOf(fk.referencing)}`);
    }
    return `${name} is used by ${uses.join(' and ') || 'other records'}: it cannot be deleted`;
  }
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
 * Runs one write of a record under a savepoint; a unique or foreign key refusal of the database answers 409 in
 * words, never a constraint's name (the transaction stays usable to find the words, and is then rolled back by the
 * error).
 */
export async function writeOrRefuse<T>(
  q: Queryable,
  declaration: AuditedTable,
  write: { row: RowDoc; action: 'insert' | 'update' | 'delete' },
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await inSavepoint(q, 'record_write', fn);
  } catch (error) {
    const code = errorCode(error);
    if (code === '23505')
      throw new ApiError(409, [await takenText(q, declaration, write.row, write.action === 'update')]);
    if (code === '23503')
      throw new ApiError(409, [await referenceText(q, declaration, write.row, write.action === 'delete')]);
    throw error;
  }
}
