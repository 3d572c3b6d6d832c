import { defineConfig } from 'vitest/config';

/** Three suites: unit (engine, schemas, app logic), server (Fastify inject on PGlite and PostgreSQL), e2e (Chromium). */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['schemas/**/*.test.ts', 'engine/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'screens/**/*.test.{ts,tsx}', 'tests/stories/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/unit.ts'],
          // Rendering whole forms in happy-dom takes seconds on a busy two-core machine: a guard, not a speed check.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One migrated and seeded database per backend, copied for each bootFresh (tests/setup/db-template.ts).
          globalSetup: ['tests/setup/server-global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A prepared data directory each console copies, and one shared Chromium (tests/setup/e2e-global.ts).
          globalSetup: ['tests/setup/e2e-global.ts'],
        },
      },
    ],
  },
});
