import { REPORT_DUPLICATE, REPORT_MSG } from '../../schemas/report-schedule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

const daily = (companyId = '1001') => ({
  email_recipients: 'a@x.in,b@x.in',
  company_id: companyId,
  schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
});

const exception = () => ({
  email_recipients: 'alerts@x.in',
  company_id: '1001',
  branch_id: '3101',
  schedule: { cron: '0 0/15 * * * ?', type: 'DAILY' },
  params: {
    'date.alert.closed.close_time.duration_mins': 30,
    'date.alert.inprogress.start_time.duration_mins': 45000,
    'date.trip.constraint.value': 12,
    'date.trip.type': 'HOURS',
    event: ['untracked', 'diversion'],
    format: 'xlsx',
    tripStatus: [1, 0],
  },
  filters: [
    { key: 'alert_type', in: ['a', 'b'] },
    { key: 'current_escalation_level', gt: 2 },
  ],
});

describe.each(BACKENDS)('report schedules on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let entity: string;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
  });
  afterAll(() => t?.close());

  it('answers the company entity, the same every time, and 404 for unknown companies', async () => {
    const first = await call('GET', '/saas/lego/cbdt?c=1001&b=3101');
    expect(first.body).toEqual({
      success: true,
      data: { id: entity, company_id: '1001', branch_id: '3101', department_id: null },
      message: [],
    });
    const other = (await call('GET', '/saas/lego/cbdt?c=1002')).body.data.id;
    expect(other).not.toBe(entity);
    expect((await call('GET', '/saas/lego/cbdt?c=1002')).body.data.id).toBe(other);
    expect(await call('GET', '/saas/lego/cbdt?c=9999')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await call('GET', '/saas/lego/cbdt')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect((await t.call('GET', '/saas/lego/cbdt?c=1001')).status).toBe(401);
  });

  it('lists the seeded schedules of each type', async () => {
    const list = await call('GET', `/saas/v1/rs/list?c=1001&entity_id=${entity}&type=DAILY_TRIP_SUMMARY`);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id: 'rs_tsl_daily',
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        active: 1,
        job_request: { job_uuid: expect.any(String) },
      }),
    ]);
    const alerts = (await call('GET', `/saas/v1/rs/list?c=1001&entity_id=${entity}&type=ALERT`)).body.data;
    expect(alerts.map((r: { id: string }) => r.id)).toEqual(['rs_tsl_alert']);
    expect(alerts[0].definition.params['date.alert.inprogress.start_time.duration_mins']).toBe(45000);
    expect(await call('GET', `/saas/v1/rs/list?c=1001&entity_id=${entity}&type=OTHER`)).toMatchObject({ status: 400 });
    expect(await call('GET', '/saas/v1/rs/list?c=1001&type=ALERT')).toMatchObject({
      status: 400,
      body: { message: ['Invalid entity'] },
    });
  });

  it("lists only the chosen branch's schedules; the company alone lists them all", async () => {
    const entity1003 = (await call('GET', '/saas/lego/cbdt?c=1003')).body.data.id;
    const create = async (branch?: string) =>
      (
        await call('POST', `/saas/v1/rs/definition/create?c=1003${branch ? `&b=${branch}` : ''}`, {
          entity_id: entity1003,
          type: 'DAILY_TRIP_SUMMARY',
          definition: { ...daily('1003'), ...(branch ? { branch_id: branch } : {}) },
        })
      ).body.data.id;
    const company = await create();
    const mumbai = await create('3301');
    const nagpur = await create('3302');
    const ids = async (query: string) =>
      (
        await call('GET', `/saas/v1/rs/list?c=1003${query}&entity_id=${entity1003}&type=DAILY_TRIP_SUMMARY`)
      ).body.data.map((r: { id: string }) => r.id);
    expect(await ids('&b=3301')).toEqual([mumbai]);
    expect(await ids('&b=3302')).toEqual([nagpur]);
    expect(await ids('&b=3303')).toEqual([]);
    expect((await ids('')).sort()).toEqual([company, mumbai, nagpur].sort());
    expect((await ids('&b=')).sort()).toEqual([company, mumbai, nagpur].sort());
  });

  it('creates, reads, edits and toggles a daily summary', async () => {
    const created = await call('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: daily(),
    });
    expect(created.status).toBe(200);
    const report = created.body.data;
    expect(report).toEqual({
      id: expect.stringMatching(/^rs_/),
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      active: 1,
      definition: { ...daily(), job_uuid: report.job_request.job_uuid },
      job_request: { job_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      // Beside the spec's fields: the cron it runs on, its job, its branch and its latest run (none yet).
      cron: '0 0 3 * * ?',
      job_uuid: report.job_request.job_uuid,
      branchId: null,
      lastRun: null,
    });
    expect((await call('GET', `/saas/v1/rs/report/${report.id}?c=1001`)).body.data).toEqual(report);
    expect(await t.store.one('select cron from report_schedules where id = $1', [report.id])).toEqual({
      cron: '0 0 3 * * ?',
    });

    const edited = await call('PUT', `/saas/v1/rs/update/${report.id}?c=1001`, {
      definition: {
        ...daily(),
        email_recipients: 'c@x.in',
        schedule: { cron: '0 30 14 * * ?', type: 'DAILY' },
        job_uuid: 'ignored',
      },
    });
    expect(edited.body.data.definition).toMatchObject({
      email_recipients: 'c@x.in',
      schedule: { cron: '0 30 14 * * ?' },
      job_uuid: report.job_request.job_uuid,
    });
    expect(await t.store.one('select cron from report_schedules where id = $1', [report.id])).toEqual({
      cron: '0 30 14 * * ?',
    });

    expect((await call('PUT', `/saas/v1/rs/update/${report.id}?c=1001`, { active: 0 })).body.data.active).toBe(0);
    expect((await call('PUT', `/saas/v1/rs/update/${report.id}?c=1001`, { active: 1 })).body.data.active).toBe(1);
  });

  it('creates an exception report with params and filters', async () => {
    const created = await call('POST', '/saas/v1/rs/definition/create?c=1001&b=3101', {
      entity_id: entity,
      type: 'ALERT',
      definition: exception(),
    });
    expect(created.status).toBe(200);
    expect(created.body.data.definition).toEqual({ ...exception(), job_uuid: created.body.data.job_request.job_uuid });
  });

  it('refuses a schedule identical to another of its type in the entity, enabled or not, and an edit making one so', async () => {
    const post = (definition: object, b = '') =>
      call('POST', `/saas/v1/rs/definition/create?c=1001${b && `&b=${b}`}`, {
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        definition,
      });
    const twin = { status: 409, body: { success: false, data: null, message: [REPORT_DUPLICATE] } };
    const first = { ...daily(), email_recipients: 'twin1@x.in,twin2@x.in' };
    const a = (await post(first)).body.data;
    expect(a.id).toMatch(/^rs_/);
    const before = await count(t.store, 'report_schedules');
    // The recipients are a set: order, blanks around them, case and repeats do not tell two schedules apart.
    expect(await post({ ...first, email_recipients: ' TWIN2@x.in, twin1@X.in ,twin2@x.in' })).toMatchObject(twin);
    // A disabled twin is refused too: enable it instead.
    expect((await call('PUT', `/saas/v1/rs/update/${a.id}?c=1001`, { active: 0 })).status).toBe(200);
    expect(await post(first)).toMatchObject(twin);
    expect(await count(t.store, 'report_schedules')).toBe(before);
    // Another time, other recipients or another branch is another schedule.
    const b = (await post({ ...first, schedule: { cron: '0 30 14 * * ?', type: 'DAILY' } })).body.data;
    expect(b.id).toMatch(/^rs_/);
    expect((await post({ ...first, email_recipients: 'twin1@x.in' })).status).toBe(200);
    expect((await post({ ...first, branch_id: '3101' }, '3101')).status).toBe(200);
    // An edit that would make b a's twin changes nothing; a's own definition, the recipients reordered, is no twin of it.
    const stored = await t.store.one('select definition, version from report_schedules where id = $1', [b.id]);
    expect(
      await call('PUT', `/saas/v1/rs/update/${b.id}?c=1001`, {
        definition: { ...first, email_recipients: 'twin2@x.in,twin1@x.in' },
      }),
    ).toMatchObject(twin);
    expect(await t.store.one('select definition, version from report_schedules where id = $1', [b.id])).toEqual(stored);
    expect(
      (
        await call('PUT', `/saas/v1/rs/update/${a.id}?c=1001`, {
          definition: { ...first, email_recipients: 'Twin2@x.in, twin1@x.in' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an exception report identical to another of the branch, not the same one at company level', async () => {
    const post = (definition: object, b = '') =>
      call('POST', `/saas/v1/rs/definition/create?c=1001${b && `&b=${b}`}`, {
        entity_id: entity,
        type: 'ALERT',
        definition,
      });
    const mine = { ...exception(), email_recipients: 'exception.twin@x.in' };
    expect((await post(mine, '3101')).status).toBe(200);
    expect(await post({ ...mine, email_recipients: 'Exception.Twin@x.in ' }, '3101')).toMatchObject({
      status: 409,
      body: { message: [REPORT_DUPLICATE] },
    });
    const { branch_id: _branch, ...companyLevel } = mine;
    expect((await post(companyLevel)).status).toBe(200);
    // Other params or filters make another report.
    expect((await post({ ...mine, params: { ...mine.params, tripStatus: [1] } }, '3101')).status).toBe(200);
    expect((await post({ ...mine, filters: [mine.filters[0]] }, '3101')).status).toBe(200);
  });

  it("keeps a branch's report to that branch: with b chosen, the definition must name the same branch", async () => {
    const before = await count(t.store, 'report_schedules');
    const { branch_id: _branch, ...companyLevel } = exception();
    for (const definition of [companyLevel, { ...exception(), branch_id: '3102' }]) {
      expect(
        await call('POST', '/saas/v1/rs/definition/create?c=1001&b=3101', {
          entity_id: entity,
          type: 'ALERT',
          definition,
        }),
      ).toMatchObject({
        status: 400,
        body: { message: ["The report's branch_id must be the selected branch"] },
      });
    }
    expect(await count(t.store, 'report_schedules')).toBe(before);
  });

  it('rejects bad definitions, storing nothing', async () => {
    const before = await count(t.store, 'report_schedules');
    const post = (body: unknown) => call('POST', '/saas/v1/rs/definition/create?c=1001', body);
    expect(await post({ entity_id: entity, type: 'ALERT', definition: { company_id: '1001' } })).toMatchObject({
      status: 400,
      body: { message: ['Please select EmailId', 'Enter timings'] },
    });
    expect(
      await post({
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        definition: { ...daily(), email_recipients: 'not-an-email' },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: ['Please select EmailId'] },
    });
    // Every 15 minutes is an exception choice, not a daily summary one.
    expect(
      await post({
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        definition: { ...daily(), schedule: { cron: '0 0/15 * * * ?', type: 'DAILY' } },
      }),
    ).toMatchObject({
      status: 400,
      body: { message: ['Enter timings'] },
    });
    expect(await post({ entity_id: entity, type: 'ALERT', definition: daily() })).toMatchObject({
      status: 400,
      body: { message: ['Please select alerts names'] },
    });
    const noEvents = exception();
    noEvents.params.event = [];
    expect(await post({ entity_id: entity, type: 'ALERT', definition: noEvents })).toMatchObject({
      status: 400,
      body: { message: ['Please select alerts names'] },
    });
    const badParams = {
      ...exception(),
      params: { ...exception().params, 'date.trip.constraint.value': 0, tripStatus: [] },
    };
    expect(await post({ entity_id: entity, type: 'ALERT', definition: badParams })).toMatchObject({
      status: 400,
      body: { message: ['Please enter total trip hours in hours ', 'Please enter trip statuses'] },
    });
    const withParams = (params: object) => ({ ...exception(), params: { ...exception().params, ...params } });
    for (const [params, message] of [
      [{ 'date.alert.closed.close_time.duration_mins': 0 }, 'Please enter alerts closed duration in minutes'],
      [{ 'date.alert.closed.close_time.duration_mins': 2.5 }, 'Please enter alerts closed duration in minutes'],
      [{ 'date.alert.closed.close_time.duration_mins': 45001 }, 'Alerts closed minutes can be at most 45000'],
      [{ 'date.trip.constraint.value': -3 }, 'Please enter total trip hours in hours '],
      [{ 'date.trip.constraint.value': 751 }, 'Total trip hours can be at most 750'],
    ] as const) {
      expect(await post({ entity_id: entity, type: 'ALERT', definition: withParams(params) })).toMatchObject({
        status: 400,
        body: { message: [message] },
      });
    }
    const badOperator = { ...exception(), filters: [{ key: 'current_escalation_level', in: ['1'] }] };
    expect(await post({ entity_id: entity, type: 'ALERT', definition: badOperator })).toMatchObject({
      status: 400,
      body: { message: ['Please enter operator'] },
    });
    const badValue = { ...exception(), filters: [{ key: 'current_escalation_level', gt: 'two' }] };
    expect(await post({ entity_id: entity, type: 'ALERT', definition: badValue })).toMatchObject({
      status: 400,
      body: { message: ['Please enter valid input value'] },
    });
    // eq and ne take text for text fields, but a whole number for a number field ('Not Equal To' abc would keep everything).
    const textForNumber = { ...exception(), filters: [{ key: 'current_escalation_level', ne: 'abc' }] };
    expect(await post({ entity_id: entity, type: 'ALERT', definition: textForNumber })).toMatchObject({
      status: 400,
      body: { message: [REPORT_MSG.filterNumber] },
    });
    expect(
      (await post({ entity_id: entity, type: 'ALERT', definition: { ...exception(), branch_id: '9999' } })).status,
    ).toBe(404);
    expect(await count(t.store, 'report_schedules')).toBe(before);
    expect(await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', { active: 2 })).toMatchObject({
      status: 400,
      body: { message: ['Active must be 0 or 1'] },
    });
    expect(await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', {})).toMatchObject({
      status: 400,
      body: { message: ['Nothing to update'] },
    });
  });

  it("answers 404 for another company's entity or report and changes nothing", async () => {
    const other = (await call('GET', '/saas/lego/cbdt?c=1002')).body.data.id;
    const before = await t.store.one("select active, definition from report_schedules where id = 'rs_tsl_daily'");
    expect(await call('GET', `/saas/v1/rs/list?c=1002&entity_id=${entity}&type=ALERT`)).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect((await call('GET', '/saas/v1/rs/report/rs_tsl_daily?c=1002')).status).toBe(404);
    expect((await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1002', { active: 0 })).status).toBe(404);
    expect((await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1002', { definition: daily('1002') })).status).toBe(
      404,
    );
    // A definition naming another company, or an entity of another company.
    expect((await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', { definition: daily('1002') })).status).toBe(
      404,
    );
    expect(
      (
        await call('POST', '/saas/v1/rs/definition/create?c=1001', {
          entity_id: other,
          type: 'DAILY_TRIP_SUMMARY',
          definition: daily(),
        })
      ).status,
    ).toBe(404);
    expect(await t.store.one("select active, definition from report_schedules where id = 'rs_tsl_daily'")).toEqual(
      before,
    );
  });
});
