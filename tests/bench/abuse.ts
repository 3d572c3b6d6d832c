/**
 * BENCH_ABUSE (on unless BENCH_ABUSE=0): what one desk or one crash can do to everyone (issue 21), the API as `npm
 * start` runs it (server/main.ts with its default quotas):
 * - outbound messages one desk can cause in a minute (target ≤ 100): for {@link ATTACK_SECONDS} s, one desk sends, as
 *   fast as the API answers, EMAIL test sends of 100 addresses, 'Run now' of a 50-recipient schedule and bulk uploads
 *   naming a summary address, four requests at a time; the outbox's messages to those addresses, the most in any
 *   60-second window, and the answers (2xx, 429);
 * - with DATABASE_URL, two instances on one fresh PostgreSQL database: the time from kill -9 of the instance working
 *   on a 6,000-row batch, and of the one carrying out a 'Run now' of an exception report over 50,000 alerts, to the
 *   other instance taking it over and finishing it (target ≤ 60 s), and whether anybody was mailed twice.
 * `node --import tsx tests/bench/abuse.ts` runs this part alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { jwtDecode } from 'jwt-decode';
import * as XLSX from '@e965/xlsx';
import { dailyAt } from '../../schemas/report-cron';
import { openPgStore } from '../../server/store/pg-store';
import { openStore } from '../../server/store/open-store';
import { migrate } from '../../server/store/migrate';
import { seed } from '../../server/seed/seed';
import { startApiProcess, type ApiProcess } from '../setup/api-process';
import { deskToken } from './trips';
import { addSchedule, exception, seedAlerts } from './report-runs';

const ATTACK_SECONDS = Number(process.env.BENCH_ABUSE_SECONDS ?? 70);
const CONCURRENCY = 4;
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

const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@relay.example`).join(',');

/** An xlsx of `rows` SMS configurations of company 1001 for users from `firstUser`. */
export function configurations(rows: number, firstUser: number): Blob {
  const book = XLSX.utils.book_new();
  const data = Array.from({ length: rows }, (_, i) => [
    'trip.created',
    'SMS',
    '1001',
    '',
    String(firstUser + i),
    '9876543210',
    '',
    '',
    `Trip ${i}`,
  ]);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...data]), 'Sheet1');
  return new Blob([new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer)]);
}

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** Creates a daily summary schedule of company 1001 through the API; answers its id. */
async function createSchedule(url: string, token: string, recipients: string): Promise<string> {
  const entity = (
    (await (await fetch(`${url}/saas/lego/cbdt?c=1001`, { headers: json(token) })).json()) as { data: { id: string } }
  ).data.id;
  const res = await fetch(`${url}/saas/v1/rs/definition/create?c=1001`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: {
        email_recipients: recipients,
        company_id: '1001',
        schedule: { cron: dailyAt(9 * 60).cron, type: 'DAILY' },
      },
    }),
  });
  if (!res.ok) throw new Error(`schedule not created: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The most items of `times` (ms) in any window of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= windowMs) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

/** One desk trying to relay mail for {@link ATTACK_SECONDS} s through every path that sends to addresses it chooses. */
async function measureOutbound(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lego-bench-abuse-'));
  const server = await startApiProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
    REPORT_TICK_SECONDS: '0',
    LOG_LEVEL: 'error',
  });
  try {
    const token = await deskToken(server.url);
    const eventId = (
      (await (await fetch(`${server.url}/notification/onboarded-events`, { headers: json(token) })).json()) as {
        value: { id: number }[];
      }
    ).value[0].id;
    const scheduleId = await createSchedule(server.url, token, addresses(50, 'run'));
    const answers = new Map<string, number>();
    const count = (status: number) =>
      answers.set(status < 300 ? '2xx' : String(status), (answers.get(status < 300 ? '2xx' : String(status)) ?? 0) + 1);
    let n = 0;
    const attempts: (() => Promise<Response>)[] = [
      () =>
        fetch(`${server.url}/notification/send-test?to=recipients`, {
          method: 'POST',
          headers: json(token),
          body: JSON.stringify({
            customerConfigId: null,
            companyId: 1001,
            branchId: 3101,
            eventId,
            mode: 'EMAIL',
            emailTo: addresses(50, `to${n}-`),
            emailCc: addresses(50, `cc${n}-`),
            subject: 'S',
            body: 'B',
          }),
        }),
      () => fetch(`${server.url}/saas/v1/rs/report/${scheduleId}/run?c=1001`, { method: 'POST', headers: json(token) }),
      () => {
        const form = new FormData();
        form.append('files', configurations(1, 900_000 + n), 'one.xlsx');
        form.append('email', `summary${n}@relay.example`);
        return fetch(`${server.url}/v1/bulk-upload/configurations/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
      },
    ];
    const started = Date.now();
    const end = started + ATTACK_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const res = await attempts[n++ % attempts.length]();
          count(res.status);
          await res.arrayBuffer();
        }
      }),
    );
    // The batches' summaries go out when they end: wait for the queue to empty.
    const deadline = Date.now() + 120_000;
    const { deskId } = jwtDecode<{ deskId: string }>(token);
    for (;;) {
      const listed = await fetch(
        `${server.url}/v1/batch?type=configurations&parent_fteid=${encodeURIComponent(deskId)}`,
        { headers: json(token) },
      );
      const batches = ((await listed.json()) as { data?: { status: string }[] }).data ?? [];
      if (batches.every((b) => b.status === 'DONE' || b.status === 'FAILED') || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    // Every message the outbox holds (GET /dev/outbox lists the newest 200 only), read from the stopped server's database.
    const store = await openStore({ dataDir });
    const relayed = (
      await store.query<{ at: Date | string }>(`select created_at as at from outbox where "to" like '%@relay.example'`)
    ).map((m) => new Date(m.at).getTime());
    await store.close();
    const statuses = [...answers].map(([status, k]) => `${k}× ${status}`).join(', ');
    return [
      `one desk relaying for ${ATTACK_SECONDS} s (${n} requests: ${statuses}): ${relayed.length} messages to its addresses, ` +
        `at most ${busiestWindow(relayed, 60_000)} in any minute (target ≤ 100)`,
    ];
  } finally {
    if (server.alive) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until `check` answers a value (polling every `everyMs`), up to `ms`. */
async function until<T>(check: () => Promise<T | null | undefined | false>, ms: number, everyMs = 20): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** kill -9 of the instance working on a batch, then on a report run: the time until the other one took it over and finished. */
async function measureTakeover(url: string): Promise<string[]> {
  const name = `lego_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const store = await openPgStore(target.toString());
  const dir = mkdtempSync(join(tmpdir(), 'lego-bench-two-'));
  const instances: ApiProcess[] = [];
  try {
    await migrate(store);
    await seed(store);
    await seedAlerts(store, Date.now());
    const recipients = Array.from({ length: 50 }, (_, i) => `taken${i}@x.in`);
    await addSchedule(
      store,
      'rs_bench_takeover',
      '1001',
      'ALERT',
      exception('1001', dailyAt(9 * 60).cron, recipients.join(',')),
      Date.now() - 3_600_000,
    );
    const start = () =>
      startApiProcess({
        DATABASE_URL: target.toString(),
        STATIC_DIR: dir,
        REPORT_TICK_SECONDS: '0',
        LOG_LEVEL: 'error',
        SMTP_URL: undefined,
      });
    instances.push(await start(), await start());
    const lines: string[] = [];

    // The batch: uploaded to the first instance, which takes it; killed once rows are stored.
    const token = await deskToken(instances[0].url);
    const form = new FormData();
    form.append('files', configurations(6000, 600_000), 'takeover.xlsx');
    const uploaded = (await (
      await fetch(`${instances[0].url}/v1/bulk-upload/configurations/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { data: { id: string } };
    const batch = () =>
      store.one<{ status: string; rows_done: number; lease_owner: string | null }>(
        'select status, rows_done, lease_owner from bulk_batches where id = $1',
        [uploaded.data.id],
      );
    const holder = await until(async () => {
      const b = await batch();
      return b && b.rows_done > 0 && b.lease_owner;
    }, 60_000);
    const victim = instances.find((i) => i.owner === holder)!;
    victim.child.kill('SIGKILL');
    const killed = Date.now();
    await until(async () => (await batch())?.lease_owner && (await batch())!.lease_owner !== holder, 120_000, 100);
    const taken = Date.now() - killed;
    await until(async () => (await batch())?.status === 'DONE', 180_000, 200);
    const rows = await store.one<{ n: number; users: number }>(
      'select count(*)::int as n, count(distinct user_id)::int as users from notification_configs where user_id between 600000 and 605999',
    );
    lines.push(
      `batch of 6,000 rows, its instance killed: taken over in ${(taken / 1000).toFixed(1)} s (target ≤ 60 s), done ${((Date.now() - killed) / 1000).toFixed(1)} s after the kill; ${rows!.n} rows stored for ${rows!.users} users (each once: ${rows!.n === 6000 && rows!.users === 6000})`,
    );

    // The report run: 'Run now' on a fresh instance (the survivor is the other), killed while it makes or mails the report.
    instances.push(await start());
    const runner = instances.at(-1)!;
    const runnerToken = await deskToken(runner.url);
    const request = fetch(`${runner.url}/saas/v1/rs/report/rs_bench_takeover/run?c=1001`, {
      method: 'POST',
      headers: json(runnerToken),
    }).catch(() => null);
    const run = await until(
      () =>
        store.one<{ id: string }>(
          `select id from report_runs where schedule_id = 'rs_bench_takeover' and lease_owner = $1`,
          [runner.owner],
        ),
      60_000,
      5,
    );
    runner.child.kill('SIGKILL');
    const runKilled = Date.now();
    await request;
    const finished = await until(
      () =>
        store.one<{ outcome: string; mailed: unknown }>(
          `select outcome, mailed from report_runs where id = $1 and outcome <> 'RUNNING'`,
          [run.id],
        ),
      120_000,
      100,
    );
    const mailed = await store.query<{ to: string; n: number }>(
      `select "to", count(*)::int as n from outbox where "to" like 'taken%' group by "to"`,
    );
    lines.push(
      `'Run now' of a 50-recipient exception report (50,000 alerts), its instance killed: finished ${finished.outcome} by the other ${((Date.now() - runKilled) / 1000).toFixed(1)} s after the kill (target ≤ 60 s); ${mailed.length} of 50 recipients mailed, none twice: ${mailed.every((m) => m.n === 1)}`,
    );
    return lines;
  } finally {
    for (const instance of instances) if (instance.alive) instance.child.kill('SIGKILL');
    await store.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureAbuse(): Promise<string[]> {
  const lines = await measureOutbound();
  const url = process.env.DATABASE_URL;
  lines.push(
    ...(url
      ? await measureTakeover(url)
      : ['takeover after kill -9: skipped (set DATABASE_URL: two instances on one PostgreSQL)']),
  );
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await measureAbuse()) console.log(line);
}
