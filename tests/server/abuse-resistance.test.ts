import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyAt } from '../../schemas/report-cron';
import { NOTIFICATION_CONFIG_MSG } from '../../schemas/notification-config';
import { REPORT_MSG } from '../../schemas/report-schedule';
import { batchRepository } from '../../server/repos/batch-repository';
import { DEFAULT_QUOTAS, OUTBOUND_MSG, admitOutbound, settleOutbound } from '../../server/rules/outbound-gate';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import { configurationsFile, multipart, smsRow } from './batch-fixture';

/**
 * Abuse resistance (issue 21, points 1, 3 and 4), on a controlled clock: every send to addresses a desk chooses
 * passes one outbound gate (recipients capped as the forms cap them, quotas per desk, schedule and company kept in
 * the database, 429 with Retry-After and nothing sent beyond them); a run or batch whose instance died is taken over
 * by the next sweep and mails nobody twice; and one desk's uploads neither flood the queue nor keep another's
 * batch waiting.
 */

type Outbox = { to: string; subject: string }[];
const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@x.in`).join(',');

describe.each(BACKENDS)('the outbound gate, leases and the fair batch queue on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let deskToken: string;
  let entity: string;
  let eventId: number;
  let now = Date.now();
  const clock = () => new Date(now);
  const outbox = async () => (await t.call<Outbox>('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body;
  const sentTo = async (tag: string) => (await outbox()).filter((m) => m.to.startsWith(tag)).length;

  beforeAll(async () => {
    // No worker polls and no sweep runs on a timer: the tests take the queue's and the sweep's turns themselves.
    t = await bootFresh(backend, {
      clock,
      jobs: { pollingIntervalSeconds: 3600, reportTickSeconds: 0, sweepSeconds: 0 },
      outbound: { companyPerDay: 400 },
    });
    ({ call, deskToken } = await t.login('ops@demo.local'));
    entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    eventId = (await call('GET', '/notification/onboarded-events')).body.value[0].id;
  });
  afterAll(() => t?.close());

  const emailTest = (to: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/notification/send-test?to=recipients', {
      customerConfigId: null,
      companyId: 1001,
      branchId: 3101,
      eventId,
      mode: 'EMAIL',
      emailTo: to,
      subject: 'S',
      body: 'B',
      ...extra,
    });
  const schedule = async (recipients: string) => {
    const created = await call('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: {
        email_recipients: recipients,
        company_id: '1001',
        schedule: { cron: dailyAt(7 * 60).cron, type: 'DAILY' },
      },
    });
    expect(created.status).toBe(200);
    return created.body.data.id as string;
  };
  const nextMinute = () => {
    now += 61_000;
  };

  it('caps recipients in the API as the forms do, and sends nothing then', async () => {
    const before = (await outbox()).length;
    expect(await emailTest(addresses(51, 'cap'))).toMatchObject({
      status: 400,
      body: { message: [NOTIFICATION_CONFIG_MSG.tooManyRecipients] },
    });
    expect(await emailTest('a@x.in', { emailBcc: addresses(51, 'capb') })).toMatchObject({
      status: 400,
      body: { message: [NOTIFICATION_CONFIG_MSG.tooManyRecipients] },
    });
    const tooMany = await call('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: {
        email_recipients: addresses(51, 'capr'),
        company_id: '1001',
        schedule: { cron: dailyAt(8 * 60).cron, type: 'DAILY' },
      },
    });
    expect(tooMany).toMatchObject({ status: 400, body: { message: [REPORT_MSG.tooManyEmails] } });
    // Three lists of 50 are 150 messages: more than a desk may send in a minute, so never sent (not a wait).
    expect(
      await emailTest(addresses(50, 'big'), { emailCc: addresses(50, 'bigc'), emailBcc: addresses(50, 'bigb') }),
    ).toMatchObject({ status: 400, body: { message: [OUTBOUND_MSG.tooMany(100, 150)] } });
    expect((await outbox()).length).toBe(before);
  });

  it('holds a desk to 10 test sends and 100 messages a minute, answering 429 with Retry-After and sending nothing over it', async () => {
    nextMinute();
    for (let i = 0; i < 2; i++) expect((await emailTest(addresses(40, `m${i}-`))).status).toBe(200);
    const over = await emailTest(addresses(40, 'm2-'));
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.body.message[0]).toMatch(
      /^This desk may send at most 100 messages a minute\. Try again in \d+ seconds?\.$/,
    );
    expect(await sentTo('m2-')).toBe(0);
    expect((await sentTo('m0-')) + (await sentTo('m1-'))).toBe(80);
    // 20 fit still: one message at a time, the count of sends stops them at 10 a minute.
    nextMinute();
    // A send refused for its template sends nothing and uses up nothing.
    for (let i = 0; i < 3; i++) expect((await emailTest('bad@x.in', { body: '{{#if eta}}' })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await emailTest(`t${i}@x.in`)).status).toBe(200);
    const eleventh = await emailTest('t10@x.in');
    expect(eleventh).toMatchObject({
      status: 429,
      body: { message: [expect.stringMatching(/^Test sends are limited to 10 a minute per desk/)] },
    });
    expect(await sentTo('t10@')).toBe(0);
    nextMinute();
    expect((await emailTest('t11@x.in')).status).toBe(200);
  });

  it('counts a send from when its last message went, so that a slow send and the next cannot share a minute', async () => {
    nextMinute();
    const send = { kind: 'test' as const, deskId: 'desk-slow', companyKey: 'co-slow', messages: 100 };
    const quotas = { ...DEFAULT_QUOTAS, testsPerMinute: 100 };
    expect(await t.store.tx((q) => admitOutbound(q, quotas, send, clock, 'slow-1'))).toBeNull();
    // Its messages took 50 s to go; 20 s after the last, a minute after its admission, the desk's minute is still full.
    now += 50_000;
    await settleOutbound(t.store, 'slow-1', clock);
    now += 20_000;
    expect(await t.store.tx((q) => admitOutbound(q, quotas, send, clock, 'slow-2'))).toMatchObject({
      quota: 'desk',
      retryAfter: 40,
    });
    now += 40_000;
    expect(await t.store.tx((q) => admitOutbound(q, quotas, send, clock, 'slow-3'))).toBeNull();
  });

  it("limits 'Run now' per schedule per hour, and a company's messages per day", async () => {
    nextMinute();
    const id = await schedule('run1@x.in, run2@x.in');
    for (let i = 0; i < 4; i++) {
      expect((await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).body.data).toMatchObject({
        outcome: 'SUCCESS',
      });
    }
    const fifth = await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message[0]).toMatch(
      /^'Run now' is limited to 4 runs an hour per report\. Try again in \d+ minutes\.$/,
    );
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(60);
    expect((await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data).toHaveLength(4);
    expect((await outbox()).filter((m) => m.to === 'run1@x.in')).toHaveLength(4);

    // The company's day: 400 messages here, most of them taken by the tests above; fill it, then nothing more goes.
    const used = (await t.store.one<{ n: number }>(
      "select coalesce(sum(units), 0)::int as n from rate_limit_hits where bucket = 'out:co:day:1001'",
    ))!.n;
    let left = 400 - used;
    while (left > 0) {
      nextMinute();
      const n = Math.min(left, 50);
      expect((await emailTest(addresses(n, `day${left}-`))).status).toBe(200);
      left -= n;
    }
    nextMinute();
    const refused = await emailTest('late@x.in');
    expect(refused).toMatchObject({
      status: 429,
      body: {
        message: [
          expect.stringMatching(
            /^This company has reached its limit of 400 messages a day\. Try again in \d+ hours\.$/,
          ),
        ],
      },
    });
    // A scheduled run over the day's ceiling ends FAILED and mails nobody.
    const other = await schedule('sched1@x.in, sched2@x.in');
    await t.store.query(
      `insert into report_runs (id, schedule_id, company_id, trigger, due_at, started_at, lease_until) values ('rr_over_day', $1, '1001', 'SCHEDULE', now(), now(), now() - interval '1 minute')`,
      [other],
    );
    await t.app.jobs.sweep();
    const run = await t.store.one<{ outcome: string; error: string }>(
      "select outcome, error from report_runs where id = 'rr_over_day'",
    );
    expect(run).toMatchObject({
      outcome: 'FAILED',
      error: expect.stringMatching(/^This company has reached its limit/),
    });
    expect(await sentTo('sched')).toBe(0);
    // The next day, the company sends again.
    now += 24 * 3600_000;
    expect((await emailTest('nextday@x.in')).status).toBe(200);
  });

  it("takes over a run whose instance died, mailing only those not mailed yet; 'Run now' answers 409 only while a live instance holds a run", async () => {
    nextMinute();
    const id = await schedule('dead1@x.in, dead2@x.in, dead3@x.in');
    // A 'Run now' cut by kill -9 after its first message: RUNNING, charged, dead1 mailed, its lease held by a dead instance.
    const lease = new Date(now + 20_000).toISOString();
    await t.store.query(
      `insert into report_runs (id, schedule_id, company_id, trigger, started_at, charged, mailed, lease_owner, lease_until)
       values ('rr_dead', $1, '1001', 'MANUAL', now(), true, '["dead1@x.in"]', 'instance-dead', $2)`,
      [id, lease],
    );
    await t.store.query(`insert into outbox ("to", subject, body) values ('dead1@x.in', 'before the crash', '')`);
    expect(await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).toMatchObject({ status: 409 });
    // Nothing is taken over while the lease holds; once it ran out, the next sweep finishes the run.
    await t.app.jobs.sweep();
    expect(
      (await t.store.one<{ outcome: string }>("select outcome from report_runs where id = 'rr_dead'"))!.outcome,
    ).toBe('RUNNING');
    now += 21_000;
    await t.app.jobs.sweep();
    expect(await t.store.one("select outcome, lease_owner from report_runs where id = 'rr_dead'")).toEqual({
      outcome: 'SUCCESS',
      lease_owner: null,
    });
    for (const to of ['dead1@x.in', 'dead2@x.in', 'dead3@x.in'])
      expect((await outbox()).filter((m) => m.to === to)).toHaveLength(1);

    // 'Run now' on a schedule whose run's instance died takes that run over instead of refusing or mailing twice.
    await t.store.query(
      `insert into report_runs (id, schedule_id, company_id, trigger, started_at, charged, mailed, lease_owner, lease_until)
       values ('rr_dead2', $1, '1001', 'MANUAL', now(), true, '["dead1@x.in","dead2@x.in","dead3@x.in"]', 'instance-dead', $2)`,
      [id, new Date(now - 1000).toISOString()],
    );
    const before = (await outbox()).length;
    expect((await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).body.data).toMatchObject({
      id: 'rr_dead2',
      outcome: 'SUCCESS',
    });
    expect((await outbox()).length).toBe(before);
  });

  it("defers a scheduled run over the company's minute instead of failing it, and the sweep sends it once the minute passed", async () => {
    nextMinute();
    const id = await schedule(addresses(30, 'defer'));
    // 80 of the company's 100 this minute are used by a desk's test sends.
    for (let i = 0; i < 2; i++) expect((await emailTest(addresses(40, `fill${i}-`))).status).toBe(200);
    await t.store.query(
      `insert into report_runs (id, schedule_id, company_id, trigger, due_at, started_at, lease_until) values ('rr_defer', $1, '1001', 'SCHEDULE', now(), now(), $2)`,
      [id, new Date(now - 1000).toISOString()],
    );
    await t.app.jobs.sweep();
    expect(await t.store.one("select outcome, lease_owner from report_runs where id = 'rr_defer'")).toEqual({
      outcome: 'RUNNING',
      lease_owner: 'deferred',
    });
    expect(await sentTo('defer')).toBe(0);
    // No instance works on a deferred run: 'Run now' is not refused as running, only by the same quota.
    expect(await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).toMatchObject({
      status: 429,
      body: { message: [expect.stringMatching(/may send at most 100 messages a minute/)] },
    });
    nextMinute();
    await t.app.jobs.sweep();
    expect(
      (await t.store.one<{ outcome: string }>("select outcome from report_runs where id = 'rr_defer'"))!.outcome,
    ).toBe('SUCCESS');
    expect(await sentTo('defer')).toBe(30);
  });

  const upload = (name: string, rows: string[][], fields: Record<string, string> = {}, token = deskToken) => {
    const body = multipart([{ filename: `${name}.xlsx`, bytes: configurationsFile(rows) }], fields);
    return t.app.inject({
      method: 'POST',
      url: '/v1/bulk-upload/configurations/upload',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };

  it("caps a desk's waiting batches, counts a summary address against its quota, and serves desks fairly", async () => {
    nextMinute();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await upload(`mine${i}`, [smsRow(7000 + i)]);
      expect(res.statusCode).toBe(200);
      ids.push(JSON.parse(res.body).data.id);
    }
    const refused = await upload('mine20', [smsRow(7020)]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused.body).message).toEqual([OUTBOUND_MSG.queuedBatches(20)]);

    // Another desk's batch, uploaded after these twenty, is the second one served (after the first desk's oldest).
    await t.store.query(`update bulk_batches set fteid = 'ENTITY-OTHER' where id = $1`, [ids[19]]);
    const first = await batchRepository.claimNext(t.store, 'instance-test', clock().toISOString(), 20);
    const second = await batchRepository.claimNext(t.store, 'instance-test', clock().toISOString(), 20);
    expect([first?.id, second?.id]).toEqual([ids[0], ids[19]]);
    await t.store.query(
      `update bulk_batches set lease_owner = null, lease_until = null where lease_owner = 'instance-test'`,
    );

    // All twenty run; then the desk may upload again, and a summary address takes one of its messages.
    await t.app.jobs.batches.drain();
    expect(
      (await t.store.one<{ n: number }>(
        `select count(*)::int as n from bulk_batches where status = 'DONE' and id = any($1::text[])`,
        [ids],
      ))!.n,
    ).toBe(20);
    nextMinute();
    expect((await emailTest(addresses(50, 'q0-'))).status).toBe(200);
    expect((await emailTest(addresses(49, 'q1-'))).status).toBe(200);
    expect((await upload('summary', [smsRow(7100)], { email: 'summary@x.in' })).statusCode).toBe(200);
    const overQuota = await upload('summary2', [smsRow(7101)], { email: 'summary2@x.in' });
    expect(overQuota.statusCode).toBe(429);
    expect(JSON.parse(overQuota.body).message[0]).toMatch(/^This desk may send at most 100 messages a minute/);
  });

  it('takes over a batch whose instance died once its lease ran out, skipping the rows it had done', async () => {
    const res = await upload(
      'died',
      Array.from({ length: 12 }, (_, i) => smsRow(7200 + i)),
    );
    const id = JSON.parse(res.body).data.id as string;
    await t.store.query(
      `update bulk_batches set status = 'RUNNING', rows_total = 12, rows_done = 1, lease_owner = 'instance-dead', lease_until = $2 where id = $1`,
      [id, new Date(now + 20_000).toISOString()],
    );
    await t.store.query(`insert into bulk_batch_rows (batch_id, row_no, ok, result) values ($1, 1, true, 'Success')`, [
      id,
    ]);
    await t.app.jobs.sweep();
    expect((await t.store.one<{ status: string }>('select status from bulk_batches where id = $1', [id]))!.status).toBe(
      'RUNNING',
    );
    now += 21_000;
    await t.app.jobs.sweep();
    expect(
      await t.store.one('select status, rows_done, rows_failed, lease_owner from bulk_batches where id = $1', [id]),
    ).toEqual({ status: 'DONE', rows_done: 12, rows_failed: 0, lease_owner: null });
    expect(
      (await t.store.one<{ n: number }>(
        'select count(*)::int as n from notification_configs where user_id between 7200 and 7211',
      ))!.n,
    ).toBe(11);
  });
});
