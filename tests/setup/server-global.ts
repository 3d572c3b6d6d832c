/**
 * Global setup of the server suite: one migrated and seeded database per backend for the whole run, which
 * tests/server/helper.ts copies for each fresh database (see db-template.ts). Names reach the test files by `inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgTemplate, dropPgTemplate, writePgliteDump } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file with the dump of a prepared in-memory PGlite. */
    pgliteTemplate: string;
    /** The prepared template database on the server of DATABASE_URL ('' without it). */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // TEST_FRESH_BOOT=1: every bootFresh migrates and seeds an empty database, as before (to compare, or to rule this out).
  if (process.env.TEST_FRESH_BOOT) {
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'lego-tpl-'));
  const url = process.env.DATABASE_URL;
  const [pgTemplate] = await Promise.all([url ? createPgTemplate(url) : Promise.resolve(''), writePgliteDump(join(dir, 'pglite.tar'))]);
  project.provide('pgliteTemplate', join(dir, 'pglite.tar'));
  project.provide('pgTemplate', pgTemplate);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) await dropPgTemplate(url, pgTemplate);
  };
}
