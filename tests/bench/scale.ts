/**
 * BENCH_SCALE=<factor> (off unless set; issue 38 item 5): every list a hundred times the demo. One fresh database
 * holds, beside the demo seed, two new consignor companies: one of the demo's counts ({@link DEMO}: 2,000 routes, 200
 * known places, 200 consignees, 20,000 pings in trips of 1,000) and one of those counts times the factor (at 100:
 * 200,000 routes, 20,000 places, 20,000 consignees, 2,000,000 pings), seeded with set-based SQL and analysed. Through
 * the API over HTTP (tests/bench/server.ts, a desk token), each figure on both companies side by side, median and p95
 * of {@link RUNS} calls after a warm-up, with the ratio and the issue's target:
 * - the routes list: first page, the page 5 % in (page 500 of 10,000 at 200,000 routes), the last page, the first page
 *   of each sortable column, a search with many hits ('khopoli', a tenth of the routes), one ('sc0001234') and none;
 * - known places and consignees: first page and a search;
 *   target for any list page: ≤ 30 ms, and ≤ 2 × the same at demo size;
 * - a select's search as one types: the route select's own call (routes.options, a page of 50 by label) with `q` of 3
 *   to 7 letters of 'khopoli', and the largest answer (target ≤ 30 ms, ≤ 20 KB).
 * Then, the server stopped, each list's statements at scale are captured from the repository the server calls (a
 * store that records what it is sent), run again under EXPLAIN (ANALYZE, BUFFERS) and saved, one file per figure,
 * under test-results/bench/ (named in the output); a plan with a Seq Scan on the tenant's table is flagged.
 * On PostgreSQL when DATABASE_URL is set (a fresh database, dropped afterwards), and on PGlite up to
 * {@link PGLITE_MAX_FACTOR} (BENCH_SCALE_PGLITE): a larger factor is run there at that one, and the output says so.
 * `BENCH_SCALE=10 node --import tsx tests/bench/scale.ts` runs this part alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { companyCalls, mainCalls, type Contract } from '../../schemas/api';
import { placeCalls } from '../../schemas/api/places';
import { ROUTE_SORTS } from '../../schemas/api/main';
import { consignees } from '../../schemas/resources/consignees';
import { routeRepository } from '../../server/repos/route-repository';
import { resourceTable } from '../../server/repos/resource-table';
import { knownPlaces } from '../../schemas/resources/known-places';
import type { Scope } from '../../server/repos/scope-repository';
import { seed } from '../../server/seed/seed';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import type { Queryable, Store } from '../../server/store/store';
import { callPath } from '../e2e/harness';
import { createPgDatabase } from '../setup/db-template';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../setup/chromium';
import { login } from '../setup/console-login';
import { routesPageFigures, routesPageLines } from './routes-page';
import { deskToken, startServer } from './trips';

type RouteSort = (typeof ROUTE_SORTS)[number];

const FACTOR = Number(process.env.BENCH_SCALE ?? 0);
/**
 * The largest factor run on PGlite: ×100 was tried and fits (seeded in about 2 minutes, as on PostgreSQL; the whole
 * run 3 minutes); a larger one is not known to, so it runs there at this one unless BENCH_SCALE_PGLITE raises it.
 */
const PGLITE_MAX_FACTOR = Number(process.env.BENCH_SCALE_PGLITE ?? 100);
/** The demo's counts for one company: the sizes at factor 1. */
const DEMO = { routes: 2_000, places: 200, consignees: 200, pings: 20_000 } as const;
const PINGS_PER_TRIP = 1_000;
/** The new companies' ids (none of the demo seed's). */
const DEMO_COMPANY = '1201';
const SCALE_COMPANY = '1202';
/** Calls per figure and size after a warm-up (the p95 is the 19th of 20). */
const RUNS = 20;
const PAGE_SIZE = 20;
const TARGET_MS = 30;
const TARGET_RATIO = 2;
const SELECT_TARGET_KB = 20;
/** The tables whose rows belong to a tenant: a Seq Scan on one reads every company's rows. */
const TENANT_TABLES = ['routes', 'company_places', 'consignees', 'trips', 'trip_pings'];
/** The cities of the seed; Khopoli's share makes the search with many hits (origin or destination: about 1 in 10). */
const CITIES = [
  ['Khopoli', 'Maharashtra'],
  ['Pune', 'Maharashtra'],
  ['Mumbai', 'Maharashtra'],
  ['Nagpur', 'Maharashtra'],
  ['Jamshedpur', 'Jharkhand'],
  ['Kolkata', 'West Bengal'],
  ['Raipur', 'Chhattisgarh'],
  ['Chennai', 'Tamil Nadu'],
  ['Bengaluru', 'Karnataka'],
  ['Hyderabad', 'Telangana'],
  ['Ahmedabad', 'Gujarat'],
  ['Surat', 'Gujarat'],
  ['Jaipur', 'Rajasthan'],
  ['Lucknow', 'Uttar Pradesh'],
  ['Kanpur', 'Uttar Pradesh'],
  ['Indore', 'Madhya Pradesh'],
  ['Bhopal', 'Madhya Pradesh'],
  ['Ludhiana', 'Punjab'],
  ['Vizag', 'Andhra Pradesh'],
  ['Guwahati', 'Assam'],
] as const;
const DESKS = ['ops@demo.local', 'planner@demo.local', 'upload@demo.local', 'Ravi.K@demo.local'];

/** The two companies measured side by side: the demo's size and the scale's. */
interface Tenant {
  id: string;
  factor: number;
}

/** SQL arrays of the seed's cities, states and desks, with `city(i)`, `state(i)` and `desk(i)` for an integer i. */
const LOOKUPS = `(select array[${CITIES.map(([c]) => `'${c}'`).join(', ')}] as cities,
                         array[${CITIES.map(([, s]) => `'${s}'`).join(', ')}] as states,
                         array[${DESKS.map((d) => `'${d}'`).join(', ')}] as desks) k`;
const city = (i: string) => `k.cities[1 + (${i}) % ${CITIES.length}]`;
const state = (i: string) => `k.states[1 + (${i}) % ${CITIES.length}]`;
const desk = (i: string) => `k.desks[1 + (${i}) % ${DESKS.length}]`;
/** A stored place in city i (a route's end), as jsonb. */
const placeJson = (i: string, code: string) =>
  `jsonb_build_object('label', ${city(i)}, 'address', ${city(i)} || ', ' || ${state(i)} || ', India', 'cpCode', ${code},
     'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'scale-' || ${city(i)},
     'geometry', jsonb_build_object('location', jsonb_build_object('lat', 18 + (${i}) % 10, 'lng', 73 + (${i}) % 10))))`;
/** Saved times: three rows a second (ties the id orders), the newest in 2026. */
const SAVED_AT = (n: string) => `1767225600000 + (${n} / 3) * 1000`;

/**
 * Routes of `tenant`: lanes between the cities (label, addresses), codes SC0000001…, four desks, an STT; their audit
 * entries are not written (the audit log is not measured, and 200,000 of them would only lengthen the seed).
 */
async function seedRoutes(q: Queryable, tenant: Tenant): Promise<void> {
  await q.query(
    `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
     select 'rt_scale_' || $1 || '_' || n, $1, 'SC' || lpad(n::text, 7, '0'),
            ${city('n')} || ' to ' || ${city('n * 7 + 3')} || ' lane ' || (n % 97), 300 + n % 900,
            ${placeJson('n', "'O' || n")}, ${placeJson('n * 7 + 3', "'D' || n")}, ${desk('n')}, ${SAVED_AT('n')}
       from generate_series(1, $2::int) n, ${LOOKUPS}`,
    [tenant.id, DEMO.routes * tenant.factor],
  );
}

/** Known places of `tenant`: yards in the cities, codes KP000001…, saved three a second by four desks. */
async function seedPlaces(q: Queryable, tenant: Tenant): Promise<void> {
  await q.query(
    `insert into company_places (cp_id, company_id, cp_code, label, address, geofence_radius, google, updated_by, updated_at)
     select 'cp_scale_' || $1 || '_' || n, $1, 'KP' || lpad(n::text, 6, '0'), ${city('n')} || ' yard ' || n,
            'Plot ' || n || ', ' || ${city('n')} || ', ' || ${state('n')} || ', India', 1 + n % 5,
            ${placeJson('n', "'KP' || n")}->'google', ${desk('n')}, ${SAVED_AT('n')}
       from generate_series(1, $2::int) n, ${LOOKUPS}`,
    [tenant.id, DEMO.places * tenant.factor],
  );
}

/** Consignees of `tenant`: one per place, of every type, with phone and e-mail. */
async function seedConsignees(q: Queryable, tenant: Tenant): Promise<void> {
  await q.query(
    `insert into consignees (id, company_id, code, name, type, phone, email, cp_id, cp_code, label, address,
                             geofence_radius, google, updated_by, updated_at)
     select 'cee_scale_' || $1 || '_' || n, $1, 'CN' || lpad(n::text, 6, '0'), ${city('n * 3')} || ' Traders ' || n,
            (array['CUSTOMER', 'WAREHOUSE', 'JIT_WAREHOUSE', 'DC', 'MDC', 'RDC', 'OEM'])[1 + n % 7],
            '98' || lpad(n::text, 8, '0'), 'buyer' || n || '@example.in', 'cp_scale_cee_' || $1 || '_' || n,
            'CC' || n, ${city('n * 3')} || ' gate ' || n, 'Shed ' || n || ', ' || ${city('n * 3')} || ', India', 2,
            ${placeJson('n * 3', "'CC' || n")}->'google', ${desk('n')}, ${SAVED_AT('n')}
       from generate_series(1, $2::int) n, ${LOOKUPS}`,
    [tenant.id, DEMO.consignees * tenant.factor],
  );
}

/** Closed trips of `tenant` on its routes, {@link PINGS_PER_TRIP} pings each (one every 30 s along a line). */
async function seedTrips(q: Queryable, tenant: Tenant): Promise<void> {
  const trips = (DEMO.pings * tenant.factor) / PINGS_PER_TRIP;
  await q.query(
    `insert into trips (id, company_id, route_id, status, started_at, closed_at, path, vehicle_number, created_by, created_at)
     select 'TRPSC' || $1 || lpad(n::text, 6, '0'), $1, 'rt_scale_' || $1 || '_' || n, 0,
            1767225600000 - n::bigint * 3600000, 1767225600000 - n::bigint * 3600000 + $3::bigint * 30000, '[]',
            'MH12SC' || n, 'ops@demo.local', 1767225600000 - n::bigint * 3600000
       from generate_series(1, $2::int) n`,
    [tenant.id, trips, PINGS_PER_TRIP],
  );
  await q.query(
    `insert into trip_pings (trip_id, t, lat, lng, speed, source, received_at)
     select t.id, t.started_at + i * 30000, 18.5 + i * 0.001, 73.8 + i * 0.001, 20 + i % 40,
            case when i % 5 = 0 then 'SIM' else 'GPS' end, t.started_at + i * 30000 + 2000
       from trips t, generate_series(1, $2::int) i
      where t.company_id = $1`,
    [tenant.id, PINGS_PER_TRIP],
  );
}

/** The audited tables the seed fills (their row triggers off while it does: see {@link seedRoutes}). */
const AUDITED = ['routes', 'company_places', 'consignees'];

/** A fresh store migrated, with the demo seed and the two tenants, analysed. */
async function seedStore(store: Store, tenants: readonly Tenant[]): Promise<void> {
  await migrate(store);
  await seed(store);
  await store.tx(async (q) => {
    for (const table of AUDITED) await q.exec(`alter table ${table} disable trigger audit_change`);
    for (const tenant of tenants) {
      await q.query(`insert into companies (id, name, type) values ($1, $2, 'CONSIGNOR')`, [
        tenant.id,
        `Scale Bench ×${tenant.factor} Limited`,
      ]);
      await seedRoutes(q, tenant);
      await seedPlaces(q, tenant);
      await seedConsignees(q, tenant);
      await seedTrips(q, tenant);
    }
    for (const table of AUDITED) await q.exec(`alter table ${table} enable trigger audit_change`);
  });
  await store.exec('analyze');
}

/** One list call of a figure: which list and the query beside the scope. */
interface ListAsk {
  list: 'routes' | 'places' | 'consignees' | 'routeOptions';
  query: { q?: string; page?: number; size?: number; sort?: RouteSort };
}

/** The list's call, with the query it always carries for a consignor company's own rows. */
const LIST_CALLS: Record<ListAsk['list'], { call: Contract; fixed: Record<string, string> }> = {
  routes: { call: mainCalls.routes, fixed: { t: 'CONSIGNOR' } },
  places: { call: placeCalls.placeFetch, fixed: { t: 'CONSIGNOR' } },
  consignees: { call: companyCalls.partners, fixed: { t: 'CONSIGNOR', pt: 'CONSIGNEE' } },
  routeOptions: { call: mainCalls.routeOptions, fixed: { t: 'CONSIGNOR' } },
};

const pathOf = (ask: ListAsk, company: string) =>
  callPath(LIST_CALLS[ask.list].call, {
    ...LIST_CALLS[ask.list].fixed,
    c: company,
    ...Object.fromEntries(Object.entries(ask.query).map(([k, v]) => [k, String(v)])),
  });

/**
 * The repository call the server makes for `ask` (as server/routes/company-routes.ts, resources.ts and consignees.ts
 * call it: page 1 and 20 rows unless asked), on `q`.
 */
function repositoryCall(q: Queryable, ask: ListAsk, company: string): Promise<unknown> {
  const page = { page: ask.query.page ?? 1, size: ask.query.size ?? PAGE_SIZE, q: ask.query.q };
  const scope: Scope = { companyId: company, companyType: 'CONSIGNOR', branchId: null, departmentId: null };
  if (ask.list === 'routes') return routeRepository.pageJson(q, scope, { ...page, sort: ask.query.sort });
  if (ask.list === 'routeOptions') return routeRepository.options(q, scope, ask.query.q);
  if (ask.list === 'places') return resourceTable(knownPlaces).page(q, { ...scope, owner: null }, page);
  return resourceTable(consignees).page(q, { ...scope, owner: null }, page);
}

/** One figure: its name and the calls it times (several for a select typed letter by letter), on a tenant. */
interface Figure {
  name: string;
  asks: (total: number) => ListAsk[];
  /** The select's figure: its answers' size is reported and has a target. */
  select?: boolean;
}

/** Where the page 5 % into a list of `total` rows lies (page 500 of 10,000 at 200,000 routes). */
const pageAt = (total: number, share: number) => Math.max(1, Math.round((share * total) / PAGE_SIZE));
const lastPage = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));
const routes = (query: ListAsk['query'] = {}): ListAsk => ({ list: 'routes', query: { size: PAGE_SIZE, ...query } });

const FIGURES: Figure[] = [
  { name: 'routes, first page', asks: () => [routes()] },
  { name: 'routes, page 5 % in', asks: (total) => [routes({ page: pageAt(total, 0.05) })] },
  { name: 'routes, last page', asks: (total) => [routes({ page: lastPage(total) })] },
  ...ROUTE_SORTS.map((sort) => ({ name: `routes, by ${sort}`, asks: () => [routes({ sort })] })),
  { name: "routes, search 'khopoli' (many)", asks: () => [routes({ q: 'khopoli' })] },
  { name: "routes, search 'sc0001234' (one)", asks: () => [routes({ q: 'sc0001234' })] },
  { name: "routes, search 'zqxw' (none)", asks: () => [routes({ q: 'zqxw' })] },
  { name: 'known places, first page', asks: () => [{ list: 'places', query: { size: PAGE_SIZE } }] },
  { name: "known places, search 'khopoli'", asks: () => [{ list: 'places', query: { q: 'khopoli' } }] },
  { name: 'consignees, first page', asks: () => [{ list: 'consignees', query: { size: PAGE_SIZE } }] },
  { name: "consignees, search 'khopoli'", asks: () => [{ list: 'consignees', query: { q: 'khopoli' } }] },
  {
    name: "route select, typing 'khopoli'",
    // The route select's own call (the route master's, the waypoints'), as it asks letter by letter.
    asks: () => ['kho', 'khop', 'khopo', 'khopol', 'khopoli'].map((q) => ({ list: 'routeOptions', query: { q } })),
    select: true,
  },
];

/** The median and 95th percentile of `ms`. */
function spread(ms: number[]): { median: number; p95: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95) };
}

/** A figure measured: every call's time (each ask {@link RUNS} times after a warm-up) and the largest answer. */
interface Measured {
  ms: number[];
  maxBytes: number;
}

/** Times `asks` on `company` through the API, each {@link RUNS} times after a warm-up call. */
async function measure(apiUrl: string, token: string, company: string, asks: ListAsk[]): Promise<Measured> {
  const headers = { authorization: `Bearer ${token}` };
  const ms: number[] = [];
  let maxBytes = 0;
  for (const ask of asks) {
    const url = `${apiUrl}${pathOf(ask, company)}`;
    for (let run = 0; run <= RUNS; run++) {
      const start = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`);
      if (run > 0) ms.push(performance.now() - start);
      maxBytes = Math.max(maxBytes, body.byteLength);
    }
  }
  return { ms, maxBytes };
}

/** The number of rows of `company`'s routes list, from its first page's total. */
async function routeTotal(apiUrl: string, token: string, company: string): Promise<number> {
  const res = await fetch(`${apiUrl}${pathOf(routes(), company)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { total: number }).total;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : String(Math.round(ms)));

/** One line of the table: both sizes' median / p95, the ratio of medians, the target and whether it is met. */
function figureLine(figure: Figure, demo: Measured, scale: Measured): string {
  const [d, s] = [spread(demo.ms), spread(scale.ms)];
  const ratio = s.median / d.median;
  const kb = scale.maxBytes / 1024;
  const met = s.median <= TARGET_MS && (figure.select ? kb <= SELECT_TARGET_KB : ratio <= TARGET_RATIO);
  const target = figure.select
    ? `≤ ${TARGET_MS} ms, ≤ ${SELECT_TARGET_KB} KB (largest ${kb.toFixed(1)} KB)`
    : `≤ ${TARGET_MS} ms, ≤ ${TARGET_RATIO}×`;
  return `    ${figure.name.padEnd(36)} ${`${fmt(d.median)} / ${fmt(d.p95)}`.padStart(12)} ${`${fmt(s.median)} / ${fmt(s.p95)}`.padStart(12)} ${`${ratio.toFixed(1)}×`.padStart(6)}  ${met ? 'met   ' : 'MISSED'} ${target}`;
}

/** A store that records every statement it is sent (and runs it on `store`). */
function recording(store: Queryable): { q: Queryable; statements: { sql: string; params: unknown[] }[] } {
  const statements: { sql: string; params: unknown[] }[] = [];
  const q: Queryable = {
    query: (sql, params = []) => {
      statements.push({ sql, params });
      return store.query(sql, params);
    },
    one: (sql, params = []) => {
      statements.push({ sql, params });
      return store.one(sql, params);
    },
    exec: (sql) => store.exec(sql),
  };
  return { q, statements };
}

/**
 * Each figure's statements on `company` (captured from the repository call the server makes), run under EXPLAIN
 * (ANALYZE, BUFFERS) and written to `dir`, one file per figure; answers the figures whose plan scans a tenant's table.
 */
async function explainAll(store: Store, company: string, total: number, dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const flagged: string[] = [];
  for (const [i, figure] of FIGURES.entries()) {
    const plans: string[] = [];
    for (const ask of figure.asks(total)) {
      const { q, statements } = recording(store);
      await repositoryCall(q, ask, company);
      for (const { sql, params } of statements) {
        const rows = await store.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
        plans.push(
          `-- ${pathOf(ask, company)}\n${sql}\n-- parameters: ${JSON.stringify(params)}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
    const text = plans.join('\n');
    const scans = TENANT_TABLES.filter((table) => new RegExp(`Seq Scan on ${table}\\b`).test(text));
    if (scans.length) flagged.push(`${figure.name} (Seq Scan on ${scans.join(', ')})`);
    const file = `${String(i + 1).padStart(2, '0')}-${figure.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.txt`;
    writeFileSync(join(dir, file), text);
  }
  return flagged;
}

/** Where a backend's EXPLAIN files go. */
const explainDir = (backend: string, factor: number) =>
  join(
    'test-results',
    'bench',
    `scale-${backend.toLowerCase()}-x${factor}-${new Date().toISOString().replace(/[:.]/g, '-')}`,
  );

/**
 * The figures on one backend: the two tenants seeded through a store from `open`, the server `serve` starts, every
 * figure timed on both tenants, then, the server stopped, the scale tenant's plans saved.
 */
async function measureOn(
  backend: string,
  factor: number,
  open: () => Promise<Store>,
  serve: () => ReturnType<typeof startServer>,
): Promise<string[]> {
  const demo: Tenant = { id: DEMO_COMPANY, factor: 1 };
  const scale: Tenant = { id: SCALE_COMPANY, factor };
  const seeding = performance.now();
  const store = await open();
  try {
    await seedStore(store, [demo, scale]);
  } finally {
    await store.close();
  }
  const seededS = Math.round((performance.now() - seeding) / 1000);
  const lines = [
    `  scale ×${factor} on ${backend} (seeded in ${seededS} s): ${(DEMO.routes * factor).toLocaleString('en-IN')} routes, ${(DEMO.places * factor).toLocaleString('en-IN')} known places, ${(DEMO.consignees * factor).toLocaleString('en-IN')} consignees, ${(DEMO.pings * factor).toLocaleString('en-IN')} pings beside the demo's ${DEMO.routes.toLocaleString('en-IN')} / ${DEMO.places} / ${DEMO.consignees} / ${DEMO.pings.toLocaleString('en-IN')}`,
    `    ${'figure (ms: median / p95)'.padEnd(36)} ${'demo'.padStart(12)} ${`×${factor}`.padStart(12)} ${'ratio'.padStart(6)}  target`,
  ];
  const server = await serve();
  const totals = { demo: 0, scale: 0 };
  try {
    const token = await deskToken(server.apiUrl);
    totals.demo = await routeTotal(server.apiUrl, token, demo.id);
    totals.scale = await routeTotal(server.apiUrl, token, scale.id);
    for (const figure of FIGURES) {
      const onDemo = await measure(server.apiUrl, token, demo.id, figure.asks(totals.demo));
      const onScale = await measure(server.apiUrl, token, scale.id, figure.asks(totals.scale));
      lines.push(figureLine(figure, onDemo, onScale));
    }
    lines.push(...(PAGE ? await measurePage(server.apiUrl, scale.id, totals.scale, backend) : []));
  } finally {
    await server.stop();
  }
  const dir = explainDir(backend, factor);
  const explained = await open();
  try {
    const flagged = await explainAll(explained, scale.id, totals.scale, dir);
    lines.push(
      `    EXPLAIN (ANALYZE, BUFFERS) of each list's statements at ×${factor}: ${dir}/`,
      flagged.length
        ? `    Seq Scan on a tenant's table in: ${flagged.join('; ')}`
        : "    no plan reads a tenant's table with a Seq Scan",
    );
  } finally {
    await explained.close();
  }
  return lines;
}

/** The built console (`npm run build`), served by the bench server for the page's figures (BENCH_SCALE_PAGE=0 skips them). */
const STATIC_DIR = join(process.cwd(), 'dist');
const PAGE = process.env.BENCH_SCALE_PAGE !== '0' && existsSync(join(STATIC_DIR, 'index.html'));

/**
 * /routes of the large company in Chromium (issue 38: navigation → first rows ≤ 1 s, a keystroke → filtered rows ≤ 100
 * ms), the search naming one route by its code.
 */
async function measurePage(url: string, company: string, routes: number, backend: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await login(page, url, 'ops@demo.local');
    await page.getByText('Lego Configuration Console').waitFor();
    const scope = `companyId=${company}&companyName=${encodeURIComponent(`Scale Bench company ${company}`)}&companyType=CONSIGNOR`;
    const figures = await routesPageFigures(context, url, scope, 'SC0001234');
    return routesPageLines(`${routes.toLocaleString('en-IN')} routes of one company (${backend})`, figures);
  } finally {
    await browser.close();
  }
}

/** The figures on PGlite (up to {@link PGLITE_MAX_FACTOR}) and, with DATABASE_URL, on a fresh PostgreSQL database. */
export async function measureScale(): Promise<string[]> {
  if (!(FACTOR >= 1)) throw new Error(`BENCH_SCALE must be a factor of at least 1, not '${process.env.BENCH_SCALE}'`);
  const lines: string[] = [];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_scale_');
    const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-scale-pg-'));
    try {
      lines.push(
        ...(await measureOn(
          'PostgreSQL',
          FACTOR,
          () => openStore({ databaseUrl: db.url }),
          () => startServer(emptyDir, { DATABASE_URL: db.url, ...(PAGE && { STATIC_DIR }) }),
        )),
      );
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
      await db.drop();
    }
  }
  const pgliteFactor = Math.min(FACTOR, PGLITE_MAX_FACTOR);
  if (pgliteFactor < FACTOR)
    lines.push(
      `  scale ×${FACTOR} skipped on PGlite: only up to ×${PGLITE_MAX_FACTOR} is known to fit its one WASM database (BENCH_SCALE_PGLITE raises it); run at ×${pgliteFactor} instead`,
    );
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-scale-'));
  try {
    lines.push(
      ...(await measureOn(
        'PGlite',
        pgliteFactor,
        () => openStore({ dataDir }),
        () => startServer(dataDir, PAGE ? { STATIC_DIR } : {}),
      )),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureScale()).join('\n'));
