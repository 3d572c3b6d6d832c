/**
 * Migrated and seeded databases made once per test run and copied for each boot, instead of running initdb, the
 * migrations and the seed again for every test file (the copies start exactly as a fresh database would).
 *  - PGlite in memory (server suite): a data-directory dump, loaded with `loadDataDir`.
 *  - PGlite on disk (browser suite): a closed data directory, copied per console.
 *  - PostgreSQL (server suite with DATABASE_URL): a template database for `create database ... template`.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../server/store/migrate';
import { seed } from '../../server/seed/seed';
import { openPgliteStore } from '../../server/store/pglite-store';
import { PGLITE_EXTENSIONS } from '../../server/store/pglite-serve';
import { openPgStore } from '../../server/store/pg-store';
import type { Store } from '../../server/store/store';

async function prepare(store: Store): Promise<void> {
  try {
    await migrate(store);
    await seed(store);
  } finally {
    await store.close();
  }
}

/** Writes the dump (an uncompressed tar) of a migrated and seeded in-memory PGlite to `file`. */
export async function writePgliteDump(file: string): Promise<void> {
  const dir = `${file}.dir`;
  await prepare(await openPgliteStore(dir));
  // Reopened bare to dump it: the store does not expose its PGlite.
  const db = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
  const dump = await db.dumpDataDir('none');
  await db.close();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await rm(dir, { recursive: true, force: true });
}

/** Makes `dir` a migrated and seeded PGlite data directory (closed, ready to copy). */
export async function writePgliteDataDir(dir: string): Promise<void> {
  await prepare(await openPgliteStore(dir));
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the server of `url`. */
export function pgDatabaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Creates a migrated and seeded database on the server of `url` and returns its name (no connection left open). */
export async function createPgTemplate(url: string): Promise<string> {
  const name = `lego_tpl_${randomBytes(6).toString('hex')}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  await prepare(await openPgStore(pgDatabaseUrl(url, name)));
  return name;
}

/** Drops a database made here (a template, or a copy), whoever is still connected to it. */
export async function dropPgDatabase(url: string, name: string): Promise<void> {
  await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
}

/** A database of its own on the server of `url`: its name, its URL, and how to drop it. */
export interface PgDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A new database named `prefix` and a random suffix on the server of `url`: empty, or a copy of `template` (a
 * copy of a prepared database is a file copy on the server, far cheaper than migrating and seeding).
 */
export async function createPgDatabase(url: string, prefix: string, template = ''): Promise<PgDatabase> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  await admin(url, (c) => c.query(`create database ${name}${template ? ` template ${template}` : ''}`));
  return { name, url: pgDatabaseUrl(url, name), drop: () => dropPgDatabase(url, name) };
}

/** The databases whose names start with `prefix` (what a run left, to drop at its end). */
export async function pgDatabasesNamed(url: string, prefix: string): Promise<string[]> {
  const rows = await admin(url, (c) =>
    c.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [prefix]),
  );
  return rows.rows.map((row) => row.datname);
}
