import { PGlite } from '@electric-sql/pglite';
import type { Queryable, Store } from './store';
import { announceActor } from './actor';
import { fairShare } from './fair-store';

/** int8 as a JS number (ids and epoch milliseconds stay far below 2^53); dates as 'YYYY-MM-DD' text. */
export const PARSERS = { 20: Number, 1082: (text: string) => text } as const;

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function queryable(db: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async one<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows[0] ?? null;
    },
    async exec(sql: string) {
      await db.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite). `dataDir` keeps the data on disk across restarts; without it the database lives
 * in memory (tests). `loadDataDir` starts from a dump of another data directory (the tests' prepared copy).
 */
export async function openPgliteStore(dataDir?: string, loadDataDir?: Blob): Promise<Store> {
  const db = await PGlite.create({ dataDir, parsers: PARSERS, ...(loadDataDir ? { loadDataDir } : {}) });
  // One connection: each statement or transaction is a turn, handed fairly among desks (server/store/fair-store.ts).
  return fairShare(
    {
      kind: 'pglite',
      ...queryable(db),
      tx: (fn) =>
        db.transaction(async (tx) => {
          const q = queryable(tx);
          await announceActor(q);
          return fn(q);
        }),
      close: () => db.close(),
    },
    { connections: 1 },
  );
}
