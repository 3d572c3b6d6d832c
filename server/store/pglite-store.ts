import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Queryable, Store } from './store';
import { announceActor } from './actor';
import { fairShare } from './fair-store';
import type { DatabaseAnswer, DatabaseRequest, DatabaseStart, ErrorFields } from './pglite-serve';

export { PARSERS } from './pglite-serve';

/** An error of the database thread as the drivers throw them: an Error with its SQLSTATE `code`, detail, .... */
function databaseError(fields: ErrorFields): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** Distributes `Omit<DatabaseRequest, 'id'>` over the union's members. */
type Ask = DatabaseRequest extends infer R ? (R extends DatabaseRequest ? Omit<R, 'id'> : never) : never;

/**
 * Starts the database thread (server/store/pglite-thread.mjs) and answers a function that sends it one request and
 * waits for its answer. Requests are answered in the order sent.
 */
async function startThread(
  start: DatabaseStart,
): Promise<{ ask(request: Ask): Promise<unknown[]>; ended: Promise<void> }> {
  const thread = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
    workerData: start,
    transferList: start.dump ? [start.dump] : [],
    // The entry registers tsx itself: the parent's flags (Vitest's, --import tsx) are not the thread's.
    execArgv: [],
  });
  const waiting = new Map<number, { resolve(rows: unknown[]): void; reject(err: Error): void }>();
  let next = 1;
  let failure: Error | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  thread.on('message', (answer: DatabaseAnswer) => {
    const waiter = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('error' in answer) waiter?.reject(databaseError(answer.error));
    else waiter?.resolve(answer.rows);
  });
  const fail = (err: Error) => {
    failure = err;
    for (const waiter of waiting.values()) waiter.reject(err);
    waiting.clear();
  };
  thread.on('error', fail);
  const ended = new Promise<void>((resolve) => {
    thread.once('exit', () => {
      fail(new Error('the database thread has ended'));
      resolve();
    });
  });
  await ready;
  return {
    ended,
    ask(request) {
      if (failure) return Promise.reject(failure);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        thread.postMessage({ ...request, id });
      });
    },
  };
}

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to each database thread: a thread that compiled it
 * itself would spend most of a second on it (every test file opens one, and a restart opens it again).
 */
let compiled: Promise<WebAssembly.Module> | undefined;
function pgliteWasm(): Promise<WebAssembly.Module> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  return compiled;
}

/**
 * Embedded PostgreSQL (PGlite), in a thread of its own so that the API's thread keeps answering while a statement
 * runs (WebAssembly runs on the thread that calls it). `dataDir` keeps the data on disk across restarts; without it
 * the database lives in memory (tests). `dump` starts it from a dump of another data directory (the tests' prepared
 * copy).
 */
export async function openPgliteStore(dataDir?: string, dump?: Blob): Promise<Store> {
  const thread = await startThread({
    dataDir,
    dump: dump ? await dump.arrayBuffer() : undefined,
    wasm: await pgliteWasm(),
  });
  const q: Queryable = {
    query: async <T>(sql: string, params: unknown[] = []) =>
      // The rows as the caller's query types them (what Queryable promises; cloned data the compiler cannot follow).
      (await thread.ask({ op: 'query', sql, params })) as T[],
    async one<T>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params))[0] ?? null;
    },
    async exec(sql: string) {
      await thread.ask({ op: 'exec', sql });
    },
  };
  // One connection: each statement or transaction is a turn, handed fairly among desks (server/store/fair-store.ts);
  // a transaction is `begin` ... `commit` on it, no other statement coming between.
  return fairShare(
    {
      kind: 'pglite',
      ...q,
      async tx(fn) {
        await q.exec('begin');
        try {
          await announceActor(q);
          const result = await fn(q);
          await q.exec('commit');
          return result;
        } catch (err) {
          await q.exec('rollback').catch(() => undefined);
          throw err;
        }
      },
      async close() {
        await thread.ask({ op: 'close' });
        await thread.ended;
      },
    },
    { connections: 1 },
  );
}
