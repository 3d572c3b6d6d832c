import type PgBoss from 'pg-boss';
import type { Queryable } from '../store/store';
import { errorCode } from '../errors';

/** PGlite's refusal of several statements in one parameterised (extended protocol) query. */
const MULTI_STATEMENT = '42601';

/**
 * pg-boss's `db` option over our store (or one of its transactions), so the queue runs on whichever driver the API
 * uses, embedded PGlite included, and a job can be sent inside the transaction that creates its work.
 *
 * Why an adapter: pg-boss sends its schema scripts (several statements, no parameters) through the same call as its
 * queries. `pg` runs a text without parameters with the simple protocol, which takes several statements; PGlite's
 * `query` always uses the extended protocol, which does not, so such a script is run again through `exec` (a parse
 * error happens before anything runs, so nothing is done twice). A script's rows are never read by pg-boss.
 */
export function bossDb(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      try {
        return { rows: (await q.query(text, values)) ?? [] };
      } catch (err) {
        if (values.length > 0 || errorCode(err) !== MULTI_STATEMENT) throw err;
        await q.exec(text);
        return { rows: [] };
      }
    },
  };
}
