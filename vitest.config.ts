import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
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
    const last = (spec: TestSpecification) =>
      LAST_FILES.some((path) => spec.moduleId.replaceAll('\\', '/').endsWith(path));
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)];
  }
}

/**
 * Files that need modules of their own: they mock a module (`vi.mock`) or check what a module does the first time it
 * is loaded. The other unit and server files share their worker's modules (`isolate: false`): the app, antd and the
 * compiled schemas are loaded once per run instead of once per file, which more than halves those suites' time on a
 * two-core machine. Each file still boots its own app on its own database, and Testing Library unmounts after each test.
 */
const OWN_MODULES = {
  unit: ['engine/upload/useUploadController.test.tsx'],
  // resource-fixture.test.ts adds a resource to the declared ones (vi.mock).
  server: ['tests/server/geocoder-start.test.ts', 'tests/server/resource-fixture.test.ts'],
};

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;
/**
 * A suite as two projects: `name`, whose files share modules, and `name-isolated`, the files of `own` with modules of
 * their own. `--project 'name*'` runs both.
 */
function shared(
  test: ProjectTest & { name: string; include: string[] },
  own: string[],
): TestProjectInlineConfiguration[] {
  return [
    { extends: true, test: { ...test, isolate: false, exclude: [...configDefaults.exclude, ...own] } },
    { extends: true, test: { ...test, name: `${test.name}-isolated`, include: own } },
  ];
}

/**
 * Four suites: unit (engine, schemas, app logic), server (Fastify inject on PGlite and PostgreSQL), e2e (Chromium) and
 * stories (every story's play function in Chromium, on a build of Storybook).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LastFilesSequencer },
    projects: [
      ...shared(
        {
          name: 'unit',
          include: [
            'schemas/**/*.test.ts',
            'engine/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
            'screens/**/*.test.{ts,tsx}',
          ],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/unit.ts'],
          // Rendering whole forms in happy-dom takes seconds on a busy two-core machine: a guard, not a speed check.
          testTimeout: 20_000,
        },
        OWN_MODULES.unit,
      ),
      ...shared(
        {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          // One migrated and seeded database per backend, copied for each bootFresh (tests/setup/db-template.ts).
          globalSetup: ['tests/setup/server-global.ts'],
        },
        OWN_MODULES.server,
      ),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Files run in as many workers as the run gives (`npm test` gives two: a file mostly waits on Chromium and
          // its server, so two at once keep the cores busy); each file has its own server, database and page.
          fileParallelism: true,
          // The files of a worker share the harness module, which starts the next file's server while a file runs.
          isolate: false,
          // `expect.poll` waits for what the page shows; a reload on a busy two-core machine takes more than Vitest's
          // default second (a guard, not a speed check).
          expect: { poll: { timeout: 15_000 } },
          // A prepared data directory each console copies, and the running servers' pids (tests/setup/e2e-global.ts).
          globalSetup: ['tests/setup/e2e-global.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'stories',
          include: ['tests/stories/**/*.test.ts'],
          environment: 'node',
          // A story waits for what it looks for up to 25 s (55 s in all), then axe checks it in light and in dark; the
          // file's Chromium and pages start in its first hook.
          testTimeout: 75_000,
          hookTimeout: 60_000,
          // Stories shown at once, each in a page of its own (while one page waits on a timer or a lazy chunk, the
          // other renders).
          maxConcurrency: Number(process.env.STORIES_PAGES ?? 2),
          // Builds Storybook for testing and serves it (tests/setup/stories-global.ts).
          globalSetup: ['tests/setup/stories-global.ts'],
        },
      },
    ],
  },
});
