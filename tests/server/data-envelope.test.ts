import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, dataFailure, type Call, type TestApp } from './helper';

const KEY = 'key=lego-console';

/**
 * Every data-family call answers its failures in the data family's wrapping (API.md "Alerts and display"),
 * whichever family it belongs to; only missing or bad credentials keep the main envelope.
 */
describe.each(BACKENDS)('data-family failures on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it("answers another company's ids with 404 in the data wrapping, changing nothing", async () => {
    const rule = () => t.store.one("select active from auto_closure_rules where id = 'acl_tsl_epod'");
    const before = await rule();
    expect(
      await call('POST', '/saas/data/autoclosure/toggleAutoClosure?companyId=1003', {
        customerConfigId: 'acl_tsl_epod',
      }),
    ).toEqual({ status: 404, headers: expect.anything(), body: dataFailure('Not found') });
    expect(await rule()).toEqual(before);
    expect(await call('GET', '/saas/data/autoclosure/getAutoClosureById?companyId=1003&id=acl_tsl_epod')).toMatchObject(
      { status: 404, body: dataFailure('Not found') },
    );
    expect(
      await call('GET', `/saas/data/onBoardingAPI/fetchSideBarMenuConfigById?${KEY}&companyId=1002&id=sbm_tsl_admin`),
    ).toMatchObject({ status: 404, body: dataFailure('Not found') });
    expect(
      await call('POST', '/saas/data/automationdashboard/toggleDashboard?companyId=1002', {
        customerConfigId: 'dsh_tsl_powerbi',
      }),
    ).toMatchObject({ status: 404, body: dataFailure('Not found') });
    expect(
      await call('GET', '/saas/data/automationdashboard/getDashboardbyId?companyId=1002&id=dsh_tsl_powerbi'),
    ).toMatchObject({ status: 404, body: dataFailure('Not found') });
  });

  it('answers validation failures, wrong keys, conflicts and bad JSON in the data wrapping', async () => {
    expect(await call('GET', '/saas/data/autoclosure/getAutoClosureList')).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
    expect(await call('GET', '/saas/data/autoclosure/getAutoClosureList?companyId=1001&key=wrong')).toMatchObject({
      status: 400,
      body: dataFailure('Invalid access key'),
    });
    expect(await call('POST', '/saas/data/autoclosure/toggleAutoClosure?companyId=1001', {})).toMatchObject({
      status: 400,
      body: dataFailure('Please select a configuration'),
    });
    expect(await call('GET', `/saas/data/onBoardingAPI/fetchSideBarMenuConfig?${KEY}`)).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
    expect(
      await call('POST', '/saas/data/onBoardingAPI/updateSideMenuList', {
        key: 'lego-console',
        companyId: 1003,
        extracontext: [],
      }),
    ).toMatchObject({ status: 400, body: dataFailure('Please select menulist') });
    expect(await call('GET', '/saas/data/automationdashboard/getDashboardList')).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
    expect(
      await call('POST', '/saas/data/automationdashboard/setDashboard', { companyId: 1003, isCreate: true }),
    ).toMatchObject({ status: 400, body: dataFailure('Please select dashboard type') });
    // Several texts share the family's single message.
    expect(
      await call('POST', '/saas/data/automationdashboard/setDashboard', {
        companyId: 1003,
        isCreate: true,
        typeDashboard: 'looker',
        dashboardWorkspace: [{ dashboard_id: '7', name: 'Ops' }],
      }),
    ).toMatchObject({ status: 400, body: dataFailure('Please input userId') });
    expect(await call('GET', '/saas/data/automation/getAlerts?companyId=1001&key=other')).toMatchObject({
      status: 400,
      body: dataFailure('Invalid access key'),
    });
    expect(
      await call('POST', '/saas/data/automation/toggleAlert?companyId=1001', { key: 'lego-console' }),
    ).toMatchObject({ status: 400, body: dataFailure('Please select an alert') });
    expect(
      await call('POST', '/saas/data/onBoardingAPI/updateUIConfig', {
        companyId: 1001,
        featureKey: 'useNeoAlertModule',
        extracontext: ['untracked'],
      }),
    ).toMatchObject({ status: 409, body: dataFailure('UI config already exists for this module') });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/saas/data/autoclosure/toggleAutoClosure?companyId=1001',
      headers: {
        authorization: `Bearer ${(await t.login('ops@demo.local')).deskToken}`,
        'content-type': 'application/json',
      },
      payload: '{"customerConfigId":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual(dataFailure('Invalid request'));
  });

  it('keeps the main envelope for missing credentials', async () => {
    for (const url of [
      '/saas/data/autoclosure/getAutoClosureList?companyId=1001',
      '/saas/data/automationdashboard/getDashboardList?companyId=1001',
      `/saas/data/onBoardingAPI/fetchSideBarMenuList?${KEY}&companyId=1`,
    ]) {
      expect(await t.call('GET', url)).toMatchObject({
        status: 401,
        body: { success: false, data: null, message: ['Unauthorized'] },
      });
    }
  });
});
