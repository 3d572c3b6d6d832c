/**
 * `npm test`: the checks in two lanes at once, each lane's steps in order. Vitest gives a two-core machine one
 * worker for the unit and server suites, which run one file at a time, so run one after the other the steps leave a
 * core idle much of the time; the browser files mostly wait on Chromium, and run two at a time. Storybook is built for
 * the stories beside the lanes as they start. Lines are prefixed with their lane; a failed step ends its lane, the
 * other lane finishes, and the exit code is 1 if any step failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A step of a lane: a command, or a command that runs once another (started beside the lanes) has ended well. */
type Step = string[] | { after: { name: string; done: Promise<number> }; run: string[] };

/** Runs a command, writing its output line by line with `prefix`; resolves with its exit code. */
function run(prefix: string, [command, ...args]: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    running.add(child);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop()!;
        for (const line of lines) out.write(`${prefix} ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix} ${rest}\n`));
    }
    child.on('error', () => resolve(127));
    child.on('close', (code) => {
      running.delete(child);
      resolve(code ?? 1);
    });
  });
}

const running = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

const started = Date.now();
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Storybook built for the stories' run as the lanes start, beside them: some 15 s of a core while the app builds and
 * the lint runs, rather than at the head of the stories' step near the end of the longer lane. The stories' step waits
 * for it and runs on it (STORYBOOK_DIR, tests/setup/stories-global.ts, which leaves the folder to this script).
 */
const storybookDir = mkdtempSync(join(tmpdir(), 'lego-storybook-'));
process.env.STORYBOOK_DIR = storybookDir;
const storybookBuild = ['npx', 'storybook', 'build', '--test', '--preview-only', '--quiet', '--disable-telemetry'];
// Built as the stories' own run builds it, under Vitest's NODE_ENV (antd's motion is off in a test build, as in the
// visual baselines).
const storybook = {
  name: storybookBuild.join(' '),
  done: run('[storybook]', [...storybookBuild, '-o', storybookDir], { ...process.env, NODE_ENV: 'test' }),
};

// The lanes are balanced by what they took on this two-core machine, side by side (stop 47's CI: build 27 s, e2e
// 609 s; lint 4 s, unit and server 684 s, stories 160 s, type check 27 s; stop 46's on a faster day: 9, 336; 2, 365,
// 88, 11): the other lane was the longer by 100 to 240 s with the stories in it, so the browser suites share one lane.
const lanes: { name: string; steps: Step[] }[] = [
  {
    name: 'e2e+stories',
    steps: [
      ['npm', 'run', 'build'],
      // Two files at once: each mostly waits on Chromium and its console's server (see vitest.config.ts).
      ['npx', 'vitest', 'run', '--project', 'e2e', '--maxWorkers=2'],
      // Every story's play function in Chromium, on the build of Storybook made beside the lanes (above), with its axe
      // checks and its visual baselines (`npm run test:visual`, tests/stories/chromium.test.ts).
      { after: storybook, run: ['npx', 'vitest', 'run', '--project', 'stories'] },
    ],
  },
  {
    name: 'lint+unit+server+types',
    steps: [
      ['npx', 'biome', 'ci', '.'],
      ['npx', 'vitest', 'run', '--project', 'unit*', '--project', 'server*'],
      ['npm', 'run', 'typecheck'],
    ],
  },
];

// Each Vitest step also writes a JSON report, so that the end of the output names every failed test: a long run's
// failure is otherwise hundreds of lines up, between the other lane's lines.
const reports = 'test-results/npm-test';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const withReport = (step: string[], json: string) =>
  step[1] === 'vitest' ? [...step, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`] : step;

interface JsonReport {
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** The failed tests of a step's JSON report, a few lines each; empty when it wrote none. */
function failures(file: string): string[] {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const cwd = `${process.cwd()}/`;
  return (report.testResults ?? []).flatMap((suite) => {
    const where = suite.name.replace(cwd, '');
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && suite.status === 'failed')
      return [`${where}: ${(suite.message ?? 'failed').split('\n').slice(0, 4).join('\n      ')}`];
    return failed.map(
      (test) =>
        `${where} > ${test.fullName}\n      ${(test.failureMessages?.[0] ?? '').split('\n').slice(0, 6).join('\n      ')}`,
    );
  });
}

const results = await Promise.all(
  lanes.map(async ({ name, steps }) => {
    const report: string[] = [];
    const failed: string[] = [];
    for (const [index, step] of steps.entries()) {
      if (!Array.isArray(step)) {
        const since = Date.now();
        const code = await step.after.done;
        report.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${step.after.name} (beside the lanes; waited ${seconds(since)})`);
        if (code !== 0) return { report, failed, ok: false };
      }
      const command = Array.isArray(step) ? step : step.run;
      const since = Date.now();
      const json = `${reports}/${name}-${index}.json`;
      const code = await run(`[${name}]`, withReport(command, json));
      report.push(`${code === 0 ? 'ok  ' : 'FAIL'} ${command.join(' ')} (${seconds(since)})`);
      if (code !== 0) {
        failed.push(...failures(json));
        return { report, failed, ok: false };
      }
    }
    return { report, failed, ok: true };
  }),
);

// A lane that failed before the stories leaves the build unwaited for: it ends before the folder goes.
await storybook.done;
rmSync(storybookDir, { recursive: true, force: true });
console.log(`\nnpm test: ${seconds(started)}`);
for (const line of results.flatMap((r) => r.report)) console.log(`  ${line}`);
const failed = results.flatMap((r) => r.failed);
if (failed.length > 0) console.log(`\nfailed:\n${failed.map((line) => `  ${line}`).join('\n')}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
