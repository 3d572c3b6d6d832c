import type { Queryable, Store } from './store';

/**
 * A store whose transactions are the one `q` is in: a write that opens a transaction of its own (a declared
 * resource's, server/repos/resource-table.ts) joins the caller's instead, so that several writes are one transaction
 * (a proposal applied as one change set), all written or none.
 */
export const joinedStore = (q: Queryable, kind: Store['kind']): Store => ({
  kind,
  query: (sql, params) => q.query(sql, params),
  one: (sql, params) => q.one(sql, params),
  exec: (sql) => q.exec(sql),
  tx: (fn) => fn(q),
  close: async () => undefined,
});
