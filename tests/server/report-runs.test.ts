import { EXCEPTION_COLUMNS, exceptionRows } from '../../server/rules/report-sheets';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS, dailyAt } from '../../schemas/report-cron';
import type { DefinitionFilter } from '../../schemas/report-schedule';
import { createJobs, type Jobs } from '../../server/jobs';
import { carryOut, latestDue, quartzToCron, runNow } from '../../server/jobs/report-job';
import { createOutboxMailer } from '../../server/auth/mailer';
import { tripRepository } from '../../server/repos/trip-repository';
import { reportRunRepository } from '../../server/repos/report-run-repository';
import { alertField, applyFilters, type ReportAlert } from '../../server/rules/report-filters';
import type { TripAlert } from '../../server/rules/trip-alerts';
import type { Store } from '../../server/store/store';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

/**
 * Report runs (issue 14): the scheduler claims each due time once (across instances and restarts) on a controlled
 * clock, 'Run now' mails the file to the outbox, a run's file downloads within scope, and the exception report's
 * filters use exactly the operators of spec 001 section 9.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Test times lie in the future, after every schedule's creation (due times before a schedule's creation never run). */
const DAY = Date.parse('2031-03-10T00:00:00Z');

type Outbox = {
  to: string;
  subject: string;
  body: string;
  attachments: { filename: string; contentType: string; size: number; content: string }[];
}[];

/** Waits (polling) until `check` answers a truthy value, up to `ms`. */
async function until<T>(check: () => Promise<T>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exceptionDefinition = (recipients: string, cron: string) => ({
  email_recipients: recipients,
  company_id: '1001',
  schedule: { cron, type: 'DAILY' },
  params: {
    'date.alert.closed.close_time.duration_mins': 600,
    'date.alert.inprogress.start_time.duration_mins': 45000,
    'date.trip.constraint.value': 48,
    'date.trip.type': 'HOURS',
    event: ['long_stoppage', 'over_speeding'],
    format: 'xlsx',
    tripStatus: [1, 0],
  },
  filters: [{ key: 'current_escalation_level', gte: 2 }],
});

/** A trip of company 1001 started at `startedAt` with stored alerts. */
async function addTrip(
  store: Store,
  id: string,
  startedAt: number,
  alerts: TripAlert[],
  extra: { status?: number; branchId?: string | null; pings?: { t: number; lat: number; lng: number }[] } = {},
) {
  await tripRepository.insert(store, {
    id,
    companyId: '1001',
    branchId: extra.branchId ?? null,
    departmentId: null,
    routeId: null,
    status: extra.status ?? 1,
    startedAt,
    closedAt: extra.status === 0 ? startedAt + 10 * HOUR : null,
    path: [
      { lat: 22.8, lng: 86.2 },
      { lat: 22.57, lng: 88.36 },
    ],
    stt: 300,
    vehicleNumber: `JH05${id.slice(-4)}`,
    parties: { customer: { code: 'C-9', name: 'Kolkata Stockyard' } },
    assets: [],
    indent: {},
    details: {},
    alertConfig: [],
    createdBy: 'ops@demo.local',
  });
  if (extra.pings)
    await tripRepository.addPings(
      store,
      id,
      extra.pings.map((p) => ({ ...p, source: 'GPS' as const })),
      startedAt,
    );
  await tripRepository.saveAnalytics(store, id, alerts, [], startedAt);
}

const stoppage = (start: number, end: number | null, level: 1 | 2 | 3): TripAlert => ({
  type: 'long_stoppage',
  level,
  start,
  end,
  lat: 22.7,
  lng: 87,
  value: 90,
  unit: 'minutes',
});

/** The rows of an xlsx's first sheet (header first). */
const sheetRows = (bytes: Buffer) => {
  const book = XLSX.read(bytes);
  return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
};

describe.each(BACKENDS)('report runs on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let token: string;
  let entity: string;
  const outbox = async () => (await t.call<Outbox>('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body;
  beforeAll(async () => {
    // The app's own scheduler does not tick: the tests drive schedulers on a controlled clock.
    t = await bootFresh(backend, { jobs: { pollingIntervalSeconds: 0.5, reportTickSeconds: 0 } });
    ({ call, deskToken: token } = await t.login('ops@demo.local'));
    entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    await addTrip(
      t.store,
      'trip-rr-0001',
      DAY - 20 * HOUR,
      [stoppage(DAY - 5 * HOUR, DAY - 4 * HOUR, 2), stoppage(DAY - 3 * HOUR, DAY - 2 * HOUR, 1)],
      {
        pings: [
          { t: DAY - 20 * HOUR, lat: 22.8, lng: 86.2 },
          { t: DAY - 19 * HOUR, lat: 22.9, lng: 86.5 },
        ],
      },
    );
  });
  afterAll(() => t?.close());

  const create = async (type: 'DAILY_TRIP_SUMMARY' | 'ALERT', definition: object, query = 'c=1001') => {
    const created = await call('POST', `/saas/v1/rs/definition/create?${query}`, {
      entity_id: entity,
      type,
      definition,
    });
    expect(created.status).toBe(200);
    return created.body.data.id as string;
  };

  it("'Run now' mails the xlsx to each recipient (found in the outbox) and records the run with its file", async () => {
    const id = await create('DAILY_TRIP_SUMMARY', {
      email_recipients: 'runnow1@x.in, runnow2@x.in',
      company_id: '1001',
      schedule: { cron: dailyAt(6 * 60).cron, type: 'DAILY' },
    });
    const ran = await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`);
    expect(ran.status).toBe(200);
    expect(ran.body.data).toMatchObject({
      scheduleId: id,
      trigger: 'MANUAL',
      dueAt: null,
      late: false,
      outcome: 'SUCCESS',
      rows: expect.any(Number),
      recipients: ['runnow1@x.in', 'runnow2@x.in'],
      error: null,
      hasFile: true,
      fileName: expect.stringMatching(/^daily-trip-summary-.*\.xlsx$/),
    });
    const run = ran.body.data;
    expect(run.finishedAt).not.toBeNull();
    const mails = (await outbox()).filter((m) => m.to.startsWith('runnow'));
    expect(mails.map((m) => m.to).sort()).toEqual(['runnow1@x.in', 'runnow2@x.in']);
    for (const mail of mails) {
      expect(mail.subject).toContain('Daily trip summary');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({
        filename: run.fileName,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      const rows = sheetRows(Buffer.from(mail.attachments[0].content, 'base64'));
      expect(rows[0]).toEqual(
        expect.arrayContaining(['Trip Id', 'Vehicle', 'Status', 'Travelled km', 'Delay (min)', 'Alerts']),
      );
      expect(rows.length - 1).toBe(run.rows);
    }
    // The list's 'Last run' and the runs answer it; the file downloads.
    const list = (await call('GET', `/saas/v1/rs/list?c=1001&entity_id=${entity}&type=DAILY_TRIP_SUMMARY`)).body.data;
    expect(list.find((s: { id: string }) => s.id === id).lastRun).toEqual(run);
    expect(list.find((s: { id: string }) => s.id === 'rs_tsl_daily').lastRun).toBeNull();
    expect((await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data).toEqual([run]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/saas/v1/rs/run/${run.id}/file?c=1001`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${run.fileName}"`);
    expect(file.rawPayload.toString('base64')).toBe(mails[0].attachments[0].content);
  });

  describe('the scheduler, on a controlled clock', () => {
    let clock = DAY;
    const schedulers: Jobs[] = [];
    /** A scheduler instance (another server) on the same database; `tickSeconds` > 0 ticks once at start. */
    const instance = async (tickSeconds = 0) => {
      const jobs = createJobs(t.store, createOutboxMailer(t.store), {
        pollingIntervalSeconds: 0.5,
        now: () => clock,
        reportTickSeconds: tickSeconds,
      });
      schedulers.push(jobs);
      await jobs.start();
      return jobs;
    };
    afterAll(async () => {
      for (const jobs of schedulers) await jobs.stop();
    });
    /** A schedule made the evening before DAY (due times before it are not caught up). */
    const scheduled = async (type: 'DAILY_TRIP_SUMMARY' | 'ALERT', definition: object) => {
      const id = await create(type, definition);
      await t.store.query(
        'update report_schedules set created_at = to_timestamp($2::float8 / 1000), updated_at = to_timestamp($2::float8 / 1000) where id = $1',
        [id, DAY - 2 * HOUR],
      );
      return id;
    };
    const runsOf = async (id: string) =>
      (await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data as {
        id: string;
        dueAt: string;
        late: boolean;
        outcome: string;
        rows: number;
        trigger: string;
      }[];
    const finished = (id: string, count = 1) =>
      until(async () => {
        const runs = await runsOf(id);
        return runs.length >= count && runs.every((r) => r.outcome !== 'RUNNING') ? runs : undefined;
      }) as Promise<Awaited<ReturnType<typeof runsOf>>>;

    it('runs a schedule due at 06:00 IST once, at 00:30 UTC, and mails its exception report', async () => {
      const id = await scheduled('ALERT', exceptionDefinition('six.ist@x.in', dailyAt(6 * 60).cron));
      const a = await instance();
      clock = DAY + 29 * MINUTE + 59_000;
      await a.reports.tick();
      expect(await runsOf(id)).toEqual([]);
      clock = DAY + 30 * MINUTE;
      await a.reports.tick();
      clock = DAY + 30 * MINUTE + 20_000;
      await a.reports.tick();
      clock = DAY + 59 * MINUTE;
      await a.reports.tick();
      const runs = await finished(id);
      expect(runs).toEqual([
        expect.objectContaining({
          trigger: 'SCHEDULE',
          dueAt: '2031-03-10T00:30:00.000Z',
          late: false,
          outcome: 'SUCCESS',
          rows: 1,
        }),
      ]);
      const mail = (await outbox()).filter((m) => m.to === 'six.ist@x.in');
      expect(mail).toHaveLength(1);
      // Its time as the console writes times, the zone named in the subject and in the file's name.
      expect(mail[0].subject).toContain(', 10/03/2031 06:00 IST');
      expect(mail[0].attachments[0].filename).toMatch(/^exception-report-.+-20310310-0600-IST\.xlsx$/);
      const rows = sheetRows(Buffer.from(mail[0].attachments[0].content, 'base64'));
      // Of the trip's two stoppages closed in the last 600 minutes, the filter (level >= 2) keeps the level 2 one.
      expect(rows).toHaveLength(2);
      expect(rows[1]).toEqual(expect.arrayContaining(['trip-rr-0001', 'Long stoppage', 'long_stoppage', 2]));
      // Times under headers that name the zone: 'Started (IST)' holds '10/03/2031 04:30'.
      const started = rows[0].indexOf('Started (IST)');
      expect(started).toBeGreaterThan(-1);
      expect(rows[1][started]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    });

    it('two instances on one database run a due time once', async () => {
      const id = await scheduled('DAILY_TRIP_SUMMARY', {
        email_recipients: 'two.instances@x.in',
        company_id: '1001',
        schedule: { cron: dailyAt(7 * 60).cron, type: 'DAILY' },
      });
      const [a, b] = [await instance(), await instance()];
      clock = DAY + 90 * MINUTE;
      const claimed = await Promise.all([a.reports.tick(), b.reports.tick(), a.reports.tick(), b.reports.tick()]);
      const runs = await finished(id);
      expect(runs).toHaveLength(1);
      expect(claimed.flat()).toContain(runs[0].id);
      expect(runs[0]).toMatchObject({ dueAt: '2031-03-10T01:30:00.000Z', late: false, outcome: 'SUCCESS' });
      expect((await outbox()).filter((m) => m.to === 'two.instances@x.in')).toHaveLength(1);
    });

    it('a restart after a missed due time runs it once, marked late; a disabled schedule never runs', async () => {
      const id = await scheduled('DAILY_TRIP_SUMMARY', {
        email_recipients: 'missed@x.in',
        company_id: '1001',
        schedule: { cron: dailyAt(8 * 60).cron, type: 'DAILY' },
      });
      const off = await scheduled('DAILY_TRIP_SUMMARY', {
        email_recipients: 'disabled@x.in',
        company_id: '1001',
        schedule: { cron: dailyAt(8 * 60).cron, type: 'DAILY' },
      });
      expect((await call('PUT', `/saas/v1/rs/update/${off}?c=1001`, { active: 0 })).status).toBe(200);
      await t.store.query('update report_schedules set updated_at = to_timestamp($2::float8 / 1000) where id = $1', [
        off,
        DAY - HOUR,
      ]);
      // Every instance is stopped over 02:30 UTC (8:00 AM IST); one starts again at 05:00 UTC and ticks at start.
      for (const jobs of schedulers.splice(0)) await jobs.stop();
      clock = DAY + 5 * HOUR;
      const restarted = await instance(3600);
      const runs = await finished(id);
      expect(runs).toEqual([
        expect.objectContaining({ dueAt: '2031-03-10T02:30:00.000Z', late: true, outcome: 'SUCCESS' }),
      ]);
      clock = DAY + 5 * HOUR + MINUTE;
      await restarted.reports.tick();
      const again = await instance(3600);
      await again.reports.tick();
      expect(await runsOf(id)).toHaveLength(1);
      expect((await outbox()).filter((m) => m.to === 'missed@x.in')).toHaveLength(1);
      expect(await runsOf(off)).toEqual([]);
      expect(await call('POST', `/saas/v1/rs/report/${off}/run?c=1001`)).toMatchObject({
        status: 400,
        body: { message: ['The schedule is disabled: enable it to run it'] },
      });
      expect((await outbox()).filter((m) => m.to === 'disabled@x.in')).toEqual([]);
    });

    it('a schedule saved just after its due time, before a tick took it, still runs that due time', async () => {
      const id = await scheduled('DAILY_TRIP_SUMMARY', {
        email_recipients: 'edited.late@x.in',
        company_id: '1001',
        schedule: { cron: dailyAt(11 * 60).cron, type: 'DAILY' },
      });
      const a = await instance();
      // Due 05:30 UTC (11:00 AM IST); the operator saves a change 10 s later; the next tick comes at 20 s.
      await t.store.query('update report_schedules set updated_at = to_timestamp($2::float8 / 1000) where id = $1', [
        id,
        DAY + 5.5 * HOUR + 10_000,
      ]);
      clock = DAY + 5.5 * HOUR + 20_000;
      await a.reports.tick();
      expect(await finished(id)).toEqual([
        expect.objectContaining({ dueAt: '2031-03-10T05:30:00.000Z', late: false, outcome: 'SUCCESS' }),
      ]);
      // A change made well after a due time does not run the one already past.
      const later = await scheduled('DAILY_TRIP_SUMMARY', {
        email_recipients: 'edited.later@x.in',
        company_id: '1001',
        schedule: { cron: dailyAt(11 * 60).cron, type: 'DAILY' },
      });
      await t.store.query('update report_schedules set updated_at = to_timestamp($2::float8 / 1000) where id = $1', [
        later,
        DAY + 5.5 * HOUR + 5 * MINUTE,
      ]);
      clock = DAY + 5.5 * HOUR + 6 * MINUTE;
      await a.reports.tick();
      expect(await runsOf(later)).toEqual([]);
    });
  });

  it('the exception report reads the alerts of the chosen types closed in the window, on trips of the chosen statuses and hours', async () => {
    const at = DAY + 10 * HOUR;
    const over = (start: number, end: number | null): TripAlert => ({
      type: 'over_speeding',
      start,
      end,
      lat: 22.7,
      lng: 87,
      value: 80,
      unit: 'km/h',
    });
    await addTrip(
      t.store,
      'trip-rr-base-open',
      at - 5 * HOUR,
      [
        over(at - 2 * HOUR, at - HOUR), // kept
        over(at - 4 * HOUR, at - 3 * HOUR), // closed before the 120-minute window
        over(at - 30 * MINUTE, null), // still on
        stoppage(at - 2 * HOUR, at - 90 * MINUTE, 1), // a type not chosen
      ],
      { branchId: '3101' },
    );
    await addTrip(t.store, 'trip-rr-base-closed', at - 6 * HOUR, [over(at - 2 * HOUR, at - 10 * MINUTE)], {
      status: 0,
      branchId: '3101',
    });
    await addTrip(t.store, 'trip-rr-base-old', at - 30 * HOUR, [over(at - 2 * HOUR, at - 20 * MINUTE)], {
      branchId: '3101',
    });
    await addTrip(t.store, 'trip-rr-base-other', at - 5 * HOUR, [over(at - 2 * HOUR, at - 20 * MINUTE)], {
      branchId: '3102',
    });
    const query = {
      companyId: '1001',
      branchId: '3101',
      types: ['over_speeding', 'route_deviation'],
      tripStatuses: [1],
      tripsFrom: at - 24 * HOUR,
      closedFrom: at - 120 * MINUTE,
      startedFrom: at - 45000 * MINUTE,
      until: at,
    };
    const found = await reportRunRepository.alerts(t.store, query);
    expect(found.map((a) => [a.tripId, a.end])).toEqual([['trip-rr-base-open', at - HOUR]]);
    // The file names the branch, not its id.
    const branches = await reportRunRepository.branchNames(t.store, '1001');
    expect(exceptionRows(found, branches)[0][EXCEPTION_COLUMNS.indexOf('Branch')]).toBe('Jamshedpur (3101)');
    expect(found[0]).toMatchObject({
      tripStatus: 1,
      customerCode: 'C-9',
      customerName: 'Kolkata Stockyard',
      tripCreatedBy: 'ops@demo.local',
      level: null,
    });
    const both = await reportRunRepository.alerts(t.store, { ...query, tripStatuses: [1, 0] });
    expect(both.map((a) => a.tripId)).toEqual(['trip-rr-base-open', 'trip-rr-base-closed']);
    const company = await reportRunRepository.alerts(t.store, {
      ...query,
      branchId: null,
      tripStatuses: [1, 0],
      tripsFrom: at - 48 * HOUR,
    });
    // Oldest closed first (ties by trip id).
    expect(company.map((a) => a.tripId)).toEqual([
      'trip-rr-base-open',
      'trip-rr-base-old',
      'trip-rr-base-other',
      'trip-rr-base-closed',
    ]);
  });

  it('records a run whose mail fails, or whose schedule was disabled after its claim, as FAILED with the reason', async () => {
    const id = await create('DAILY_TRIP_SUMMARY', {
      email_recipients: 'fails@x.in',
      company_id: '1001',
      schedule: { cron: dailyAt(10 * 60).cron, type: 'DAILY' },
    });
    const refusing = {
      kind: 'smtp' as const,
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
    };
    const failed = await runNow(t.store, refusing, { id, company_id: '1001' });
    expect(failed).toMatchObject({
      outcome: 'FAILED',
      error: 'Mailing fails@x.in failed: 550 mailbox unavailable (0 of 1 sent)',
      recipients: ['fails@x.in'],
      hasFile: true,
    });
    expect(failed.finishedAt).not.toBeNull();
    // Claimed, then switched off before a worker took it: nothing is mailed.
    await reportRunRepository.claim(t.store, {
      id: 'rr_claimed_then_off',
      scheduleId: id,
      companyId: '1001',
      dueAt: DAY + 4 * HOUR,
      startedAt: DAY + 4 * HOUR,
      late: false,
    });
    expect((await call('PUT', `/saas/v1/rs/update/${id}?c=1001`, { active: 0 })).status).toBe(200);
    const mailed = async () => (await outbox()).filter((m) => m.to === 'fails@x.in').length;
    expect(await mailed()).toBe(0);
    expect(
      await carryOut(t.store, createOutboxMailer(t.store), 'rr_claimed_then_off', () => DAY + 4 * HOUR),
    ).toMatchObject({ outcome: 'FAILED', error: 'The schedule was disabled before it ran', hasFile: false });
    expect(await mailed()).toBe(0);
  });

  it('mails every recipient though one address fails, and a run taken up again mails nobody twice', async () => {
    const id = await create('DAILY_TRIP_SUMMARY', {
      email_recipients: 'first@x.in, bounces@x.in, last@x.in',
      company_id: '1001',
      schedule: { cron: dailyAt(11 * 60).cron, type: 'DAILY' },
    });
    const sent: string[] = [];
    const outboxMailer = createOutboxMailer(t.store);
    const picky = {
      kind: 'smtp' as const,
      send: async (mail: Parameters<typeof outboxMailer.send>[0]) => {
        if (mail.to === 'bounces@x.in') throw new Error('550 no such user');
        sent.push(mail.to);
      },
    };
    const run = await runNow(t.store, picky, { id, company_id: '1001' });
    expect(run).toMatchObject({
      outcome: 'FAILED',
      error: 'Mailing bounces@x.in failed: 550 no such user (2 of 3 sent)',
    });
    expect(sent).toEqual(['first@x.in', 'last@x.in']);
    // Taken up again (as a job handed out twice would be): only the address not yet mailed is tried.
    sent.length = 0;
    await reportRunRepository.restart(t.store, run.id, DAY);
    const again = await carryOut(
      t.store,
      { kind: 'smtp' as const, send: async (mail) => void sent.push(mail.to) },
      run.id,
      () => DAY,
    );
    expect(sent).toEqual(['bounces@x.in']);
    expect(again.outcome).toBe('SUCCESS');
  });

  it("refuses 'Run now' while a run of the schedule is under way, and frees old run files", async () => {
    const id = await create('DAILY_TRIP_SUMMARY', {
      email_recipients: 'busy@x.in',
      company_id: '1001',
      schedule: { cron: dailyAt(12 * 60).cron, type: 'DAILY' },
    });
    const monthsAgo = Date.now() - 40 * 24 * HOUR;
    await reportRunRepository.claim(t.store, {
      id: 'rr_under_way',
      scheduleId: id,
      companyId: '1001',
      dueAt: monthsAgo,
      startedAt: monthsAgo,
      late: false,
    });
    expect(await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).toMatchObject({
      status: 409,
      body: { message: ['This report is running already: its outcome shows in Last run when it ends'] },
    });
    await carryOut(t.store, createOutboxMailer(t.store), 'rr_under_way', () => monthsAgo);
    const ran = (await call('POST', `/saas/v1/rs/report/${id}/run?c=1001`)).body.data;
    expect(ran).toMatchObject({ outcome: 'SUCCESS', hasFile: true });
    // Older than 30 days: the file goes, the record stays; beyond the newest `keep` of a schedule too.
    await reportRunRepository.pruneFiles(t.store, Date.now() - 30 * 24 * HOUR, 50);
    const runsNow = (await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data as {
      id: string;
      hasFile: boolean;
    }[];
    expect(runsNow.find((r) => r.id === 'rr_under_way')).toMatchObject({ hasFile: false });
    expect(runsNow.find((r) => r.id === ran.id)).toMatchObject({ hasFile: true });
    await reportRunRepository.pruneFiles(t.store, 0, 0);
    expect(
      ((await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data as { hasFile: boolean }[]).every(
        (r) => !r.hasFile,
      ),
    ).toBe(true);
  });

  it("answers 'Not found' for a schedule or run file of another company or branch", async () => {
    const id = await create(
      'DAILY_TRIP_SUMMARY',
      {
        email_recipients: 'scope@x.in',
        company_id: '1001',
        branch_id: '3101',
        schedule: { cron: dailyAt(9 * 60).cron, type: 'DAILY' },
      },
      'c=1001&b=3101',
    );
    const run = (await call('POST', `/saas/v1/rs/report/${id}/run?c=1001&b=3101`)).body.data;
    expect(run.outcome).toBe('SUCCESS');
    const notFound = { status: 404, body: { message: ['Not found'] } };
    for (const query of ['c=1002', 'c=1001&b=3102']) {
      expect(await call('GET', `/saas/v1/rs/report/${id}/runs?${query}`)).toMatchObject(notFound);
      expect(await call('POST', `/saas/v1/rs/report/${id}/run?${query}`)).toMatchObject(notFound);
      expect(await call('GET', `/saas/v1/rs/run/${run.id}/file?${query}`)).toMatchObject(notFound);
    }
    expect(await call('GET', `/saas/v1/rs/run/rr_nothing/file?c=1001`)).toMatchObject(notFound);
    expect(await call('GET', `/saas/v1/rs/run/${'x'.repeat(65)}/file?c=1001`)).toMatchObject({
      status: 400,
      body: { message: ['Not found'] },
    });
    expect((await call('GET', `/saas/v1/rs/report/${id}/runs?c=1001`)).body.data).toHaveLength(1);
  });
});

describe('exception filters (spec 001 section 9 operators)', () => {
  const now = DAY;
  const alert = (over: Partial<ReportAlert>): ReportAlert => ({
    tripId: 't',
    vehicleNumber: 'V',
    branchId: null,
    tripStatus: 1,
    tripStartedAt: now - 10 * HOUR,
    tripCreatedBy: 'ops@demo.local',
    customerCode: 'C-1',
    customerName: 'Acme',
    type: 'long_stoppage',
    level: 1,
    start: now - 3 * HOUR,
    end: now - HOUR,
    value: 1,
    unit: 'minutes',
    lat: 0,
    lng: 0,
    ...over,
  });
  const a = alert({
    tripId: 'a',
    type: 'long_stoppage',
    level: 1,
    start: now - 5 * HOUR,
    end: now - 30 * MINUTE,
    customerCode: 'C-1',
  });
  const b = alert({
    tripId: 'b',
    type: 'long_stoppage',
    level: 2,
    start: now - 2 * HOUR,
    end: now - 90 * MINUTE,
    customerCode: 'C-2',
  });
  const c = alert({
    tripId: 'c',
    type: 'over_speeding',
    level: null,
    start: now - 50 * MINUTE,
    end: now - 10 * MINUTE,
    customerCode: null,
  });
  const d = alert({
    tripId: 'd',
    type: 'long_stoppage',
    level: 3,
    start: now - 20 * HOUR,
    end: now - 15 * HOUR,
    customerCode: 'C-1',
  });
  const all = [a, b, c, d];
  const ids = (filters: DefinitionFilter[]) => applyFilters(all, filters, now).map((x) => x.tripId);

  it('date fields: minutes_diff_lt and minutes_diff_gt count minutes before the run', () => {
    expect(ids([{ key: 'alert_close_time', minutes_diff_lt: 60 }])).toEqual(['a', 'c']);
    expect(ids([{ key: 'alert_close_time', minutes_diff_gt: 60 }])).toEqual(['b', 'd']);
    expect(ids([{ key: 'created_at', minutes_diff_lt: 180 }])).toEqual(['b', 'c']);
    expect(ids([{ key: 'created_at', minutes_diff_gt: 180 }])).toEqual(['a', 'd']);
    // A date the computed alerts do not have (tickets' due time) matches neither operator.
    expect(ids([{ key: 'due_time', minutes_diff_lt: 100000 }])).toEqual([]);
    expect(ids([{ key: 'due_time', minutes_diff_gt: 0 }])).toEqual([]);
  });

  it('text fields: in, not_in, eq, ne', () => {
    expect(ids([{ key: 'alert_type', in: ['over_speeding', 'route_deviation'] }])).toEqual(['c']);
    expect(ids([{ key: 'alert_type', not_in: ['over_speeding'] }])).toEqual(['a', 'b', 'd']);
    expect(ids([{ key: 'customer_code', eq: 'C-1' }])).toEqual(['a', 'd']);
    expect(ids([{ key: 'customer_code', ne: 'C-1' }])).toEqual(['b', 'c']);
    expect(ids([{ key: 'customer_code', in: ['C-2'] }])).toEqual(['b']);
    expect(ids([{ key: 'customer_code', not_in: ['C-2'] }])).toEqual(['a', 'c', 'd']);
    expect(ids([{ key: 'alert_name', eq: 'Over speeding' }])).toEqual(['c']);
    expect(ids([{ key: 'alert_status', eq: 'CLOSED' }])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('int fields: eq, ne, gt, gte, lt, lte', () => {
    // c has no level of its own: its escalation level is 1.
    expect(ids([{ key: 'current_escalation_level', eq: 1 }])).toEqual(['a', 'c']);
    expect(ids([{ key: 'current_escalation_level', ne: 1 }])).toEqual(['b', 'd']);
    expect(ids([{ key: 'current_escalation_level', gt: 2 }])).toEqual(['d']);
    expect(ids([{ key: 'current_escalation_level', gte: 2 }])).toEqual(['b', 'd']);
    expect(ids([{ key: 'current_escalation_level', lt: 2 }])).toEqual(['a', 'c']);
    expect(ids([{ key: 'current_escalation_level', lte: 2 }])).toEqual(['a', 'b', 'c']);
  });

  it('several filters all hold; none keeps every alert', () => {
    expect(
      ids([
        { key: 'alert_type', eq: 'long_stoppage' },
        { key: 'current_escalation_level', gte: 2 },
        { key: 'alert_close_time', minutes_diff_lt: 120 },
      ]),
    ).toEqual(['b']);
    expect(ids([])).toEqual(['a', 'b', 'c', 'd']);
    expect(alertField(c, 'ticket_id')).toBeNull();
  });
});

describe('Quartz crons', () => {
  it('reads the stored crons: 06:00 IST is 00:30 UTC', () => {
    expect(quartzToCron(dailyAt(6 * 60).cron)).toBe('0 30 0 * * *');
    expect(latestDue(dailyAt(6 * 60).cron, DAY + 30 * MINUTE)).toBe(DAY + 30 * MINUTE);
    expect(latestDue(dailyAt(6 * 60).cron, DAY + 30 * MINUTE - 1)).toBe(DAY + 30 * MINUTE - 24 * HOUR);
    expect(latestDue('0 0/15 * * * ?', DAY + 44 * MINUTE)).toBe(DAY + 30 * MINUTE);
    expect(latestDue('0 0 0/4 * * ?', DAY + 5 * HOUR)).toBe(DAY + 4 * HOUR);
    expect(quartzToCron('0 0 9 ? * 2 *')).toBe('0 0 9 * * 1');
  });

  it('runs every offered choice at the UTC time its label names', () => {
    for (const choice of [...DAILY_SUMMARY_CRONS, ...EXCEPTION_CRONS]) {
      const utc = choice.label.match(/\((\d\d):(\d\d) UTC\)$/);
      const due = latestDue(choice.cron, DAY + 24 * HOUR - 1);
      expect(due, choice.label).not.toBeNull();
      if (utc) expect(due, choice.label).toBe(DAY + Number(utc[1]) * HOUR + Number(utc[2]) * MINUTE);
    }
    expect(latestDue('0 0/45 * * * ?', DAY + 50 * MINUTE)).toBe(DAY + 45 * MINUTE);
    expect(latestDue('0 0 0/12 * * ?', DAY + 13 * HOUR)).toBe(DAY + 12 * HOUR);
  });
});
