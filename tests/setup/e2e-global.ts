/**
 * Global setup of the browser suite: a migrated and seeded PGlite data directory that startConsole copies for each
 * console, so each file still gets its own server on its own database without waiting for the migrations and the
 * seed (tests/setup/db-template.ts), and the folder of the running servers' pids, whose servers it stops at the end.
 * Reaches the files by `inject`.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteDataDir } from './db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A prepared PGlite data directory to copy ('' = none: each console starts on an empty one). */
    e2eDataTemplate: string;
    /** A folder where each console's server leaves its pid while it runs (tests/e2e/harness.ts). */
    e2eServers: string;
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
  if (process.env.TEST_FRESH_BOOT) {
    project.provide('e2eDataTemplate', '');
    return stopServers;
  }
  const dir = mkdtempSync(join(tmpdir(), 'lego-e2e-tpl-'));
  await writePgliteDataDir(join(dir, 'data'));
  project.provide('e2eDataTemplate', join(dir, 'data'));
  return () => {
    stopServers();
    rmSync(dir, { recursive: true, force: true });
  };
}
