import type { Queryable } from '../store/store';

/**
 * Runs `fn` under a savepoint of the current transaction: released when it resolves, rolled back to (and the
 * failure thrown on) when it throws, so one failing step leaves the transaction usable for the next.
 */
export async function inSavepoint<T>(q: Queryable, name: string, fn: () => Promise<T>): Promise<T> {
  await q.query(`savepoint ${name}`);
  try {
    const result = await fn();
    await q.query(`release savepoint ${name}`);
    return result;
  } catch (err) {
    await q.query(`rollback to savepoint ${name}`);
    throw err;
  }
}
