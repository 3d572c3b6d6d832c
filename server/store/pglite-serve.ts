import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { MessagePort } from 'node:worker_threads';

/**
 * The extensions the migrations may create: PGlite loads an extension's files only when it is named here (PostgreSQL
 * ships them in its contrib). pg_trgm indexes the routes list's search (migration 210).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** int8 as a JS number (ids and epoch milliseconds stay far below 2^53); dates as 'YYYY-MM-DD' text. */
export const PARSERS = { 20: Number, 1082: (text: string) => text } as const;

/** What the API's thread asks of the database's. */
export type DatabaseRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'close' };

/** A database error's fields, sent across as data (a thread's Error keeps only its message): code, detail, .... */
export type ErrorFields = Record<string, string | number | undefined> & { message: string };

/** The database thread's answer to a request. */
export type DatabaseAnswer = { id: number; rows: unknown[] } | { id: number; error: ErrorFields };

/** The thread's start: where the data lives, or the dump it starts from; PostgreSQL's WebAssembly, compiled. */
export interface DatabaseStart {
  dataDir?: string;
  dump?: ArrayBuffer;
  wasm?: WebAssembly.Module;
}

/** The fields of a PostgreSQL error the API reads (server/repos/record-refusal.ts, http/validation.ts). */
const ERROR_FIELDS = ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'routine'];

function fieldsOf(err: unknown): ErrorFields {
  const fields: ErrorFields = { message: err instanceof Error ? err.message : String(err) };
  if (typeof err === 'object' && err !== null)
    for (const [key, value] of Object.entries(err))
      if (ERROR_FIELDS.includes(key) && (typeof value === 'string' || typeof value === 'number')) fields[key] = value;
  return fields;
}

/**
 * Opens PGlite in this thread and answers the API thread's statements, one at a time, in the order they come (the
 * API's fair gate decides that order: server/store/fair-store.ts). A transaction is the API's `begin` ... `commit`
 * on this one connection.
 */
export async function serveDatabase(port: MessagePort | null, start: DatabaseStart): Promise<void> {
  if (!port) throw new Error('the database thread has no parent');
  const db = await PGlite.create({
    dataDir: start.dataDir,
    parsers: PARSERS,
    extensions: PGLITE_EXTENSIONS,
    ...(start.wasm && { pgliteWasmModule: start.wasm }),
    ...(start.dump ? { loadDataDir: new Blob([start.dump]) } : {}),
  });
  port.on('message', async (request: DatabaseRequest) => {
    try {
      if (request.op === 'close') {
        await db.close();
        port.postMessage({ id: request.id, rows: [] } satisfies DatabaseAnswer);
        port.close();
        return;
      }
      if (request.op === 'exec') await db.exec(request.sql);
      const rows = request.op === 'query' ? (await db.query(request.sql, request.params)).rows : [];
      port.postMessage({ id: request.id, rows } satisfies DatabaseAnswer);
    } catch (err) {
      port.postMessage({ id: request.id, error: fieldsOf(err) } satisfies DatabaseAnswer);
    }
  });
  port.postMessage({ id: 0, rows: [] } satisfies DatabaseAnswer);
}
