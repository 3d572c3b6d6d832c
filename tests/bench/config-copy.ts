/**
 * BENCH_COPY (on unless BENCH_COPY=0): compare, copy and revert (issue 24) on two companies with {@link ALERTS} alert
 * configurations and {@link NOTIFICATIONS} notification configurations each (Tata Steel 1001 and UltraTech 1003: half
 * the alerts the same, a third different, the rest on one side only), the server (tests/bench/server.ts, as `npm
 * start` builds the API) on a fresh PGlite directory:
 * - the comparison of the two (target 500 ms, median of {@link RUNS});
 * - the preview of copying everything from 1001 to 1003 (target 1 s, median of {@link RUNS});
 * - its apply, in one transaction (target 3 s, once);
 * - `/health` every 25 ms meanwhile (p99 target 50 ms).
 * `node --import tsx tests/bench/config-copy.ts` runs this part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configCopyCalls } from '../../schemas/api/config-copy';
import { CONFIG_AREA_KEYS } from '../../schemas/config-copy';
import { seed } from '../../server/seed/seed';
import { migrate } from '../../server/store/migrate';
import { openStore } from '../../server/store/open-store';
import { callPath } from '../e2e/harness';
import { createPgDatabase } from '../setup/db-template';
import { deskToken, healthProbe, median, startServer } from './trips';

const ALERTS = 600;
const NOTIFICATIONS = 200;
const RUNS = 5;
const LEFT = '1001';
const RIGHT = '1003';

/** The two companies' configurations: {@link ALERTS} alerts and {@link NOTIFICATIONS} notification configs each. */
export async function seedConfigs(where: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const store = await openStore(where);
  try {
    await migrate(store);
    await seed(store);
    await store.tx(async (q) => {
      // Events enough for 200 (event, mode) pairs per company.
      await q.query(
        `insert into notification_events (name, event_status)
         select 'bench.event.' || n, 'ONBOARDED' from generate_series(1, $1::int) n on conflict do nothing`,
        [NOTIFICATIONS / 4],
      );
      for (const company of [LEFT, RIGHT]) {
        // Keys 0..599 on the left, 100..699 on the right: 500 on both, of which every third differs.
        const from = company === LEFT ? 0 : 100;
        await q.query(
          `insert into alert_configs (id, company_id, feature_key, enabled, extra_context)
           select 'alc_bench_' || $1 || '_' || n, $1, 'bench_alert_' || lpad(n::text, 4, '0'), true,
                  json_build_array(json_build_object('threshold', case when $1 = '${RIGHT}' and n % 3 = 0 then n + 1 else n end,
                    'emails', json_build_array('ops' || n || '@demo.local'), 'ticketing', json_build_object('raise_ticket', n % 2 = 0)))::text
             from generate_series($2::int, $2::int + $3::int - 1) n`,
          [company, from, ALERTS],
        );
        await q.query(
          `insert into notification_configs (company_id, event_id, mode, settings)
           select $1, e.id, m.mode, jsonb_build_object('emails', jsonb_build_array('n' || e.id || '@demo.local'), 'delayMinutes', case when $1 = '${RIGHT}' then 5 else 0 end)
             from notification_events e cross join (values ('SMS'), ('EMAIL'), ('WEBHOOKS'), ('WHATSAPP')) m(mode)
            where e.name like 'bench.event.%'
           on conflict do nothing`,
          [company],
        );
      }
    });
  } finally {
    await store.close();
  }
}

/** A call's time (ms) and its answer's data; throws on a refusal. */
async function timedCall(
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ ms: number; data: unknown }> {
  const start = performance.now();
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms, data: (JSON.parse(text) as { data: unknown }).data };
}

/**
 * The figures on PGlite (the default store) and, when DATABASE_URL names a PostgreSQL server, on a fresh database
 * there: PGlite runs in the API's process on one connection, so a copy's transaction holds every other query (the
 * health check's too) for its length; PostgreSQL serves them beside it.
 */
export async function measureConfigCopy(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-copy-'));
  try {
    await seedConfigs({ dataDir });
    lines.push(...(await measureOn('PGlite', dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const db = await createPgDatabase(adminUrl, 'lego_bench_copy_');
    try {
      await seedConfigs({ databaseUrl: db.url });
      const emptyDir = mkdtempSync(join(tmpdir(), 'lego-bench-copy-pg-'));
      try {
        lines.push(...(await measureOn('PostgreSQL', emptyDir, { DATABASE_URL: db.url })));
      } finally {
        rmSync(emptyDir, { recursive: true, force: true });
      }
    } finally {
      await db.drop();
    }
  }
  return lines;
}

async function measureOn(backend: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<string[]> {
  const server = await startServer(dataDir, env);
  try {
    const headers = { authorization: `Bearer ${await deskToken(server.apiUrl)}` };
    // /health every 10 ms while the calls run.
    const probe = healthProbe(server.apiUrl);
    const compareUrl = `${server.apiUrl}${callPath(configCopyCalls.compare, { c: LEFT, rc: RIGHT })}`;
    const compares: number[] = [];
    let items = 0;
    for (let i = 0; i <= RUNS; i++) {
      const { ms, data } = await timedCall(compareUrl, headers);
      if (i > 0) compares.push(ms);
      items = (data as { areas: { items: unknown[] }[] }).areas.reduce((n, a) => n + a.items.length, 0);
    }
    const body = { c: LEFT, tc: RIGHT, items: CONFIG_AREA_KEYS.map((area) => ({ area })) };
    const previewUrl = `${server.apiUrl}${callPath(configCopyCalls.copyPreview)}`;
    const previews: number[] = [];
    let preview = { token: '', items: [] as { action: string }[] };
    for (let i = 0; i <= RUNS; i++) {
      const { ms, data } = await timedCall(previewUrl, headers, body);
      if (i > 0) previews.push(ms);
      preview = data as typeof preview;
    }
    const writes = preview.items.filter((item) => item.action === 'create' || item.action === 'overwrite').length;
    const applied = await timedCall(`${server.apiUrl}${callPath(configCopyCalls.copyApply)}`, headers, {
      ...body,
      token: preview.token,
    });
    const health = await probe.stop();
    return [
      `  compare, copy and revert (${backend}): ${ALERTS} alert and ${NOTIFICATIONS} notification configurations per company`,
      `    compare ${LEFT} with ${RIGHT} (${items} items): ${Math.round(median(compares))} ms (target ≤ 500 ms, median of ${RUNS})`,
      `    preview of copying every area (${preview.items.length} items, ${writes} to write): ${Math.round(median(previews))} ms (target ≤ 1000 ms, median of ${RUNS})`,
      `    apply, one transaction: ${Math.round(applied.ms)} ms (target ≤ 3000 ms)`,
      health.line,
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log((await measureConfigCopy()).join('\n'));
