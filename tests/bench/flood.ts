/**
 * BENCH_FLOOD (on unless BENCH_FLOOD=0): one desk floods, another works (issue 34). The server (tests/bench/server.ts,
 * as `npm start` builds the API) on a fresh demo database, PGlite and, with DATABASE_URL, PostgreSQL:
 * - idle: desk B (ops2@demo.local) works alone for {@link IDLE_SECONDS} s: a page of routes, the alert settings, a
 *   trip replay and a page of the audit log, one after the other, again and again;
 * - flood: the same for {@link FLOOD_SECONDS} s (BENCH_FLOOD_SECONDS) while desk A (ops@demo.local) sends every heavy
 *   call at once, {@link FLOODERS} at a time: compares and copy previews of two companies, 90-day impact previews
 *   started and cancelled, trip replays, the routes read a page of 100 after the other as an export does, and uploads;
 * - `/health` every 10 ms throughout.
 * Printed: desk B's share of 2xx answers, its median and p99 as ratios to the idle run, `/health` p99, what desk A was
 * answered, and one desk's 20 uploads at once (targets: ≥ 99 %; ≤ 2× (PostgreSQL) or 3× (PGlite); ≤ 50 or 100 ms;
 * only 200 and 429). `node --import tsx tests/bench/flood.ts` runs this part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { auditCalls, mainCalls, platformCalls } from '../../schemas/api';
import { alertImpactCalls } from '../../schemas/api/alert-impact';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { alertCalls } from '../../schemas/api/data';
import { tripCalls } from '../../schemas/api/trips';
import { CONFIG_AREA_KEYS } from '../../schemas/config-copy';
import { callPath } from '../e2e/harness';
import { createPgDatabase } from '../setup/db-template';
import { configurations } from './abuse';
import { RAISED } from './alert-impact';
import { deskToken, median, p99, startServer } from './trips';

const IDLE_SECONDS = 10;
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
/** Desk A's calls in flight at once. */
const FLOODERS = 12;
const DAY = 86_400_000;

interface Sample {
  ms: number;
  status: number;
}

/** A call's status and time; the body read to the end. */
async function timed(url: string, init: RequestInit): Promise<Sample> {
  const start = performance.now();
  try {
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { ms: performance.now() - start, status: res.status };
  } catch {
    return { ms: performance.now() - start, status: 0 };
  }
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** Desk B's round of ordinary work: each call's sample. */
function ordinaryWork(apiUrl: string, token: string): (() => Promise<Sample>)[] {
  const get = (path: string) => () => timed(`${apiUrl}${path}`, { headers: json(token) });
  return [
    get(callPath(mainCalls.routes, { c: '1003', page: 1, size: 20 })),
    get(callPath(alertCalls.list, { companyId: '1003' })),
    get(callPath(tripCalls.replay, { c: '1001' }, { tripId: 'TRP1001M0002' })),
    get(callPath(auditCalls.list, { c: '1003', page: 1, size: 20 })),
  ];
}

/** Runs desk B's rounds until `until` says stop; every sample. */
async function work(apiUrl: string, token: string, until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  const calls = ordinaryWork(apiUrl, token);
  for (let i = 0; until(); i++) samples.push(await calls[i % calls.length]());
  return samples;
}

/** Desk A's heavy calls, one of each kind in turn. */
function heavyCalls(apiUrl: string, token: string): (() => Promise<Sample>)[] {
  const post = (path: string, body: unknown) => () =>
    timed(`${apiUrl}${path}`, { method: 'POST', headers: json(token), body: JSON.stringify(body) });
  const now = Date.now();
  let uploads = 0;
  return [
    () => timed(`${apiUrl}${callPath(configCopyCalls.compare, { c: '1001', rc: '1002' })}`, { headers: json(token) }),
    post(callPath(configCopyCalls.copyPreview), {
      c: '1001',
      tc: '1002',
      items: CONFIG_AREA_KEYS.map((area) => ({ area })),
    }),
    async () => {
      const started = await fetch(`${apiUrl}${callPath(alertImpactCalls.start)}`, {
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({ c: '1001', from: now - 90 * DAY, to: now, configs: [RAISED] }),
      });
      const answer = (await started.json()) as { data?: { id: string } };
      if (answer.data?.id)
        await fetch(`${apiUrl}${callPath(alertImpactCalls.cancel, { c: '1001' }, { id: answer.data.id })}`, {
          method: 'POST',
          headers: json(token),
        }).then((res) => res.arrayBuffer());
      return { ms: 0, status: started.status };
    },
    () =>
      timed(`${apiUrl}${callPath(tripCalls.replay, { c: '1001' }, { tripId: 'TRP1001M0001' })}`, {
        headers: json(token),
      }),
    async () => {
      // The routes read as a list's export reads them: every page of 100, one after the other.
      let last: Sample = { ms: 0, status: 0 };
      for (let page = 1; page <= 5; page++) {
        last = await timed(`${apiUrl}${callPath(mainCalls.routes, { c: '1001', page, size: 100 })}`, {
          headers: json(token),
        });
        if (last.status !== 200) break;
      }
      return last;
    },
    () => {
      const form = new FormData();
      form.append('files', configurations(200, 700_000 + 1000 * uploads++), 'flood.xlsx');
      return timed(`${apiUrl}/v1/bulk-upload/configurations/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
    },
  ];
}

/** `/health` every 10 ms until stopped; the latencies. */
function probeHealth(apiUrl: string): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      times.push((await timed(`${apiUrl}${platformCalls.health.path}`, {})).ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      on = false;
      await loop;
      return times;
    },
  };
}

const counts = (samples: Sample[]) => {
  const by = new Map<number, number>();
  for (const { status } of samples) by.set(status, (by.get(status) ?? 0) + 1);
  return [...by]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
};
const ok = (samples: Sample[]) => samples.filter((s) => s.status >= 200 && s.status < 300);
const ms = (value: number) => `${Math.round(value)} ms`;

async function measureOn(backend: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const server = await startServer(dataDir, env);
  const pglite = !env.DATABASE_URL;
  try {
    const flooder = await deskToken(server.apiUrl, 'ops@demo.local');
    const other = await deskToken(server.apiUrl, 'ops2@demo.local');
    // Warm up (the pool's threads, the database's caches), then desk B alone.
    await work(
      server.apiUrl,
      other,
      (
        (n) => () =>
          n-- > 0
      )(8),
    );
    let health = probeHealth(server.apiUrl);
    const idleEnd = Date.now() + IDLE_SECONDS * 1000;
    const idle = await work(server.apiUrl, other, () => Date.now() < idleEnd);
    const idleHealth = await health.stop();

    health = probeHealth(server.apiUrl);
    const floodEnd = Date.now() + FLOOD_SECONDS * 1000;
    const heavy = heavyCalls(server.apiUrl, flooder);
    const flooded: Sample[] = [];
    let next = 0;
    const flood = Promise.all(
      Array.from({ length: FLOODERS }, async () => {
        while (Date.now() < floodEnd) flooded.push(await heavy[next++ % heavy.length]());
      }),
    );
    const during = await work(server.apiUrl, other, () => Date.now() < floodEnd);
    await flood;
    const floodHealth = await health.stop();

    // One desk's 20 uploads at once.
    const uploads = await Promise.all(Array.from({ length: 20 }, () => heavy[heavy.length - 1]()));

    const served = ok(during);
    const idleOk = ok(idle);
    const ratio = (f: (values: number[]) => number) =>
      f(served.map((s) => s.ms)) / Math.max(1, f(idleOk.map((s) => s.ms)));
    const [medianTarget, healthTarget] = pglite ? [3, 100] : [2, 50];
    return [
      `  one desk floods, another works (${backend}): ${FLOOD_SECONDS} s, ${FLOODERS} heavy calls at once`,
      `    the other desk's calls answered 2xx during the flood: ${((100 * served.length) / Math.max(1, during.length)).toFixed(1)} % of ${during.length} (${counts(during)}) (target ≥ 99 %)`,
      `    its median: ${ms(median(served.map((s) => s.ms)))} flood / ${ms(median(idleOk.map((s) => s.ms)))} idle = ${ratio(median).toFixed(2)} × (target ≤ ${medianTarget} ×)`,
      `    its p99: ${ms(p99(served.map((s) => s.ms)))} flood / ${ms(p99(idleOk.map((s) => s.ms)))} idle = ${ratio(p99).toFixed(2)} ×`,
      `    /health p99 during the flood: ${p99(floodHealth).toFixed(1)} ms over ${floodHealth.length} calls (idle ${p99(idleHealth).toFixed(1)} ms) (target ≤ ${healthTarget} ms)`,
      `    the flooding desk was answered: ${counts(flooded)}`,
      `    one desk's 20 uploads at once: ${counts(uploads)} (target: only 200 and 429)`,
    ];
  } finally {
    await server.stop();
  }
}

/** The figures on PGlite and, when DATABASE_URL names a PostgreSQL server, on a fresh database there. */
export async function measureFlood(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-flood-'));
  try {
    lines.push(...(await measureOn('PGlite', dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_flood_');
    const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-flood-pg-'));
    try {
      lines.push(...(await measureOn('PostgreSQL', emptyDir, { DATABASE_URL: db.url })));
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
      await db.drop();
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureFlood()).join('\n'));
