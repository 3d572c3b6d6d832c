/**
 * Boots the real platform API for contract tests: a fresh database (in-memory PGlite, or a new PostgreSQL
 * database when DATABASE_URL is set), migrations and seed, then calls through Fastify's `inject`.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import type { Queryable, Store } from '../../server/store/store';
import { openPgliteStore } from '../../server/store/pglite-store';
import { openPgStore } from '../../server/store/pg-store';
import { authCalls, fullPath, platformCalls, SERVICE_BASES } from '../../schemas/api';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { exportCalls } from '../../schemas/api/exports';
import { logAnswers } from './answer-log';
import { createPgDatabase } from '../setup/db-template';

/** A database the suite can open (again, for restarts) and finally throw away. */
export interface TestDatabase {
  open(): Promise<Store>;
  drop(): Promise<void>;
  /** A PostgreSQL database's connection URL (for processes of their own); none for PGlite. */
  url?: string;
}

/** A kind of database the suites run against. */
export interface Backend {
  name: string;
  /** A new, empty database; `dataDir` keeps PGlite on disk (restart tests). */
  create(dataDir?: string): Promise<TestDatabase>;
  /**
   * A new database already migrated and seeded: a copy of the run's template (tests/setup/server-global.ts), or
   * an empty one outside that setup. Used by {@link bootFresh}; the app's own migrate and seed then find it done.
   * `dataDir` keeps PGlite on disk (restart tests that need not watch migrate and seed start from nothing).
   */
  prepared(dataDir?: string): Promise<TestDatabase>;
}

/** What the server suite's global setup provides ('' or undefined outside it, e.g. a file run by another project). */
function provided(key: 'pgliteTemplate' | 'pgTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** The prepared PGlite dump, read once per test file. */
let pgliteDump: Promise<Blob | undefined> | undefined;
function pgliteTemplate(): Promise<Blob | undefined> {
  const file = provided('pgliteTemplate');
  pgliteDump ??= file ? readFile(file).then((b) => new Blob([b])) : Promise.resolve(undefined);
  return pgliteDump;
}

const pglite: Backend = {
  name: 'pglite',
  async create(dataDir) {
    let store: Store | undefined;
    return {
      // In memory there is nothing to reopen: the first store is the database.
      open: async () => {
        if (dataDir || !store) store = await openPgliteStore(dataDir);
        return store;
      },
      drop: async () => undefined,
    };
  },
  async prepared(dataDir) {
    const dump = await pgliteTemplate();
    if (!dump) return pglite.create(dataDir);
    let store: Store | undefined;
    return {
      // On disk, the first open unpacks the template there and a later one reopens what it left.
      open: async () => {
        if (!store) store = await openPgliteStore(dataDir, dump);
        else if (dataDir) store = await openPgliteStore(dataDir);
        return store;
      },
      drop: async () => undefined,
    };
  },
};

/** A uniquely named database on the server of DATABASE_URL, dropped afterwards. */
function postgres(url: string): Backend {
  /** A new database, a copy of `template` when given. */
  async function create(template = ''): Promise<TestDatabase> {
    const db = await createPgDatabase(url, 'lego_test_', template);
    return { url: db.url, open: () => openPgStore(db.url), drop: db.drop };
  }
  return {
    name: 'postgres',
    create: () => create(),
    prepared: () => create(provided('pgTemplate')),
  };
}

/** The PostgreSQL backend alone, when DATABASE_URL is set. */
export const POSTGRES: Backend | null = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL) : null;
/**
 * Both stores, PGlite always and PostgreSQL too when DATABASE_URL is set: for the suites about the store itself
 * (restarts and a job taken over after one, its extensions and indexes, its fair share, the fuzz sweep shared between
 * the two).
 */
export const EVERY_BACKEND: Backend[] = [pglite, ...(POSTGRES ? [POSTGRES] : [])];
/**
 * The store the contract suites run on: PostgreSQL when DATABASE_URL is set (CI sets it), as several instances share
 * it and where two desks at once really race; PGlite otherwise. The SQL is the same on both; PGlite, the console's
 * default store, is what every browser test runs its console on, and the suites of {@link EVERY_BACKEND} run on it too.
 * A contract suite once ran on both, and paid two and a half seconds of a busy core for each PGlite it opened.
 */
export const BACKENDS: Backend[] = [POSTGRES ?? pglite];

/** An answer of `inject` with the JSON body parsed. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read answers of every shape (some 470 places); a call that wants a checked body names T
export interface Answer<T = any> {
  status: number;
  headers: Record<string, unknown>;
  body: T;
}

/** Extra request settings: headers, and the client address (default: a fresh random one per call). */
export interface CallOptions {
  headers?: Record<string, string>;
  ip?: string;
}

/** Calls the app; `body` is sent as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: the tests read answers of every shape (some 470 places); a call that wants a checked body names T
export type Call = <T = any>(
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  options?: CallOptions,
) => Promise<Answer<T>>;

/** A booted app with its database. */
export interface TestApp {
  app: FastifyInstance;
  store: Store;
  /** Calls without credentials (from a fresh client address each time unless `remoteAddress` is given). */
  call: Call;
  /** Logs in by one-time code through the outbox and returns a call that carries the desk token. */
  login(
    email: string,
  ): Promise<{ call: Call; token: string; deskToken: string; user: { id: string; name: string; email: string } }>;
  close(): Promise<void>;
}

/** A random private client address, so logins of different tests do not share the per-IP rate limit. */
export const randomIp = () => `10.${randomBytes(3).join('.')}`;

/** The call function of `app`, with `extra` headers on every request. */
export function caller(app: FastifyInstance, extra: Record<string, string> = {}): Call {
  return async (method, url, body, options = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...extra, ...options.headers },
      remoteAddress: options.ip ?? randomIp(),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    let parsed: unknown = res.body;
    try {
      parsed = JSON.parse(res.body);
    } catch {
      // Not JSON (a logo, the console page): keep the text.
    }
    return { status: res.statusCode, headers: res.headers, body: parsed as never };
  };
}

/** The newest code in the outbox for `to`. */
export async function latestCode(call: Call, to: string): Promise<string> {
  const outbox = (
    await call<{ to: string; body: string }[]>('GET', platformCalls.outbox.path, undefined, { ip: '127.0.0.1' })
  ).body;
  const code = outbox
    .filter((m) => m.to === to)
    .at(-1)
    ?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to} in the outbox`);
  return code;
}

/**
 * Boots the app on an opened store. `logged: false` keeps its answers out of the suite's answer log: an app serving
 * calls the suite's API document does not hold (a resource a test declares).
 */
export async function startApp(
  store: Store,
  options: Partial<BuildOptions> = {},
  { logged = true } = {},
): Promise<TestApp> {
  // No report scheduler on the real clock (a seeded schedule falling due mid-test would mail into the outbox); the
  // scheduler's tests tick it themselves.
  const app = await buildApp({ store, ...options, jobs: { reportTickSeconds: 0, ...options.jobs } });
  // Every answer is compared with the API document at the end of the run (documented-answers.test.ts); an app that
  // serves calls of a test's own (`routes`), which the document does not hold, is left out.
  if (!options.routes && logged) logAnswers(app);
  const call = caller(app);
  return {
    app,
    store,
    call,
    async login(email) {
      const requested = await call('POST', authCalls.requestCode.path, { identifier: email });
      if (requested.status !== 200) throw new Error(`code request failed: ${JSON.stringify(requested.body)}`);
      const code = await latestCode(call, email);
      const verified = await call('POST', authCalls.verifyCode.path, { identifier: email, code });
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      const { token, deskToken, user } = verified.body.data;
      return { call: caller(app, { authorization: `Bearer ${deskToken}` }), token, deskToken, user };
    },
    close: () => app.close(),
  };
}

/** A fresh database of `backend` with the app booted on it; `close` stops the app and drops the database. */
export async function bootFresh(backend: Backend, options: Partial<BuildOptions> = {}): Promise<TestApp> {
  // A prepared copy starts as migrate and seed would leave an empty database; `prepare: false` asks for an empty one.
  const db = options.prepare === false ? await backend.create() : await backend.prepared();
  const store = await db.open();
  const started = await startApp(store, options);
  return {
    ...started,
    async close() {
      await started.close();
      await store.close();
      await db.drop();
    },
  };
}

/** Number of rows of a table. */
export async function count(store: Store, table: string): Promise<number> {
  return (await store.one<{ n: number }>(`select count(*)::int as n from ${table}`))!.n;
}

/** A data-family failure as the API answers it (API.md "Alerts and display"). */
export const dataFailure = (message: string) => ({ status: 'error', result: { status: 0, message } });

/**
 * The audit log of `objectType` in `companyId` as its export writes it (CSV), one line per entry, newest first: the
 * object and its changed fields, each in its declaration's words (the Audit Log's Object and Changed Fields cells).
 */
export async function auditInWords(
  app: FastifyInstance,
  token: string,
  companyId: string,
  objectType: string,
): Promise<string[]> {
  const columns = [
    { title: 'Object', field: 'objectType', text: 'auditObject' },
    { title: 'Changes', field: 'changes', text: 'auditChanges' },
  ];
  const query = new URLSearchParams({ c: companyId, format: 'csv', objectType, columns: JSON.stringify(columns) });
  const csv = await app.inject({
    method: 'GET',
    url: `${fullPath(exportCalls['audit-log'], SERVICE_BASES)}?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return csv.body.split('\r\n').slice(1);
}

/** Copies Compare's `items` from company `from` to `to` as the console does: the preview, then its apply by token. */
export async function copyItems(call: Call, from: string, to: string, items: { area: string; key: string }[]) {
  const preview = await call('POST', fullPath(configCopyCalls.copyPreview, SERVICE_BASES), { c: from, tc: to, items });
  const applied = await call('POST', fullPath(configCopyCalls.copyApply, SERVICE_BASES), {
    c: from,
    tc: to,
    items,
    token: preview.body.data?.token,
  });
  return { preview, applied };
}

/**
 * Holds a transaction open after `write` (on PostgreSQL, on a connection of its own), so that a call meets its
 * uncommitted rows; `commitOnceWaited` commits it once some statement waits on a lock (the call's, on the rows).
 */
export async function heldWrite(store: Store, write: (q: Queryable) => Promise<unknown>) {
  let written!: () => void;
  let release!: () => void;
  const done = new Promise<void>((resolve) => (written = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  const holder = store.tx(async (q) => {
    await write(q);
    written();
    await gate;
  });
  await done;
  return {
    async commitOnceWaited(): Promise<void> {
      for (let i = 0; i < 500 && !(await store.one('select 1 from pg_locks where not granted')); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      release();
      await holder;
    },
  };
}
