/**
 * BENCH_TRIPS (on unless BENCH_TRIPS=0): the trip service of issue 13 on a trip of {@link PINGS} location pings, the
 * server (tests/bench/server.ts, as `npm start` builds the API) on a fresh PGlite directory:
 * - replay (GET /v1/lego/trip/:tripId/analytics/replay; target 500 ms): the trip's pings read and its alerts
 *   recomputed with the configuration it started with; and the replay with the configuration as it is now (which
 *   also stores the alerts);
 * - trip data of each section (GET /api/v1/trip/:tripId/:section; target 100 ms);
 * - the trip page in Chromium (the built console, `npm run build` first; BENCH_REPLAY_PAGE=0 skips it): 'Replay'
 *   pressed → the map's track and the chart drawn (target 1 s), and a slider step → its frame: the key's handling,
 *   React's render and the map's and chart's cursors (target 16 ms, median of {@link STEPS} steps).
 * Each figure is the median of {@link RUNS} calls after one warm-up call, timed by the client. The trip runs from
 * Jamshedpur through Raipur and Nagpur to Taloja (a seeded route), a ping every 30 s, written through the trip
 * repository before the server starts: driving, night halts, a detour off the path, a speeding stretch, a signal gap;
 * its configuration enables every computed alert, so replay runs every rule. BENCH_CPU_PROF=<dir> profiles the server.
 * `node --import tsx tests/bench/trips.ts` runs this part alone.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { authCalls, platformCalls } from '../../schemas/api';
import { tripCalls } from '../../schemas/api/trips';
import { distanceKm, type LatLng } from '../../schemas/haversine';
import { TRIP_SECTIONS } from '../../schemas/trip';
import { tripRepository, type NewPing } from '../../server/repos/trip-repository';
import { COMPUTED_ALERTS, type StoredAlertConfig, type TripAlert } from '../../server/rules/trip-alerts';
import { ROUTES } from '../../server/seed/demo-content';
import { pathOf } from '../../server/seed/trip-drive';
import { seed } from '../../server/seed/seed';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { CHROMIUM, CHROMIUM_ARGS } from '../setup/chromium';
import { login } from '../setup/console-login';
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';

const OPERATOR = 'ops@demo.local';
const PINGS = 10_000;
const RUNS = 9;
export const TRIP_ID = 'TRPBENCH10K';
const ROUTE_ID = 'rt_tsl_jsr_tlj';
const MINUTE = 60_000;
/** A ping every 30 seconds. */
const EVERY_MS = 30_000;

/** Slider steps timed on the replay page. */
const STEPS = 41;

/** The point `km` along `path` (the last point past its end). */
function pointAt(path: readonly LatLng[], km: number): LatLng {
  let left = km;
  for (let i = 1; i < path.length; i++) {
    const leg = distanceKm(path[i - 1], path[i]);
    if (left <= leg) {
      const f = leg === 0 ? 0 : left / leg;
      return {
        lat: path[i - 1].lat + (path[i].lat - path[i - 1].lat) * f,
        lng: path[i - 1].lng + (path[i].lng - path[i - 1].lng) * f,
      };
    }
    left -= leg;
  }
  return path[path.length - 1];
}

/**
 * {@link PINGS} pings along `path` from `start`, a truck's days on the road: stretches at 25–40 km/h with a few
 * metres of GPS noise, a 40-minute tea stop every 4 hours of driving, a night halt of 8 hours every 14, a detour out
 * to 12 km north of the path, 30 minutes at 85 km/h, a 90-minute gap without signal, and the unloading at the
 * destination once there; every fifth ping from the SIM (no speed: computed from the pings).
 */
function pings(path: readonly LatLng[], start: number): NewPing[] {
  const out: NewPing[] = [];
  let km = 0;
  let t = start;
  let driven = 0;
  const park = (minutes: number) => {
    for (let k = 0; k < (minutes * MINUTE) / EVERY_MS && out.length < PINGS; k++) {
      const at = pointAt(path, km);
      out.push({
        t,
        lat: at.lat + Math.sin(k * 12.9898) * 0.0002,
        lng: at.lng + Math.cos(k * 78.233) * 0.0002,
        speed: 0,
        source: 'GPS',
      });
      t += EVERY_MS;
    }
  };
  for (let n = 0; out.length < PINGS; n++) {
    const minute = (t - start) / MINUTE;
    if (minute >= 1500 && minute < 1590) {
      // No signal: the truck drives on, nothing is received.
      km += (30 * EVERY_MS) / 3_600_000;
      t += EVERY_MS;
      continue;
    }
    const step = EVERY_MS / MINUTE;
    if (driven > 0 && driven % (14 * 60) < step) park(8 * 60);
    else if (driven > 0 && driven % (4 * 60) < step) park(40);
    let speed = 25 + 15 * Math.abs(Math.sin(n / 97));
    if (minute >= 1800 && minute < 1830) speed = 85;
    const off = minute >= 600 && minute < 660 ? 12 * Math.sin((Math.PI * (minute - 600)) / 60) : 0;
    km += (speed * EVERY_MS) / 3_600_000;
    driven += step;
    const on = pointAt(path, km);
    const arrived = km >= pathLength(path);
    const sim = n % 5 === 0;
    out.push({
      t,
      lat: on.lat + off / 111.2 + Math.sin(n * 12.9898) * 0.00015,
      lng: on.lng + Math.sin((n + 1) * 12.9898) * 0.00015,
      speed: arrived ? 0 : sim ? null : Math.round(speed),
      temperature: null,
      source: sim ? 'SIM' : 'GPS',
    });
    t += EVERY_MS;
    if (arrived) park(Infinity);
  }
  return out;
}

const pathLength = (path: readonly LatLng[]) => path.slice(1).reduce((km, p, i) => km + distanceKm(path[i], p), 0);

/** Migrates and seeds a fresh data directory, then writes the bench trip and its pings through the trip repository. */
export async function seedTrip(dataDir: string): Promise<{ companyId: string; pings: number; hours: number }> {
  const store = await openStore({ dataDir });
  try {
    await migrate(store);
    await seed(store);
    const route = ROUTES.find((r) => r.id === ROUTE_ID)!;
    const path = pathOf(route);
    const stored = await store.query<StoredAlertConfig>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext" from alert_configs where company_id = $1 and branch_id is null`,
      [route.company],
    );
    // Every computed alert on, with the company's settings where it has them.
    const config = [
      ...stored.filter((c) => !(COMPUTED_ALERTS as readonly string[]).includes(c.featureKey)),
      ...COMPUTED_ALERTS.map((key) => ({
        featureKey: key,
        enabled: true,
        extraContext: stored.find((c) => c.featureKey === key)?.extraContext ?? '[{}]',
      })),
    ];
    const track = pings(path, Date.now() - PINGS * EVERY_MS - 2 * 60 * MINUTE);
    const startedAt = track[0]!.t;
    await store.tx(async (q) => {
      await tripRepository.insert(q, {
        id: TRIP_ID,
        companyId: route.company,
        branchId: route.branch,
        departmentId: `${route.branch}1`,
        routeId: route.id,
        status: 1,
        startedAt,
        closedAt: null,
        path,
        stt: route.stt,
        vehicleNumber: 'JH05BE1000',
        parties: {
          consignor: { company_id: route.company, name: 'Jamshedpur' },
          consignee: { name: 'Taloja Service Centre' },
        },
        assets: [{ type: 'GPS', imei: '861001000000999' }],
        indent: { indent_id: 'IND-BENCH-1', route_code: route.code, material: 'Steel coils', quantity_mt: 25 },
        details: { route_label: route.label, stt_min: route.stt },
        alertConfig: config,
        createdBy: OPERATOR,
      });
      for (let i = 0; i < track.length; i += 2000)
        await tripRepository.addPings(q, TRIP_ID, track.slice(i, i + 2000), startedAt);
    });
    const [{ n }] = await store.query<{ n: number }>('select count(*)::int as n from trip_pings where trip_id = $1', [
      TRIP_ID,
    ]);
    return { companyId: route.company, pings: n, hours: Math.round((track.at(-1)!.t - startedAt) / 3_600_000) };
  } finally {
    await store.close();
  }
}

/** The bench server on `dataDir` (migrations and seed found done), with `extraEnv`; its API address and a way to stop it. */
export async function startServer(
  dataDir: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ apiUrl: string; pid: number | undefined; stop(): Promise<void> }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extraEnv };
  // PGlite in `dataDir`, unless the caller names a PostgreSQL database.
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'tests/bench/server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (d) => (output += d));
  const apiUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith('{"apiUrl"'));
      if (line) resolve((JSON.parse(line) as { apiUrl: string }).apiUrl);
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code}):\n${output}`)));
  });
  return {
    apiUrl,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
export const p99 = (values: number[]) => sorted(values)[Math.ceil(values.length * 0.99) - 1] ?? 0;

/**
 * Calls `/health` of `apiUrl` every `everyMs` ms (after each answer) until `stop`, which answers the latencies and the
 * bench's line of them (p99 target 50 ms).
 */
export function healthProbe(apiUrl: string, everyMs = 10): { stop(): Promise<{ health: number[]; line: string }> } {
  const health: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const start = performance.now();
      await (await fetch(`${apiUrl}${platformCalls.health.path}`)).arrayBuffer();
      health.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      probing = false;
      await probe;
      const line = `    /health meanwhile (${health.length} calls): p99 ${p99(health).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms (target p99 ≤ 50 ms)`;
      return { health, line };
    },
  };
}

/** Logs in by one-time code through the API (the code from the dev outbox); returns the desk token. */
export async function deskToken(apiUrl: string, operator = OPERATOR): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const requested = await post(authCalls.requestCode.path, { identifier: operator });
  if (!requested.ok) throw new Error(`code request failed: ${requested.status} ${await requested.text()}`);
  const outbox = (await (await fetch(`${apiUrl}${platformCalls.outbox.path}`)).json()) as {
    to: string;
    body: string;
  }[];
  const code = outbox
    .filter((m) => m.to === operator)
    .at(-1)
    ?.body.match(/\b(\d{6})\b/)?.[1];
  const verified = await post(authCalls.verifyCode.path, { identifier: operator, code });
  if (!verified.ok) throw new Error(`verify failed: ${verified.status} ${await verified.text()}`);
  return ((await verified.json()) as { data: { deskToken: string } }).data.deskToken;
}

/** One warm-up call, then the median of {@link RUNS} calls' times, and the last answer's body. */
async function timed(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; data: unknown }> {
  const times: number[] = [];
  let text = '';
  for (let i = 0; i <= RUNS; i++) {
    const start = performance.now();
    const res = await fetch(url, { headers });
    text = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
    if (i > 0) times.push(performance.now() - start);
  }
  return {
    ms: Math.round(median(times) * 10) / 10,
    bytes: text.length,
    data: (JSON.parse(text) as { data: unknown }).data,
  };
}

const alertCounts = (alerts: TripAlert[]) => {
  const counts = new Map<string, number>();
  for (const a of alerts) counts.set(a.type, (counts.get(a.type) ?? 0) + 1);
  return [...counts].map(([type, n]) => `${n} ${type}`).join(', ');
};

/** The replay and trip-data figures, as report lines. */
export async function measureTrips(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-trips-'));
  try {
    const seeded = await seedTrip(dataDir);
    const staticDir = join(process.cwd(), 'dist');
    const page = process.env.BENCH_REPLAY_PAGE !== '0' && existsSync(join(staticDir, 'index.html'));
    const server = await startServer(dataDir, page ? { STATIC_DIR: staticDir } : {});
    try {
      const headers = { authorization: `Bearer ${await deskToken(server.apiUrl)}` };
      const scope = { companyId: seeded.companyId };
      const replay = await timed(`${server.apiUrl}${callPath(tripCalls.replay, scope, { tripId: TRIP_ID })}`, headers);
      const updated = await timed(
        `${server.apiUrl}${callPath(tripCalls.replayUpdated, scope, { tripId: TRIP_ID })}`,
        headers,
      );
      const sections = [];
      for (const section of TRIP_SECTIONS) {
        sections.push({
          section,
          ...(await timed(
            `${server.apiUrl}${callPath(tripCalls.tripSection, scope, { tripId: TRIP_ID, section })}`,
            headers,
          )),
        });
      }
      const alerts = (replay.data as { alerts: TripAlert[] }).alerts;
      const slowest = sections.reduce((a, b) => (b.ms > a.ms ? b : a));
      return [
        `  trip ${TRIP_ID}: ${seeded.pings} pings over ${seeded.hours} h along Jamshedpur - Taloja (PGlite, median of ${RUNS})`,
        `    replay (configuration as started): ${replay.ms} ms (target ≤ 500 ms), ${alerts.length} alerts: ${alertCounts(alerts)}`,
        `    replay with updated config (stored): ${updated.ms} ms (target ≤ 500 ms), ${(updated.data as { alerts: TripAlert[] }).alerts.length} alerts`,
        `    trip data by section: ${sections.map((s) => `${s.section} ${s.ms} ms`).join(', ')}; slowest ${slowest.section} ${slowest.ms} ms (target ≤ 100 ms)`,
        ...(page
          ? await measureReplayPage(server.apiUrl, seeded.companyId)
          : ['    replay page: skipped (no dist/: npm run build)']),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The trip page in Chromium on the bench trip: 'Replay' pressed until the map's track (the planned path and the driven
 * track) and the chart's canvas are drawn; then slider steps (ArrowRight on its handle, a minute each), each timed
 * from the key to the end of its synchronous work (React renders discrete events at once, and the map's and the
 * chart's cursors move in layout effects), and to the next frame.
 */
async function measureReplayPage(url: string, companyId: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await login(page, url, OPERATOR);
    await page.getByText('Lego Configuration Console').waitFor();
    await page.goto(`${url}/utilities/trip-data?companyId=${companyId}`);
    await page.getByLabel('Trip ID').fill(TRIP_ID);
    const drawn: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.getByRole('button', { name: 'Reset Filter' }).last().click();
      await page.getByLabel('Trip ID').fill(TRIP_ID);
      const start = Date.now();
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="trip-map"] .leaflet-overlay-pane canvas') !== null &&
          document.querySelector('[data-testid="trip-replay"] canvas') !== null,
        null,
        { polling: 'raf', timeout: 30_000 },
      );
      drawn.push(Date.now() - start);
    }
    const steps = await page.evaluate(async (count) => {
      const handle = document.querySelector<HTMLElement>('[data-testid="trip-replay"] .ant-slider-handle');
      if (!handle) throw new Error('no slider handle');
      handle.focus();
      const work: number[] = [];
      const frame: number[] = [];
      for (let i = 0; i < count; i++) {
        // Each step starts at a frame's beginning, so that its work and its frame are its own.
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const start = performance.now();
        handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', code: 'ArrowRight', bubbles: true }));
        // React renders a discrete event's update in a microtask; a macrotask runs after it and its layout effects.
        await new Promise((resolve) => setTimeout(resolve, 0));
        work.push(performance.now() - start);
        // The next frame's style, layout and paint, up to the frame after it (a frame is 16.7 ms at 60 Hz).
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        frame.push(performance.now() - start);
      }
      const time = document.querySelector('[data-testid="replay-time"]')?.textContent ?? '';
      return { work, frame, time };
    }, STEPS);
    const ms = (values: number[]) => Math.round(median(values) * 10) / 10;
    return [
      `    replay page (Chromium, built console): Replay pressed → map track and chart drawn ${median(drawn)} ms (target ≤ 1000 ms, median of ${drawn.length})`,
      `    replay page: slider step → its work (key, render, cursors) ${ms(steps.work)} ms (target ≤ 16 ms), to its frame painted ${ms(steps.frame)} ms (median of ${STEPS}; time shown ${steps.time})`,
    ];
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log((await measureTrips()).join('\n'));
