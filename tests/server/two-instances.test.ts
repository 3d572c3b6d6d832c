import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authCalls } from '../../schemas/api/auth';
import type { Contract } from '../../schemas/api/contract';
import { proposalCalls, type Proposal } from '../../schemas/api/proposals';
import { callsOf } from '../../schemas/api/resources';
import { holidays } from '../../schemas/resources/holidays';
import { dailyAt } from '../../schemas/report-cron';
import type { Store } from '../../server/store/store';
import { callPath } from '../e2e/harness';
import { configurationsFile, smsRow } from './batch-fixture';
import { POSTGRES, type TestDatabase } from './helper';
import { freePort, startApiProcess, type ApiProcess } from '../setup/api-process';

/**
 * Issue 21, point 7: two API instances (`server/main.ts`, as `npm start` runs it) on one PostgreSQL behind a real
 * reverse proxy (HAProxy from Debian's packages, which `.ci/run` installs): the outbound quotas and the login limits
 * hold across both, concurrent 'Run now' on both mails nobody twice, and a batch is taken over by the other instance
 * when the one running it is killed (kill -9), and so is a scheduled proposal whose apply it was in the middle of
 * (applied once). Runs where DATABASE_URL is set (CI); there HAProxy must be installed.
 */

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const holidayCalls = callsOf(holidays);

describe.skipIf(!POSTGRES)('two API instances behind HAProxy on one PostgreSQL', () => {
  let db: TestDatabase;
  let store: Store;
  let dir: string;
  let proxy: ChildProcess;
  type Instance = ApiProcess;
  let proxyUrl: string;
  const instances: Instance[] = [];
  /** Each instance's name in pg_stat_activity (its pool's `application_name`), to tell whose backend waits on a lock. */
  const appNames = new Map<Instance, string>();
  let started = 0;

  /** Starts `server/main.ts` against the test database (no console files, no report ticks, behind one proxy hop). */
  async function start(): Promise<Instance> {
    const appName = `two-instances-${++started}`;
    const instance = await startApiProcess({
      DATABASE_URL: db.url,
      STATIC_DIR: dir,
      TRUST_PROXY: '1',
      REPORT_TICK_SECONDS: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // Short leases: a killed instance's work is taken over within about 8 s (the defaults take about 30).
      LEASE_SECONDS: '6',
      SWEEP_SECONDS: '2',
      // node-postgres names its connections so (pg_stat_activity.application_name).
      PGAPPNAME: appName,
    });
    instances.push(instance);
    appNames.set(instance, appName);
    return instance;
  }

  beforeAll(async () => {
    if (!existsSync(HAPROXY))
      throw new Error(`HAProxy is not installed at ${HAPROXY} (apt-get install haproxy; .ci/run does)`);
    dir = await mkdtemp(join(tmpdir(), 'lego-two-'));
    db = await POSTGRES!.prepared();
    store = await db.open();
    const [a, b] = await Promise.all([start(), start()]);
    const port = await freePort();
    await writeFile(
      join(dir, 'haproxy.cfg'),
      [
        'defaults',
        '  mode http',
        '  timeout connect 2s',
        '  timeout client 120s',
        '  timeout server 120s',
        '  option forwardfor',
        'frontend api',
        `  bind 127.0.0.1:${port}`,
        '  default_backend instances',
        'backend instances',
        '  balance roundrobin',
        '  option httpchk GET /health',
        `  server a 127.0.0.1:${a.port} check inter 500 fall 2 rise 1`,
        `  server b 127.0.0.1:${b.port} check inter 500 fall 2 rise 1`,
        '',
      ].join('\n'),
    );
    proxy = spawn(HAPROXY, ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    proxyUrl = `http://127.0.0.1:${port}`;
    await vi.waitFor(async () => expect((await fetch(`${proxyUrl}/health`)).status).toBe(200), {
      timeout: 20_000,
      interval: 200,
    });
  }, 240_000);

  afterAll(async () => {
    proxy?.kill('SIGKILL');
    for (const instance of instances) if (instance.alive) instance.child.kill('SIGKILL');
    await store?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const at =
    (base: string, token?: string) =>
    async <T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, headers: res.headers, body: parsed as T };
    };
  const direct = (instance: Instance, token?: string) => at(`http://127.0.0.1:${instance.port}`, token);

  /** The shared outbox, read from a live instance directly (it answers only requests not forwarded by a proxy). */
  const readOutbox = async (): Promise<{ to: string; body: string }[]> =>
    (await direct(instances.find((i) => i.alive)!)<{ to: string; body: string }[]>('GET', '/dev/outbox')).body;

  /** Logs in through the proxy (the code read from the shared outbox). */
  async function login(identifier = 'ops@demo.local'): Promise<string> {
    const call = at(proxyUrl);
    expect((await call('POST', authCalls.requestCode.path, { identifier })).status).toBe(200);
    const outbox = await readOutbox();
    const code = outbox
      .filter((m) => m.to === identifier)
      .at(-1)!
      .body.match(/\b(\d{6})\b/)![1];
    const verified = await call<{ data: { deskToken: string } }>('POST', authCalls.verifyCode.path, {
      identifier,
      code,
    });
    expect(verified.status).toBe(200);
    return verified.body.data.deskToken;
  }

  it('shares the outbound quotas, the login limits and Run now across both instances, mailing nobody twice', async () => {
    const token = await login();
    const [a, b] = instances;
    const events = await direct(a, token)<{ value: { id: unknown }[] }>('GET', '/notification/onboarded-events');
    const eventId = events.body.value[0].id;
    const test = (instance: Instance | null, to: string) =>
      (instance ? direct(instance, token) : at(proxyUrl, token))('POST', '/notification/send-test?to=recipients', {
        customerConfigId: null,
        companyId: 1001,
        branchId: 3101,
        eventId,
        mode: 'EMAIL',
        emailTo: to,
        subject: 'S',
        body: 'B',
      });
    for (let i = 0; i < 5; i++) {
      expect((await test(a, `two-a${i}@x.in`)).status).toBe(200);
      expect((await test(b, `two-b${i}@x.in`)).status).toBe(200);
    }
    const eleventh = await test(null, 'two-over@x.in');
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);

    // Code requests from one client address, counted on both instances (TRUST_PROXY=1: the address a proxy forwards).
    const ask = (instance: Instance) =>
      direct(instance)(
        'POST',
        authCalls.requestCode.path,
        { identifier: 'nolego@demo.local' },
        { 'x-forwarded-for': '10.77.0.1' },
      );
    for (let i = 0; i < 10; i++) {
      expect((await ask(a)).status).toBe(200);
      expect((await ask(b)).status).toBe(200);
    }
    expect((await ask(a)).status).toBe(429);
    expect((await ask(b)).status).toBe(429);

    // 'Run now' of one schedule on both instances at once: at most one run at a time, each recipient once per run.
    const entity = (await direct(a, token)<{ data: { id: unknown } }>('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    const recipients = Array.from({ length: 20 }, (_, i) => `two-run${i}@x.in`);
    const created = await direct(a, token)<{ data: { id: string } }>('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: {
        email_recipients: recipients.join(','),
        company_id: '1001',
        schedule: { cron: dailyAt(9 * 60).cron, type: 'DAILY' },
      },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const answers = await Promise.all(
      [a, b, a, b].map((instance) => direct(instance, token)('POST', `/saas/v1/rs/report/${id}/run?c=1001`)),
    );
    const ran = answers.filter((r) => r.status === 200).length;
    expect(ran).toBeGreaterThanOrEqual(1);
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const outbox = await readOutbox();
    for (const to of recipients) expect(outbox.filter((m) => m.to === to)).toHaveLength(ran);
  }, 120_000);

  it('takes a batch over on the other instance when the one running it is killed, creating every row once', async () => {
    const token = await login();
    const ROWS = 1500;
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(configurationsFile(Array.from({ length: ROWS }, (_, i) => smsRow(30_000 + i))))]),
      'two.xlsx',
    );
    const uploaded = await fetch(`${proxyUrl}/v1/bulk-upload/configurations/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(uploaded.status).toBe(200);
    const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const batch = () =>
      store.one<{ status: string; rows_done: number; lease_owner: string | null }>(
        'select status, rows_done, lease_owner from bulk_batches where id = $1',
        [id],
      );
    const holder = await vi.waitFor(
      async () => {
        const b = (await batch())!;
        if (!b.lease_owner || b.rows_done === 0) throw new Error('not started');
        return b.lease_owner;
      },
      { timeout: 60_000, interval: 50 },
    );
    const victim = instances.find((i) => i.owner === holder)!;
    const survivor = instances.find((i) => i.owner !== holder)!;
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    await vi.waitFor(async () => expect((await batch())!.lease_owner).toBe(survivor.owner), {
      timeout: 90_000,
      interval: 200,
    });
    console.log(
      `batch taken over ${((Date.now() - killedAt) / 1000).toFixed(1)} s after kill -9 (leases of 6 s, sweeps every 2 s)`,
    );
    await vi.waitFor(async () => expect((await batch())!.status).toBe('DONE'), { timeout: 120_000, interval: 250 });
    expect(await store.one('select rows_done, rows_failed from bulk_batches where id = $1', [id])).toEqual({
      rows_done: ROWS,
      rows_failed: 0,
    });
    const created = await store.one<{ n: number; users: number }>(
      'select count(*)::int as n, count(distinct user_id)::int as users from notification_configs where user_id between 30000 and $1',
      [30_000 + ROWS - 1],
    );
    expect(created).toEqual({ n: ROWS, users: ROWS });
    // The proxy sends the console to the survivor alone.
    expect((await at(proxyUrl)('GET', '/health')).status).toBe(200);
  }, 300_000);

  it('takes a scheduled proposal over after kill -9 of the instance applying it, and applies it once', async () => {
    // Two live instances (the test above killed one): a replacement joins the survivor, called directly.
    while (instances.filter((i) => i.alive).length < 2) await start();
    const [a, b] = instances.filter((i) => i.alive);
    // The proposer and the reviewer (another desk), each on an instance of their own.
    const priya = direct(a, await login('ops@demo.local'));
    const meeraToken = await login('ops2@demo.local');
    const meera = direct(b, meeraToken);
    const TATA = { c: '1001' };
    const HOLIDAY = 'hol_tsl_diwali';
    const read = await priya<{ data: { date: string; region: string } }>(
      'GET',
      callPath(holidayCalls.byId, TATA, { id: HOLIDAY }),
    );
    expect(read.status).toBe(200);
    const version = Number(JSON.parse(String(read.headers.get('etag'))));
    const proposed = await priya<{ data: { id: string } }>('POST', callPath(proposalCalls.propose, TATA), {
      title: 'Diwali renamed',
      comment: 'Taken over after kill -9',
      items: [
        {
          resource: 'holidays',
          action: 'update',
          id: HOLIDAY,
          version,
          body: { name: 'Deepavali', date: read.body.data.date, region: read.body.data.region, noAlerts: true },
        },
      ],
    });
    expect(proposed.status).toBe(200);
    const id = proposed.body.data.id;
    const path = (call: Contract) => callPath(call, TATA, { id });
    expect((await meera('POST', path(proposalCalls.decide), { decision: 'approve' })).status).toBe(200);
    const stateOn = async (instance: Instance) =>
      (await direct(instance, meeraToken)<{ data: { proposal: Proposal } }>('GET', path(proposalCalls.get))).body.data
        .proposal;
    const lastAudit = (await store.one<{ id: number }>('select coalesce(max(id), 0) as id from audit_log'))!.id;

    // The holiday's row held by this test's own transaction: the instance whose sweep applies the proposal locks the
    // proposal's row, then waits on this one inside its apply's transaction, and is killed there.
    const { victim, killedAt } = await store.tx(async (q) => {
      const { pid } = (await q.one<{ pid: number }>('select pg_backend_pid() as pid'))!;
      await q.query('select id from holidays where id = $1 for update', [HOLIDAY]);
      const scheduled = await meera<{ data: Proposal }>('POST', path(proposalCalls.apply), { at: Date.now() + 1000 });
      expect(scheduled.body.data.state).toBe('scheduled');
      const waiting = await vi.waitFor(
        async () => {
          const row = await store.one<{ app: string; query: string }>(
            `select application_name as app, query from pg_stat_activity
              where $1::int = any(pg_blocking_pids(pid)) and wait_event_type = 'Lock'`,
            [pid],
          );
          if (!row) throw new Error('no instance waits on the holiday yet');
          return row;
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(waiting.query).toMatch(/^\s*update\s+holidays\b/i);
      const victim = [...appNames].find(([instance, name]) => name === waiting.app && instance.alive)?.[0];
      if (!victim) throw new Error(`the waiting backend (${waiting.app}) is no live instance's`);
      const survivor = [a, b].find((i) => i !== victim)!;
      // Mid-apply, nothing of it is committed: the proposal is still scheduled.
      expect((await stateOn(survivor)).state).toBe('scheduled');
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await exited;
      // Committed (the lock released) only once the victim is gone: its transaction can only roll back.
      return { victim, killedAt: Date.now() };
    });
    const survivor = [a, b].find((i) => i !== victim)!;
    expect(victim.alive).toBe(false);
    const applied = await vi.waitFor(
      async () => {
        const proposal = await stateOn(survivor);
        expect(proposal.state).toBe('applied');
        return proposal;
      },
      { timeout: 60_000, interval: 200 },
    );
    console.log(
      `proposal applied ${((Date.now() - killedAt) / 1000).toFixed(1)} s after kill -9 of the instance applying it`,
    );

    // Once: one change set of the proposal, the holiday one version on, one audit entry of it since.
    const sets = await store.query<{ id: string }>('select id from change_sets where proposal_id = $1', [id]);
    expect(sets).toEqual([{ id: applied.changeSet }]);
    expect(await store.one('select name, version from holidays where id = $1', [HOLIDAY])).toEqual({
      name: 'Deepavali',
      version: version + 1,
    });
    const entries = await store.query<{ change_set: string | null; action: string }>(
      `select change_set, action from audit_log where object_type = 'holiday' and object_id = $1 and id > $2`,
      [HOLIDAY, lastAudit],
    );
    expect(entries).toEqual([{ change_set: applied.changeSet, action: 'update' }]);
  }, 300_000);
});
