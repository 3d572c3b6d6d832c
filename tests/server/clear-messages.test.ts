import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

const KEY = 'lego-console';
const ROLES =
  'Role must be one of Admin (9), Transporter-Operator (10), Broker (8), CONSIGNEE-ADMIN (35), Truck-Driver (12), Consignor-Operator (21)';
const QUOTES = "Field values must be wrapped in single quotes, e.g. 'x'";

/** The texts of a failed answer, from either envelope. */
const texts = (body: { message?: string[]; result?: { message: string } }) =>
  body.message ?? body.result!.message.split('; ');

/** Bad inputs that used to be answered with ajv's own texts ('must be object', "must have required property 'x'"). */
describe.each(BACKENDS)('clear messages for bad input on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let entity: string;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
  });
  afterAll(() => t?.close());

  const refused = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => {
    const answer = await call(method, url, body);
    expect(answer.status).toBe(400);
    return texts(answer.body);
  };

  it('dashboards', async () => {
    expect(await refused('POST', '/saas/data/automationdashboard/setDashboard', {})).toEqual([
      'Select a company to continue',
      'Please select dashboard type',
      'isCreate must be true (create) or false (update)',
    ]);
    expect(
      await refused('POST', '/saas/data/automationdashboard/setDashboard', {
        companyId: 1003,
        isCreate: false,
        typeDashboard: 'looker',
        userId: [1],
        dashboardWorkspace: [{ dashboard_id: '7', name: 'Ops' }],
      }),
    ).toEqual(['Please select a configuration to update']);
    expect(await refused('POST', '/saas/data/automationdashboard/toggleDashboard?companyId=1001', {})).toEqual([
      'Please select a configuration',
    ]);
    const powerbi = {
      companyId: 1003,
      isCreate: true,
      typeDashboard: 'zoho',
      dashboardSlug: ['freight_analytics'],
      dashboardReportId: ['r'],
      dashboardWorkspaceId: ['w'],
    };
    expect(
      await refused('POST', '/saas/data/automationdashboard/setDashboard', {
        ...powerbi,
        dashboardRlsRoles: [['Bad']],
      }),
    ).toEqual(['Please enter valid PowerBI Rls Roles']);
    expect(
      await refused('POST', '/saas/data/automationdashboard/setDashboard', {
        ...powerbi,
        dashboardSlug: ['no_such_dashboard'],
        dashboardRlsRoles: [['All']],
      }),
    ).toEqual(['Please select menulist']);
    expect(await refused('POST', '/saas/data/automationdashboard/setDashboard', [1])).toEqual([
      'The request body must be a JSON object',
    ]);
    expect(await refused('GET', '/saas/data/automationdashboard/getDashboardList?companyId=1001&active=yes')).toEqual([
      'active must be 0 or 1',
    ]);
  });

  it('sidebar menu', async () => {
    const before = await count(t.store, 'sidebar_menu_configs');
    expect(
      await refused('POST', '/saas/data/onBoardingAPI/updateSideMenuList', {
        key: KEY,
        companyId: 1003,
        extracontext: ['trips'],
        roles: 77,
      }),
    ).toEqual([ROLES]);
    expect(
      await refused('POST', '/saas/data/onBoardingAPI/updateSideMenuList', {
        key: KEY,
        companyId: 1003,
        extracontext: ['trips'],
        enabled: 0,
      }),
    ).toEqual(['enabled must be 1']);
    expect(
      await refused('GET', `/saas/data/onBoardingAPI/fetchLandingPage?key=${KEY}&companyId=1001&roles=abc`),
    ).toEqual([ROLES]);
    expect(
      await refused('GET', `/saas/data/onBoardingAPI/fetchSideBarMenuConfig?key=${KEY}&companyId=1001&enabled=2`),
    ).toEqual(['enabled must be 0 or 1']);
    expect(
      await refused(
        'GET',
        `/saas/data/onBoardingAPI/fetchSideBarMenuConfig?key=${KEY}&companyId=1001&branchId=1&branchId=2`,
      ),
    ).toEqual(['branchId must be a single id of at most 64 characters']);
    expect(await count(t.store, 'sidebar_menu_configs')).toBe(before);
  });

  it('alerts, UI config and auto closure', async () => {
    expect(await refused('POST', '/saas/data/automation/toggleAlert?companyId=1001', [1])).toEqual([
      'The request body must be a JSON object',
    ]);
    expect(
      await refused('POST', '/saas/data/automation/toggleAlertTickets?companyId=1001', [
        { alertId: 'alc_1001_detention' },
      ]),
    ).toEqual(['The request body must be a JSON object']);
    expect(await refused('POST', '/saas/data/onBoardingAPI/toggleUIConfig?companyId=1001', [])).toEqual([
      'The request body must be a JSON object',
    ]);
    expect(await refused('POST', '/saas/data/onBoardingAPI/toggleUIConfig?companyId=1001', {})).toEqual([
      'Please select a configuration',
    ]);
    expect(await refused('POST', '/saas/data/autoclosure/toggleAutoClosure?companyId=1001', {})).toEqual([
      'Please select a configuration',
    ]);
    expect(await refused('GET', '/saas/data/autoclosure/getAutoClosureById?companyId=1001')).toEqual([
      'Please select a configuration',
    ]);
    const before = await count(t.store, 'auto_closure_rules');
    const rule = {
      companyId: '1001',
      autoClosureType: 'RULE_BASED',
      threshold: 1,
      autoClosureRuleSubject: ['x'],
      min_time_at_destination: [1],
      min_time_after_destination: [1],
      firstCustomValue: ['driver_name'],
      firstCustomOperator: ['=='],
      firstFieldValue: ['x'],
    };
    expect(await refused('POST', '/saas/data/autoclosure/createAndUpdateAutoClosure', rule)).toEqual([QUOTES]);
    expect(
      await refused('POST', '/saas/data/autoclosure/createAndUpdateAutoClosure', { ...rule, firstFieldValue: "'x'" }),
    ).toEqual(['Row values must be sent as a list, one entry per row']);
    expect(
      await refused('POST', '/saas/data/autoclosure/createAndUpdateAutoClosure', {
        ...rule,
        firstFieldValue: ["'x'"],
        joinOperator: ['AND'],
      }),
    ).toEqual(['Please select operator']);
    expect(
      await refused('POST', '/saas/data/autoclosure/createAndUpdateAutoClosure', {
        ...rule,
        firstFieldValue: ["'x'"],
        edit: 'no',
      }),
    ).toEqual(['edit must be true or false']);
    expect(await count(t.store, 'auto_closure_rules')).toBe(before);
  });

  it('report schedules', async () => {
    const before = await count(t.store, 'report_schedules');
    expect(
      await refused('POST', '/saas/v1/rs/definition/create?c=1001', {
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        definition: {},
      }),
    ).toEqual(['Please select EmailId', 'Select a company to continue', 'Enter timings']);
    expect(await refused('GET', `/saas/v1/rs/list?c=1001&entity_id=${entity}&type=XX`)).toEqual([
      'Report type must be DAILY_TRIP_SUMMARY or ALERT',
    ]);
    expect(await refused('POST', '/saas/v1/rs/definition/create?c=1001', [1])).toEqual([
      'The request body must be a JSON object',
    ]);
    const daily = { email_recipients: 'a@x.in', company_id: '1001', schedule: { cron: '0 0 3 * * ?', type: 'WEEKLY' } };
    expect(
      await refused('POST', '/saas/v1/rs/definition/create?c=1001', {
        entity_id: entity,
        type: 'DAILY_TRIP_SUMMARY',
        definition: { ...daily, extra: 1 },
      }),
    ).toEqual(["schedule.type must be 'DAILY'", 'Unknown field in the definition']);
    expect(await refused('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', { active: 1, enabled: 1 })).toEqual([
      'Only active or definition can be updated',
    ]);
    expect(await refused('GET', `/saas/v1/rs/list?c=1001&t=OTHER&entity_id=${entity}&type=ALERT`)).toEqual([
      'Company type (t) must be CONSIGNOR or TRANSPORTER',
    ]);
    expect(await count(t.store, 'report_schedules')).toBe(before);
  });
});
