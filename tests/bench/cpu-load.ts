/**
 * BENCH_CPU_LOAD (on unless BENCH_CPU_LOAD=0): the event loop's budget under CPU-heavy work (issue 21 point 2; target
 * /health p99 ≤ 50 ms), the server (tests/bench/server.ts, as `npm start` builds the API) on a fresh PGlite directory
 * holding the 10,000-ping trip of tests/bench/trips.ts and the 50,000 alerts of tests/bench/report-runs.ts. At once:
 * - a configurations file of {@link ROWS} rows, each with a distinct 3.8 KB body (about 1.2 MB, about 41 MB unpacked,
 *   within every limit), uploaded as a batch, and its result file downloaded three times at once when it is done;
 * - 'Run now' of an exception report over the 50,000 alerts (three filters);
 * - eight replays of the 10,000-ping trip at once.
 * Meanwhile /health (which asks the database) and /config.json (which does not) are called back to back: their
 * p99 and max, and when each piece of work ended. `node --import tsx tests/bench/cpu-load.ts` runs this part alone;
 * WORKER_POOL_SIZE is passed on to the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { platformCalls } from '../../schemas/api';
import { batchCalls } from '../../schemas/api/batches';
import { tripCalls } from '../../schemas/api/trips';
import { dailyAt } from '../../schemas/report-cron';
import type { Batch } from '../../schemas/bulk-upload';
import { deflateZip } from '../../server/adapters/report-workbook';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { addSchedule, exception, seedAlerts } from './report-runs';
import { deskToken, seedTrip, startServer, TRIP_ID } from './trips';

const ROWS = 10_000;
const BODY = 3_800;
const REPLAYS = 8;
const DOWNLOADS = 3;
const HOUR = 3_600_000;
const SCHEDULE_ID = 'rs_bench_cpu_exception';
const HEADER = [
  'Event Name',
  'Mode',
  'Company Id',
  'Branch Id',
  'User Id',
  'Mobile Numbers',
  'Email To',
  'Subject',
  'Body',
];
const TEXT =
  'The consignment left the plant on time and is expected at the stockyard before noon; the driver reports clear roads. ';

/** A body of {@link BODY} characters no other row has: the sentence from varying places, with the row's tags among it. */
function body(row: number): string {
  let text = '';
  for (let k = 0; text.length < BODY; k++)
    text += `${TEXT.slice((row + k * 31) % 97)}${k % 4 === 1 ? `[${row}.${k}] ` : ''}`;
  return text.slice(0, BODY);
}

/** {@link ROWS} SMS configurations of company 1001, one user each, packed with zlib as Excel does. */
function bigWorkbook(): { file: Buffer; unpacked: number } {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    'trip.created',
    'SMS',
    '1001',
    '',
    String(300_000 + i),
    '9876543210',
    '',
    '',
    body(i),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Configurations');
  const stored = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: false }) as Buffer;
  return { file: deflateZip(stored), unpacked: stored.length };
}

/** Max and 99th percentile of latencies in ms. */
function spread(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN) * 10) / 10;
  return `p99 ${at(0.99)} ms, p50 ${at(0.5)} ms, max ${at(1)} ms (${sorted.length} calls)`;
}

/** Calls `url` back to back until `stop` says so; the latencies, and when each call started (performance.now). */
async function backToBack(url: string, stop: () => boolean, starts: number[] = []): Promise<number[]> {
  const times: number[] = [];
  while (!stop()) {
    const start = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - start);
    starts.push(start);
  }
  return times;
}

/** The `n` slowest calls, each as its latency and when it started (seconds after `origin`). */
const slowest = (times: number[], starts: number[], origin: number, n = 6) =>
  times
    .map((ms, i) => ({ ms, at: (starts[i]! - origin) / 1000 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map(({ ms, at }) => `${Math.round(ms)} ms at ${at.toFixed(1)} s`)
    .join(', ');

/** Migrates and seeds `dataDir` with the bench trip, the 50,000 alerts and an exception schedule of them. */
async function seedAll(dataDir: string): Promise<string> {
  const { companyId } = await seedTrip(dataDir);
  const store = await openStore({ dataDir });
  try {
    // No seeded schedule falls due meanwhile; the bench's own is created now (its due times lie ahead).
    await store.query('update report_schedules set active = 0');
    await seedAlerts(store, Date.now());
    await addSchedule(
      store,
      SCHEDULE_ID,
      '1001',
      'ALERT',
      exception('1001', dailyAt(6 * 60).cron, 'bench.cpu@x.in'),
      Date.now() - HOUR,
    );
  } finally {
    await store.close();
  }
  return companyId;
}

export async function measureCpuLoad(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-cpu-'));
  try {
    const companyId = await seedAll(dataDir);
    const { file, unpacked } = bigWorkbook();
    const server = await startServer(dataDir, { REPORT_TICK_SECONDS: '0' });
    try {
      const auth = { authorization: `Bearer ${await deskToken(server.apiUrl)}` };
      const url = (path: string) => `${server.apiUrl}${path}`;
      const idle = performance.now() + 3000;
      const quiet = await backToBack(url(platformCalls.health.path), () => performance.now() > idle);

      let done = false;
      const healthStarts: number[] = [];
      const configStarts: number[] = [];
      const started = performance.now();
      const probes = Promise.all([
        backToBack(url(platformCalls.health.path), () => done, healthStarts),
        backToBack(url(platformCalls.config.path), () => done, configStarts),
      ]);
      const ended: Record<string, number> = {};
      const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
        const value = await work();
        ended[name] = Math.round((performance.now() - started) / 100) / 10;
        return value;
      };

      const batch = timed('batch done', async () => {
        const form = new FormData();
        form.append('files', new Blob([new Uint8Array(file)]), 'configurations-41mb.xlsx');
        const answer = await fetch(url(callPath(batchCalls.upload, {}, { type: 'configurations' })), {
          method: 'POST',
          headers: auth,
          body: form,
        });
        if (!answer.ok) throw new Error(`upload failed: ${answer.status} ${await answer.text()}`);
        const { data } = (await answer.json()) as { data: Batch };
        for (;;) {
          const list = (await (
            await fetch(url(callPath(batchCalls.list, { parent_fteid: 'desk-ops-01' })), { headers: auth })
          ).json()) as { data: Batch[] };
          const now = list.data.find((b) => b.id === data.id);
          if (now && (now.status === 'DONE' || now.status === 'FAILED')) return now;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }).then((finished) =>
        timed(`${DOWNLOADS} downloads`, async () => {
          const sizes = await Promise.all(
            Array.from({ length: DOWNLOADS }, async () => {
              const res = await fetch(url(finished.result_url!), { headers: auth });
              if (!res.ok) throw new Error(`result download failed: ${res.status}`);
              return (await res.arrayBuffer()).byteLength;
            }),
          );
          return { finished, resultKb: Math.round(sizes[0]! / 1024) };
        }),
      );
      const report = timed('report', async () => {
        const res = await fetch(url(`/saas/v1/rs/report/${SCHEDULE_ID}/run?c=1001`), { method: 'POST', headers: auth });
        const run = (await res.json()) as {
          data?: { outcome: string; rows: number | null; error: string | null };
          message?: string[];
        };
        if (!res.ok || !run.data) throw new Error(`run now failed: ${res.status} ${JSON.stringify(run.message)}`);
        return run.data;
      });
      const replays = timed(`${REPLAYS} replays`, () =>
        Promise.all(
          Array.from({ length: REPLAYS }, async () => {
            const res = await fetch(url(callPath(tripCalls.replay, { companyId }, { tripId: TRIP_ID })), {
              headers: auth,
            });
            if (!res.ok) throw new Error(`replay failed: ${res.status} ${await res.text()}`);
            return ((await res.json()) as { data: { alerts: unknown[] } }).data.alerts.length;
          }),
        ),
      );

      const [{ finished, resultKb }, run, alerts] = await Promise.all([batch, report, replays]);
      done = true;
      const [health, config] = await probes;
      return [
        `  CPU-heavy work at once (PGlite; WORKER_POOL_SIZE ${process.env.WORKER_POOL_SIZE ?? 'default'}): a ${ROWS}-row configurations file of distinct ${(BODY / 1000).toFixed(1)} KB ` +
          `bodies (${Math.round(file.length / 1024)} KB, ${Math.round(unpacked / 1e6)} MB unpacked) and ${DOWNLOADS} downloads of its result, 'Run now' of an exception report over 50,000 alerts, ${REPLAYS} replays of ${TRIP_ID}`,
        `    batch ${finished.status}: ${finished.rows_done} rows, ${finished.rows_failed} failed; result file ${resultKb} KB; report ${run.outcome}, ${run.rows} rows${run.error ? ` (${run.error})` : ''}; replays ${alerts[0]} alerts each`,
        `    ended after (s): ${Object.entries(ended)
          .map(([name, s]) => `${name} ${s}`)
          .join(', ')}`,
        `    /health meanwhile: ${spread(health)} (target p99 ≤ 50 ms); idle before: ${spread(quiet)}`,
        `      slowest: ${slowest(health, healthStarts, started)}`,
        `    /config.json meanwhile (no database): ${spread(config)}`,
        `      slowest: ${slowest(config, configStarts, started)}`,
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log((await measureCpuLoad()).join('\n'));
