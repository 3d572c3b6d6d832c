import { availableParallelism } from 'node:os';
import pg from 'pg';
import type { Queryable, Store } from './store';
import { announceActor } from './actor';
import { fairShare } from './fair-store';

/** Same value shapes as the PGlite driver: int8 as number, date as 'YYYY-MM-DD'. */
const TYPE_PARSERS: Record<number, (text: string) => unknown> = { 20: Number, 1082: (text) => text };

const types: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) => TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format),
};

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    // The rows typed as the caller's query says (what Queryable promises, as PGlite's driver types them).
    async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
      return (await client.query<T & pg.QueryResultRow>(sql, params)).rows;
    },
    async one<T>(sql: string, params: unknown[] = []): Promise<T | null> {
      return (await client.query<T & pg.QueryResultRow>(sql, params)).rows[0] ?? null;
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple query protocol, which accepts several statements.
      await client.query(sql);
    },
  };
}

/** A whole number from 1 in `value`, else `fallback`. */
const count = (value: string | undefined, fallback: number) =>
  Number.isInteger(Number(value)) && Number(value) >= 1 ? Number(value) : fallback;

/**
 * A PostgreSQL server through a `pg` connection pool (`DATABASE_URL`; `PG_POOL_SIZE` connections, default 10);
 * several API instances may share it. One desk holds at most `PG_DESK_CONNECTIONS` of them at once (default half, at
 * most the number of cores),
 * and a freed connection goes to the desk served longest ago (server/store/fair-store.ts).
 */
export async function openPgStore(connectionString: string): Promise<Store> {
  const size = count(process.env.PG_POOL_SIZE, 10);
  // A desk running more statements at once than there are cores only takes them from the other desks.
  const deskCap = count(
    process.env.PG_DESK_CONNECTIONS,
    Math.max(1, Math.min(Math.floor(size / 2), availableParallelism())),
  );
  const pool = new pg.Pool({ connectionString, types, max: size });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('select 1');
  return fairShare(
    {
      kind: 'postgres',
      ...queryable(pool),
      async tx(fn) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const q = queryable(client);
          await announceActor(q);
          const result = await fn(q);
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    },
    { connections: size, deskCap },
  );
}
