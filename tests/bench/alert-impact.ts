/**
 * BENCH_IMPACT (on unless BENCH_IMPACT=0): the alert impact preview (issue 25; API.md "Alert impact preview") over
 * {@link TRIPS} trips of {@link PINGS} pings each of Tata Steel (1001), the server (tests/bench/server.ts, as `npm
 * start` builds the API) on a fresh PGlite directory and, when DATABASE_URL names a PostgreSQL server, on a fresh
 * database there:
 * - POST /saas/lego/alert_impact/start with the long-stoppage thresholds raised, then GET /saas/lego/alert_impact/:id
 *   every {@link POLL_MS} ms until it is no longer running: the time from the start call to the read that answers it
 *   done (target 5 s), {@link RUNS} previews one after another (the first on a cold server);
 * - `/health` every 10 ms meanwhile (p99 target 50 ms).
 * The trips (on the company's Jamshedpur routes, a ping every 30 s: driving, a stop around the company's thresholds,
 * on some a detour or a fast stretch) are written before the server starts, a trip and its pings a statement each
 * through the trip repository, in a month of their own before the demo's trips ({@link PERIOD_DAYS} days from
 * {@link AGO_DAYS} days ago): the preview's period holds exactly these trips.
 * `node --import tsx tests/bench/alert-impact.ts` runs this part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { alertImpactCalls, type ImpactRun } from '../../schemas/api/alert-impact';
import { tripRepository } from '../../server/repos/trip-repository';
import { lengthKm, type StoredAlertConfig } from '../../server/rules/trip-alerts';
import { ROUTES } from '../../server/seed/demo-content';
import { seed } from '../../server/seed/seed';
import { drive, pathOf, type DriveStep } from '../../server/seed/trip-drive';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { createPgDatabase } from '../setup/db-template';
import { deskToken, healthProbe, median, startServer } from './trips';

const TRIPS = 1000;
const PINGS = 1000;
const COMPANY = '1001';
/** Previews run one after another. */
const RUNS = 3;
/** How often the client reads the preview. */
const POLL_MS = 50;
/** A ping every 30 seconds. */
const EVERY_MINUTES = 0.5;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The bench trips start within PERIOD_DAYS days from AGO_DAYS days ago (before the demo's month of trips). */
const AGO_DAYS = 62;
const PERIOD_DAYS = 30;

/** Level 1 from 3 hours, level 2 from 5, level 3 from 8 on every trip length (the company's: 30, 60 and 120 minutes). */
export const RAISED: StoredAlertConfig = {
  featureKey: 'long_stoppage',
  enabled: true,
  extraContext: JSON.stringify([
    {
      longstoppage_l1: { short: 180, mid: 180, long: 180 },
      longstoppage_l2: { short: 300, mid: 300, long: 300 },
      longstoppage_l3: { short: 480, mid: 480, long: 480 },
    },
  ]),
};

/**
 * Trip `n`'s steps, {@link PINGS} pings' worth (500 minutes at a ping every 30 s): a loading wait, driving at a
 * pace that takes it most of the way, a stop of 40 to 300 minutes half way, on one trip in four a detour out to 3
 * to 12 km, on one in three a stretch at 75 to 90 km/h, then the unloading at the destination.
 */
function stepsOf(n: number, km: number): DriveStep[] {
  const unit = (k: number) => (Math.sin(n * 12.9898 + k * 78.233) * 43_758.5453) % 1;
  const r = (k: number) => Math.abs(unit(k));
  const stop = 40 + Math.round(r(1) * 52) * 5;
  const wait = 10 + Math.round(r(2) * 4) * 5;
  const detour = r(3) < 0.25 ? 30 : 0;
  const fast = r(4) < 0.33 ? 15 : 0;
  const unload = 30;
  const driving = 500 - wait - stop - detour - fast - unload;
  // Most of the way by the unloading: the rest of the route at a pace the driving time allows (fast stretch and
  // detour cover their own).
  const fastSpeed = 75 + Math.round(r(5) * 15);
  const speed = Math.min(55, Math.max(15, ((km - (fastSpeed * fast) / 60 - (20 * detour) / 60) / driving) * 60));
  const steps: DriveStep[] = [
    ['stop', wait, 0],
    ['drive', Math.round(driving * 0.45), speed],
  ];
  if (detour) steps.push(['detour', detour, 3 + Math.round(r(6) * 9), 20]);
  steps.push(['stop', stop, 0]);
  if (fast) steps.push(['drive', fast, fastSpeed]);
  steps.push(['drive', driving - Math.round(driving * 0.45), speed], ['stop', unload, 0]);
  return steps;
}

/**
 * Migrates and seeds a fresh database, then writes {@link TRIPS} trips of {@link PINGS} pings each for
 * {@link COMPANY}, started across the bench's period (a trip and its pings a statement each, through the trip
 * repository); answers the period and how long the writing took.
 */
export async function seedImpactTrips(where: {
  dataDir?: string;
  databaseUrl?: string;
}): Promise<{ from: number; to: number; pings: number; writeMs: number }> {
  const store = await openStore(where);
  try {
    await migrate(store);
    await seed(store);
    const configs = await store.query<StoredAlertConfig>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext" from alert_configs
        where company_id = $1 and branch_id is null`,
      [COMPANY],
    );
    // The company's Jamshedpur routes of a working day (not the two-day one to Taloja).
    const routes = ROUTES.filter((r) => r.company === COMPANY && r.stt <= 600);
    const from = Math.floor((Date.now() - AGO_DAYS * DAY) / MINUTE) * MINUTE;
    const to = from + PERIOD_DAYS * DAY;
    const started = performance.now();
    for (let first = 0; first < TRIPS; first += 50) {
      await store.tx(async (q) => {
        for (let n = first; n < Math.min(TRIPS, first + 50); n++) {
          const route = routes[n % routes.length];
          const path = pathOf(route);
          const startedAt = from + Math.floor(((n + 0.5) * (to - from)) / TRIPS / MINUTE) * MINUTE;
          const pings = drive(path, startedAt, stepsOf(n, lengthKm(path)), EVERY_MINUTES).slice(0, PINGS);
          await tripRepository.insert(q, {
            id: `TRPBENCHIMP${String(n).padStart(4, '0')}`,
            companyId: route.company,
            branchId: route.branch,
            departmentId: `${route.branch}1`,
            routeId: route.id,
            status: 0,
            startedAt,
            closedAt: pings[pings.length - 1].t,
            path,
            stt: route.stt,
            vehicleNumber: `JH05BI${String(1000 + (n % 200)).padStart(4, '0')}`,
            parties: {
              consignor: { company_id: route.company, name: route.label.split(' - ')[0] },
              consignee: { name: route.places[route.places.length - 1][1] },
            },
            assets: [{ type: 'GPS', imei: `8610019${String(n).padStart(8, '0')}` }],
            indent: { indent_id: `IND-BENCH-IMP-${n}`, route_code: route.code, material: 'HR coils', quantity_mt: 25 },
            details: { route_label: route.label, stt_min: route.stt },
            alertConfig: configs,
            createdBy: 'ops@demo.local',
          });
          await tripRepository.addPings(q, `TRPBENCHIMP${String(n).padStart(4, '0')}`, pings, startedAt);
        }
      });
    }
    const writeMs = performance.now() - started;
    const [{ trips, pings }] = await store.query<{ trips: number; pings: number }>(
      `select count(*)::int as trips, (select count(*)::int from trip_pings p join trips t on t.id = p.trip_id
                                         where t.company_id = $1 and t.started_at >= $2 and t.started_at < $3) as pings
         from trips where company_id = $1 and started_at >= $2 and started_at < $3`,
      [COMPANY, from, to],
    );
    if (trips !== TRIPS) throw new Error(`the period holds ${trips} trips, not ${TRIPS}`);
    return { from, to, pings, writeMs };
  } finally {
    await store.close();
  }
}

/** A call's answer's data; throws on a refusal. */
async function call<T>(url: string, headers: Record<string, string>, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * The figures on PGlite (the default store: in the API's process, so each slice's query holds its event loop) and,
 * when DATABASE_URL names a PostgreSQL server, on a fresh database there.
 */
export async function measureAlertImpact(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-impact-'));
  try {
    const seeded = await seedImpactTrips({ dataDir });
    lines.push(...(await measureOn('PGlite', dataDir, seeded)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_impact_');
    try {
      const seeded = await seedImpactTrips({ databaseUrl: db.url });
      const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-impact-pg-'));
      try {
        lines.push(...(await measureOn('PostgreSQL', emptyDir, seeded, { DATABASE_URL: db.url })));
      } finally {
        rmSync(emptyDir, { recursive: true, force: true });
      }
    } finally {
      await db.drop();
    }
  }
  return lines;
}

async function measureOn(
  backend: string,
  dataDir: string,
  seeded: Awaited<ReturnType<typeof seedImpactTrips>>,
  env: NodeJS.ProcessEnv = {},
): Promise<string[]> {
  const server = await startServer(dataDir, env);
  try {
    const headers = { authorization: `Bearer ${await deskToken(server.apiUrl)}` };
    const probe = healthProbe(server.apiUrl);
    let health = { line: '' };
    const runs: { ms: number; run: ImpactRun }[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        let run = await call<ImpactRun>(`${server.apiUrl}${callPath(alertImpactCalls.start)}`, headers, {
          c: COMPANY,
          from: seeded.from,
          to: seeded.to,
          configs: [RAISED],
        });
        const readUrl = `${server.apiUrl}${callPath(alertImpactCalls.read, { c: COMPANY }, { id: run.id })}`;
        while (run.status === 'running') {
          await new Promise((r) => setTimeout(r, POLL_MS));
          run = await call<ImpactRun>(readUrl, headers);
        }
        runs.push({ ms: performance.now() - start, run });
        if (run.status !== 'done') throw new Error(`preview ${run.id} ended ${run.status}: ${run.error}`);
      }
    } finally {
      health = await probe.stop();
    }
    const last = runs[runs.length - 1].run;
    const sum = (side: 'before' | 'after', type?: string) =>
      last.counts.filter((c) => !type || c.type === type).reduce((n, c) => n + c[side], 0);
    return [
      `  alert impact preview (${backend}): ${last.total} trips, ${seeded.pings} pings (written in ${Math.round(seeded.writeMs / 1000)} s before the start), long stoppage raised to 180/300/480 min`,
      `    start → done: ${runs.map((r) => `${Math.round(r.ms)} ms`).join(', ')} (target ≤ 5000 ms; the first on a cold server; median ${Math.round(median(runs.map((r) => r.ms)))} ms)`,
      `    result: alerts ${sum('before')} → ${sum('after')}, long stoppages ${sum('before', 'long_stoppage')} → ${sum('after', 'long_stoppage')}, ${last.trips.length} trips listed`,
      health.line,
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureAlertImpact()).join('\n'));
