/**
 * Global setup of the browser suite: a migrated and seeded PGlite data directory that startConsole copies for each
 * console, so each file still gets its own server on its own database without waiting for the migrations and the
 * seed (tests/setup/db-template.ts). Reaches the files by `inject`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteDataDir } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A prepared PGlite data directory to copy ('' = none: each console starts on an empty one). */
    e2eDataTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  // TEST_FRESH_BOOT=1: every console on an empty database, as before (to compare, or to rule this out).
  if (process.env.TEST_FRESH_BOOT) {
    project.provide('e2eDataTemplate', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'lego-e2e-tpl-'));
  await writePgliteDataDir(join(dir, 'data'));
  project.provide('e2eDataTemplate', join(dir, 'data'));
  return () => rmSync(dir, { recursive: true, force: true });
}
