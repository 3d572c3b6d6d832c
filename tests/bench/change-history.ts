/**
 * BENCH_HISTORY (on unless BENCH_HISTORY=0): the change-history model (tests/server/change-history-model.test.ts) run
 * longer than `npm test` runs it: {@link RUNS} sequences of up to {@link STEPS} steps from a seed of its own (printed,
 * so a failure can be run again with CHANGE_HISTORY_SEED), on PGlite and, with DATABASE_URL, PostgreSQL. It prints the
 * time and whether every property held.
 * `node --import tsx tests/bench/change-history.ts` runs this part alone.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

const RUNS = 25;
const STEPS = 30;

export async function measureChangeHistory(): Promise<string[]> {
  const seed = Number(process.env.CHANGE_HISTORY_SEED ?? Date.now() % 2_147_483_647);
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', 'tests/server/change-history-model.test.ts'],
    {
      env: {
        ...process.env,
        CHANGE_HISTORY_RUNS: String(RUNS),
        CHANGE_HISTORY_STEPS: String(STEPS),
        CHANGE_HISTORY_SEED: String(seed),
      },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const held = run.status === 0;
  if (!held) console.error(run.stdout, run.stderr);
  return [
    `change history model: ${RUNS} sequences of up to ${STEPS} steps, seed ${seed}: ${held ? 'every property held' : 'A PROPERTY FAILED (output above)'} in ${seconds} s`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  console.log((await measureChangeHistory()).join('\n'));
