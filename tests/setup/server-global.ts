/**
 * Global setup of the server suite: one migrated and seeded database per backend for the whole run, which
 * tests/server/helper.ts copies for each fresh database (see db-template.ts), and the folder where the test apps log
 * their answers (tests/server/answer-log.ts). Names reach the test files by `inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgTemplate, dropPgDatabase, writePgliteDump } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file with the dump of a prepared in-memory PGlite. */
    pgliteTemplate: string;
    /** The prepared template database on the server of DATABASE_URL ('' without it). */
    pgTemplate: string;
    /** A folder where the test apps log the answers they give (tests/server/answer-log.ts). */
    answerLog: string;
  }
}

export default async function setup(project: TestProject) {
  const answers = mkdtempSync(join(tmpdir(), 'lego-answers-'));
  project.provide('answerLog', answers);
  const dropAnswers = () => rmSync(answers, { recursive: true, force: true });
  // TEST_FRESH_BOOT=1: every bootFresh migrates and seeds an empty database, as before (to compare, or to rule this out).
  if (process.env.TEST_FRESH_BOOT) {
    project.provide('pgliteTemplate', '');
    project.provide('pgTemplate', '');
    return dropAnswers;
  }
  const dir = mkdtempSync(join(tmpdir(), 'lego-tpl-'));
  const url = process.env.DATABASE_URL;
  const [pgTemplate] = await Promise.all([
    url ? createPgTemplate(url) : Promise.resolve(''),
    writePgliteDump(join(dir, 'pglite.tar')),
  ]);
  project.provide('pgliteTemplate', join(dir, 'pglite.tar'));
  project.provide('pgTemplate', pgTemplate);
  return async () => {
    dropAnswers();
    rmSync(dir, { recursive: true, force: true });
    if (url && pgTemplate) await dropPgDatabase(url, pgTemplate);
  };
}
