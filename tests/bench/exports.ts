/**
 * BENCH_EXPORT (on unless BENCH_EXPORT=0): a list of {@link ROWS} routes exported (issue 34; BENCH_EXPORT_ROWS, default
 * 50,000: the export reads the list's pages with offsets through the list call, so 200,000 take many minutes until
 * keyset paging, issue 38), the server
 * (tests/bench/server.ts) on a fresh PGlite directory: the time to the first bytes and to the last, the rows written,
 * the server's resident memory before and at its highest while it writes (read from /proc every 50 ms), and `/health`
 * p99 meanwhile, for CSV and for an Excel workbook. `node --import tsx tests/bench/exports.ts` runs this part alone.
 */
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exportCalls } from '../../schemas/api/exports';
import { seed } from '../../server/seed/seed';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { deskToken, healthProbe, startServer } from './trips';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const COMPANY = '1009';
const COLUMNS = JSON.stringify([
  { title: 'Label', field: 'label' },
  { title: 'Code', field: 'code' },
  { title: 'Origin', field: 'origin.address' },
  { title: 'Destination', field: 'destination.address' },
  { title: 'STT', field: 'stt' },
  { title: 'Updated At', field: 'updatedAt', kind: 'datetime' },
  { title: 'Updated By', field: 'updatedBy' },
]);

/** The resident memory of process `pid`, in MB (0 where /proc is not there). */
function rssMb(pid: number | undefined): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return line ? Math.round(Number(line[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

export async function measureExports(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-export-'));
  try {
    const store = await openStore({ dataDir });
    await migrate(store);
    await seed(store);
    await store.query(`insert into companies (id, name, type) values ($1, 'Export Bench Limited', 'CONSIGNOR')`, [
      COMPANY,
    ]);
    await store.query(
      `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
       select 'rt_bench_export_' || n, $1, 'BX' || n, 'Bench export route ' || n, 600,
              jsonb_build_object('label', 'Pune', 'address', 'Pune, Maharashtra, India', 'cpCode', 'PN', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p-PN')), jsonb_build_object('label', 'Mumbai', 'address', 'Mumbai, Maharashtra, India', 'cpCode', 'MB', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p-MB')),
              'ops@demo.local', 1767225600000 + n * 1000
         from generate_series(1, $2::int) n`,
      [COMPANY, ROWS],
    );
    await store.close();
    const server = await startServer(dataDir);
    const lines = [`  a list of ${ROWS.toLocaleString('en-IN')} routes exported (PGlite)`];
    try {
      const token = await deskToken(server.apiUrl);
      for (const format of ['csv', 'xlsx'] as const) {
        const idle = rssMb(server.pid);
        let peak = idle;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssMb(server.pid));
        }, 50);
        const probe = healthProbe(server.apiUrl);
        const start = performance.now();
        const res = await fetch(
          `${server.apiUrl}${callPath(exportCalls.routes, { c: COMPANY, format, columns: COLUMNS })}`,
          {
            headers: { authorization: `Bearer ${token}` },
          },
        );
        const reader = res.body!.getReader();
        let first = 0;
        let bytes = 0;
        let rows = 0;
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          if (!first) first = performance.now() - start;
          bytes += read.value.byteLength;
          if (format === 'csv') rows += read.value.filter((byte) => byte === 10).length;
        }
        const total = performance.now() - start;
        clearInterval(sampler);
        const health = await probe.stop();
        lines.push(
          `    ${format}: ${res.status}, X-Total-Count ${res.headers.get('x-total-count')}${format === 'csv' ? `, ${rows - 1} rows written` : ''}, ${(bytes / 1024 / 1024).toFixed(1)} MB; first bytes ${Math.round(first)} ms, last ${(total / 1000).toFixed(1)} s; server memory ${idle} MB before, ${peak} MB at most while writing (target: bounded, not growing with the rows)`,
          health.line,
        );
      }
    } finally {
      await server.stop();
    }
    return lines;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureExports()).join('\n'));
