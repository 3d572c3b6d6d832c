/**
 * Global setup of the browser suite: a migrated and seeded database that startConsole copies for each console, so
 * each file still gets its own server on its own database without waiting for the migrations and the seed
 * (tests/setup/db-template.ts), with the operator's session on it (logged in once), and the folder of the running
 * servers' pids, whose servers it stops at the end. With DATABASE_URL the consoles run on PostgreSQL (a copy of a
 * template database is a file copy on the server, and native SQL leaves the two cores to Chromium and the other
 * suites: the browser suite's CPU time falls by about a third); else, and with TEST_E2E_PGLITE=1, on PGlite data
 * directories, as `npm start` does. The server suite runs every call on both.
 * Reaches the files by `inject`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgTemplate, dropPgDatabase, pgDatabasesNamed, pgDatabaseUrl, writePgliteDataDir } from './db-template';
import { signInOn } from './console-login';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A prepared PGlite data directory to copy ('' = none: each console starts on an empty one). */
    e2eDataTemplate: string;
    /** A prepared template database on the server of DATABASE_URL to copy ('' = none: consoles run on PGlite). */
    e2ePgTemplate: string;
    /** A folder where each console's server leaves its pid while it runs (tests/e2e/harness.ts). */
    e2eServers: string;
    /** ops@demo.local's session on the prepared database, as JSON (`SignedIn`; '' = none: each file logs in). */
    e2eSession: string;
  }
}

export default async function setup(project: TestProject) {
  const servers = mkdtempSync(join(tmpdir(), 'lego-e2e-servers-'));
  project.provide('e2eServers', servers);
  // At the end, the servers still running (the one started ahead for a next file, or one a failed start left) stop.
  const stopServers = () => {
    for (const file of readdirSync(servers)) {
      try {
        process.kill(Number(file), 'SIGTERM');
      } catch {
        // Gone already.
      }
    }
    rmSync(servers, { recursive: true, force: true });
  };
  // TEST_FRESH_BOOT=1: every console on an empty database, as before (to compare, or to rule this out).
  project.provide('e2ePgTemplate', '');
  if (process.env.TEST_FRESH_BOOT) {
    project.provide('e2eDataTemplate', '');
    project.provide('e2eSession', '');
    return stopServers;
  }
  const url = process.env.DATABASE_URL;
  if (url && !process.env.TEST_E2E_PGLITE) {
    const template = await createPgTemplate(url);
    project.provide('e2eDataTemplate', '');
    project.provide('e2ePgTemplate', template);
    project.provide(
      'e2eSession',
      JSON.stringify(await signInOn({ url: pgDatabaseUrl(url, template) }, 'ops@demo.local')),
    );
    return async () => {
      stopServers();
      // The consoles' copies (each console drops its own; the one started ahead, or a failed one's, is left).
      for (const name of await pgDatabasesNamed(url, `${template}_`)) await dropPgDatabase(url, name);
      await dropPgDatabase(url, template);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'lego-e2e-tpl-'));
  await writePgliteDataDir(join(dir, 'data'));
  project.provide('e2eDataTemplate', join(dir, 'data'));
  // The operator logged in once, through the login page, on the database every console copies: a file's session
  // starts signed in (the login page itself is tested in auth.test.ts).
  project.provide('e2eSession', JSON.stringify(await signInOn({ dataDir: join(dir, 'data') }, 'ops@demo.local')));
  return () => {
    stopServers();
    rmSync(dir, { recursive: true, force: true });
  };
}
