import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that check what the other files of their suite did (documented-answers.test.ts reads the answers every server
 * test logged), so they run after them: Vitest's own order (failed, then slow files first), these moved to the end.
 * Their suite runs one file at a time.
 */
const LAST_FILES = ['tests/server/documented-answers.test.ts'];
class LastFilesSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (spec: TestSpecification) => LAST_FILES.some((path) => spec.moduleId.replaceAll('\\', '/').endsWith(path));
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)];
  }
}

/** Three suites: unit (engine, schemas, app logic), server (Fastify inject on PGlite and PostgreSQL), e2e (Chromium). */
export default defineConfig({
  test: {
    sequence: { sequencer: LastFilesSequencer },
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
