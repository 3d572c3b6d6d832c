/**
 * BENCH_EXPORT (on unless BENCH_EXPORT=0): a list of {@link ROWS} routes exported (issues 34 and 38; BENCH_EXPORT_ROWS,
 * default 200,000; the export reads the list's keyset pages through the list call), the server (tests/bench/server.ts)
 * on a fresh PGlite directory and, when DATABASE_URL names a PostgreSQL server, on a fresh database there: the time to
 * the first bytes and to the last, the rows written, the server's resident memory before and at its highest while it
 * writes (read from /proc every 50 ms), and `/health` p99 meanwhile, for CSV and for an Excel workbook.
 * `node --import tsx tests/bench/exports.ts` runs this part alone.
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
import { createPgDatabase } from '../setup/db-template';
import { deskToken, healthProbe, startServer } from './trips';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
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

/** A store migrated and seeded, with {@link ROWS} routes of company {@link COMPANY}. */
async function seedRoutes(where: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const store = await openStore(where);
  try {
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
    if (store.kind === 'postgres') await store.query('analyze routes');
  } finally {
    await store.close();
  }
}

/** The figures on PGlite and, when DATABASE_URL names a PostgreSQL server, on a fresh database there. */
export async function measureExports(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-export-'));
  try {
    await seedRoutes({ dataDir });
    lines.push(...(await measureOn('PGlite', dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_export_');
    const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-export-pg-'));
    try {
      await seedRoutes({ databaseUrl: db.url });
      lines.push(...(await measureOn('PostgreSQL', emptyDir, { DATABASE_URL: db.url })));
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
      await db.drop();
    }
  }
  return lines;
}

async function measureOn(backend: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const server = await startServer(dataDir, env);
  const lines = [`  a list of ${ROWS.toLocaleString('en-IN')} routes exported (${backend})`];
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
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureExports()).join('\n'));
