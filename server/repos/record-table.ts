import type { Queryable, Store } from '../store/store';
import { refusingDuplicate } from '../store/unique';
import { scopeFilter, type Scope } from './scope-repository';
import { versionedTable, type Expected } from './versioned';

/** How a plain record's table is laid out (the calls of `recordCalls`, schemas/api/records.ts). */
export interface RecordLayout<R> {
  /** The column (or, for a field no body sends, an expression) of each field of the record but its `id`. */
  columns: { readonly [K in Exclude<keyof R, 'id'>]-?: string };
  /** The order of the list (default `id`). */
  order?: string;
  /** The refusal of a save that breaks a unique constraint (409); without it, such a save is a server error. */
  taken?: string;
}

/**
 * The SQL of a plain company record `R`: rows of `table` with `id`, `company_id`, `branch_id`, `department_id`, a
 * `version` and a column for each field. A create is put in the scope it is made in; a write sends only the fields of
 * its body that are columns, in a transaction (the audit log records it); reads and writes of one record answer it
 * with its version (for the ETag), and a stale If-Match changes nothing (412, `versionedTable`).
 */
export function recordTable<R extends { id: string }>(table: string, layout: RecordLayout<R>) {
  const versioned = versionedTable(table);
  const columns = new Map(Object.entries<string>(layout.columns));
  const returning = ['id', 'version', ...[...columns].map(([field, column]) => `${column} as "${field}"`)].join(', ');
  /** The body's fields that are columns: their columns and values. */
  const written = (body: Partial<R>) =>
    Object.entries(body).flatMap(([field, value]) => (columns.has(field) ? [[columns.get(field)!, value]] : []));
  const saving = <T>(write: () => Promise<T>) => (layout.taken ? refusingDuplicate(layout.taken, write) : write());
  type Row = R & { version: number };
  return {
    /** The scope's records (the company's; with a branch or department chosen, that one's). */
    list(q: Queryable, scope: Scope): Promise<R[]> {
      const filter = scopeFilter(scope);
      return q.query<R>(
        `select ${returning} from ${table} where ${filter.sql} order by ${layout.order ?? 'id'}`,
        filter.params,
      );
    },
    /** One record with its version. */
    read: (q: Queryable, id: string) => versioned.read<Row>(q, { key: id, expected: null, returning }),
    /** Adds a record with this id in the scope. */
    insert(store: Store, scope: Scope, id: string, body: Partial<R>): Promise<Row> {
      const fields = written(body);
      const names = fields.map(([column]) => `, ${column}`).join('');
      const values = fields.map((_, i) => `, $${i + 5}`).join('');
      return saving(() =>
        store.tx(
          async (q) =>
            (await q.one<Row>(
              `insert into ${table} (id, company_id, branch_id, department_id${names}) values ($1, $2, $3, $4${values}) returning ${returning}`,
              [id, scope.companyId, scope.branchId, scope.departmentId, ...fields.map(([, value]) => value)],
            ))!,
        ),
      );
    },
    /** Changes the body's fields of a record that has an expected version. */
    update(store: Store, id: string, body: Partial<R>, expected: Expected): Promise<Row> {
      const fields = written(body);
      const set = fields.map(([column], i) => `${column} = $${i + 3}`).join(', ');
      return saving(() =>
        store.tx((q) =>
          versioned.update<Row>(q, { key: id, expected, set, values: fields.map(([, value]) => value), returning }),
        ),
      );
    },
    /** Deletes a record that has an expected version. */
    async remove(store: Store, id: string, expected: Expected): Promise<null> {
      await store.tx((q) => versioned.remove(q, { key: id, expected }));
      return null;
    },
  };
}
