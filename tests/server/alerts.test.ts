import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';

const ALERTS = '/saas/data/automation';
const UI = '/saas/data/onBoardingAPI';
const KEY = 'lego-console';

/** The data family's answers. */
const okWith = (data: unknown, message: unknown = expect.any(String)) => ({
  status: 'ok',
  result: { status: 1, data, message },
});
const failed = (message: string) => ({ status: 'error', result: { status: 0, message } });

describe.each(BACKENDS)('alert settings and UI config on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  const alert = (id: string) =>
    t.store.one<{ enabled: boolean; extra_context: string }>(
      'select enabled, extra_context from alert_configs where id = $1',
      [id],
    );
  const uiConfig = (id: string) =>
    t.store.one<{ enabled: boolean; feature_key: string; extra_context: string[] }>(
      'select enabled, feature_key, extra_context from ui_configs where id = $1',
      [id],
    );
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  describe('getAlerts', () => {
    it("lists the company's alert configs with their extraContext text", async () => {
      const answer = await call('GET', `${ALERTS}/getAlerts?key=${KEY}&companyId=1001`);
      expect(answer.status).toBe(200);
      const list = answer.body.result.data;
      expect(list).toHaveLength(12);
      expect(list.map((a: { featureKey: string }) => a.featureKey)).toContain('long_stoppage');
      expect(list.find((a: { id: string }) => a.id === 'alc_1001_long_stoppage')).toEqual({
        id: 'alc_1001_long_stoppage',
        featureKey: 'long_stoppage',
        enabled: true,
        extraContext: expect.stringContaining('"raise_ticket":true'),
        branchId: null,
      });
      expect(JSON.parse(list[0].extraContext)[0].ticketing).toHaveProperty('raise_ticket');
      const hul = (await call('GET', `${ALERTS}/getAlerts?companyId=1002&branchId=&departmentId=`)).body.result.data;
      expect(hul).toHaveLength(12);
      expect(hul.every((a: { id: string }) => a.id.startsWith('alc_1002_'))).toBe(true);
    });

    it('wants a company and the right key', async () => {
      expect(await call('GET', `${ALERTS}/getAlerts?key=${KEY}`)).toMatchObject({
        status: 400,
        body: dataFailure('Select a company to continue'),
      });
      expect(await call('GET', `${ALERTS}/getAlerts?key=other&companyId=1001`)).toMatchObject({
        status: 400,
        body: dataFailure('Invalid access key'),
      });
      expect(await call('GET', `${ALERTS}/getAlerts?companyId=9999`)).toMatchObject({
        status: 404,
        body: failed('Not found'),
      });
      expect(await call('GET', `${ALERTS}/getAlerts?companyId=1001&branchId=3201`)).toMatchObject({
        status: 404,
        body: failed('Not found'),
      });
    });
  });

  describe('toggleAlert', () => {
    it('flips enabled and back', async () => {
      const answer = await call('POST', `${ALERTS}/toggleAlert?companyId=1001`, {
        alertId: 'alc_1001_detention',
        key: KEY,
      });
      expect(answer).toMatchObject({
        status: 200,
        body: okWith(
          expect.objectContaining({ id: 'alc_1001_detention', enabled: false }),
          'Alert disabled successfully',
        ),
      });
      expect((await alert('alc_1001_detention'))?.enabled).toBe(false);
      await call('POST', `${ALERTS}/toggleAlert?companyId=1001`, { alertId: 'alc_1001_detention', key: KEY });
      expect((await alert('alc_1001_detention'))?.enabled).toBe(true);
    });

    it("rejects a missing alert id, a wrong key and another company's alert, changing nothing", async () => {
      expect(await call('POST', `${ALERTS}/toggleAlert?companyId=1001`, { key: KEY })).toMatchObject({
        status: 400,
        body: dataFailure('Please select an alert'),
      });
      expect(
        await call('POST', `${ALERTS}/toggleAlert?companyId=1001`, { alertId: 'alc_1001_detention', key: 'nope' }),
      ).toMatchObject({ status: 400, body: dataFailure('Invalid access key') });
      expect(await call('POST', `${ALERTS}/toggleAlert`, { alertId: 'alc_1001_detention' })).toMatchObject({
        status: 400,
        body: dataFailure('Select a company to continue'),
      });
      const before = await alert('alc_1002_long_stoppage');
      expect(
        await call('POST', `${ALERTS}/toggleAlert?companyId=1001`, { alertId: 'alc_1002_long_stoppage', key: KEY }),
      ).toMatchObject({ status: 404, body: failed('Not found') });
      expect(await alert('alc_1002_long_stoppage')).toEqual(before);
    });
  });

  describe('toggleAlertTickets', () => {
    it('flips extraContext[0].ticketing.raise_ticket and keeps the other settings', async () => {
      const answer = await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1001`, {
        alertId: 'alc_1001_long_stoppage',
        key: KEY,
      });
      expect(answer).toMatchObject({
        status: 200,
        body: okWith(expect.objectContaining({ id: 'alc_1001_long_stoppage' }), 'Ticket disabled successfully'),
      });
      const stored = JSON.parse((await alert('alc_1001_long_stoppage'))!.extra_context);
      expect(stored[0].ticketing.raise_ticket).toBe(false);
      expect(stored[0].longstoppage_l1).toEqual({ short: 30, mid: 60, long: 120 });
      await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1001`, {
        alertId: 'alc_1001_long_stoppage',
        key: KEY,
      });
      expect(JSON.parse((await alert('alc_1001_long_stoppage'))!.extra_context)[0].ticketing.raise_ticket).toBe(true);
    });

    it('starts a ticket flag where extraContext holds none', async () => {
      await t.store.query("update alert_configs set extra_context = 'not json' where id = 'alc_1002_sta_breach'");
      await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1002`, { alertId: 'alc_1002_sta_breach', key: KEY });
      expect(JSON.parse((await alert('alc_1002_sta_breach'))!.extra_context)).toEqual([
        { ticketing: { raise_ticket: true } },
      ]);
    });

    it("rejects bad input and another company's alert", async () => {
      expect(await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1001`, {})).toMatchObject({
        status: 400,
        body: dataFailure('Please select an alert'),
      });
      const before = await alert('alc_1002_route_deviation');
      expect(
        await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1001`, { alertId: 'alc_1002_route_deviation' }),
      ).toMatchObject({ status: 404, body: failed('Not found') });
      expect(await alert('alc_1002_route_deviation')).toEqual(before);
    });
  });

  describe('getAlertTicketUIConfig', () => {
    it("lists the company's modules, or the chosen branch's", async () => {
      const all = (await call('GET', `${UI}/getAlertTicketUIConfig?companyId=1001`)).body;
      expect(all).toEqual(
        okWith(
          [
            {
              id: 'uic_tsl_alerts',
              customerConfigId: 'uic_tsl_alerts',
              featureKey: 'useNeoAlertModule',
              enabled: true,
              extraContext: ['long_stoppage', 'route_deviation', 'untracked', 'ewb_expiry'],
              companyId: '1001',
              branchId: null,
            },
            {
              id: 'uic_tsl_kol_tickets',
              customerConfigId: 'uic_tsl_kol_tickets',
              featureKey: 'neoTicketModule',
              enabled: false,
              extraContext: ['long_stoppage', 'over_speeding'],
              companyId: '1001',
              branchId: '3102',
            },
          ],
          '',
        ),
      );
      const kolkata = (
        await call('GET', `${UI}/getAlertTicketUIConfig?companyId=1001&branchId=3102&departmentId=31021`)
      ).body.result.data;
      expect(kolkata.map((c: { id: string }) => c.id)).toEqual(['uic_tsl_kol_tickets']);
    });

    it('wants a company it knows', async () => {
      expect(await call('GET', `${UI}/getAlertTicketUIConfig`)).toMatchObject({
        status: 400,
        body: dataFailure('Select a company to continue'),
      });
      expect(await call('GET', `${UI}/getAlertTicketUIConfig?companyId=1001&branchId=3201`)).toMatchObject({
        status: 404,
        body: failed('Not found'),
      });
    });
  });

  describe('toggleUIConfig', () => {
    it('flips enabled', async () => {
      const answer = await call('POST', `${UI}/toggleUIConfig?companyId=1001`, {
        customerConfigId: 'uic_tsl_kol_tickets',
      });
      expect(answer).toMatchObject({
        status: 200,
        body: okWith(expect.objectContaining({ enabled: true }), 'UI config enabled successfully'),
      });
      expect((await uiConfig('uic_tsl_kol_tickets'))?.enabled).toBe(true);
      await call('POST', `${UI}/toggleUIConfig?companyId=1001&branchId=3102`, {
        customerConfigId: 'uic_tsl_kol_tickets',
      });
      expect((await uiConfig('uic_tsl_kol_tickets'))?.enabled).toBe(false);
    });

    it("rejects a missing id, another company's module and one of another branch", async () => {
      expect(await call('POST', `${UI}/toggleUIConfig?companyId=1001`, {})).toMatchObject({
        status: 400,
        body: dataFailure('Please select a configuration'),
      });
      expect(
        await call('POST', `${UI}/toggleUIConfig?companyId=1001`, { customerConfigId: 'uic_hul_alerts' }),
      ).toMatchObject({ status: 404, body: failed('Not found') });
      expect(
        await call('POST', `${UI}/toggleUIConfig?companyId=1001&branchId=3101`, {
          customerConfigId: 'uic_tsl_kol_tickets',
        }),
      ).toMatchObject({ status: 404 });
      expect((await uiConfig('uic_hul_alerts'))?.enabled).toBe(true);
      expect((await uiConfig('uic_tsl_kol_tickets'))?.enabled).toBe(false);
    });
  });

  describe('fetchUIConfigById', () => {
    it('answers one module of the company', async () => {
      const answer = await call(
        'GET',
        `${UI}/fetchUIConfigById?id=uic_tsl_alerts&companyId=1001&branchId=&featureKey=useNeoAlertModule`,
      );
      expect(answer.body).toEqual(
        okWith(
          expect.objectContaining({
            id: 'uic_tsl_alerts',
            featureKey: 'useNeoAlertModule',
            extraContext: ['long_stoppage', 'route_deviation', 'untracked', 'ewb_expiry'],
          }),
          '',
        ),
      );
    });

    it('answers 400 without an id, 404 for another company, another branch or another module', async () => {
      expect(await call('GET', `${UI}/fetchUIConfigById?companyId=1001`)).toMatchObject({
        status: 400,
        body: dataFailure('Please select a configuration'),
      });
      expect(await call('GET', `${UI}/fetchUIConfigById?id=uic_hul_alerts&companyId=1001`)).toMatchObject({
        status: 404,
        body: failed('Not found'),
      });
      expect(
        (await call('GET', `${UI}/fetchUIConfigById?id=uic_tsl_kol_tickets&companyId=1001&branchId=3101`)).status,
      ).toBe(404);
      expect(
        (await call('GET', `${UI}/fetchUIConfigById?id=uic_tsl_alerts&companyId=1001&featureKey=neoTicketModule`))
          .status,
      ).toBe(404);
    });
  });

  describe('fetchAlertList', () => {
    it('lists the alert types of spec 001 section 9', async () => {
      const list = (await call('GET', `${UI}/fetchAlertList`)).body.result.data;
      expect(list).toHaveLength(20);
      expect(list[0]).toEqual({ featureKey: 'long_stoppage', name: 'Long Stoppage' });
      expect(list.map((a: { featureKey: string }) => a.featureKey)).toEqual(
        expect.arrayContaining(['sta_breach', 'over_speeding', 'driver_change']),
      );
    });
  });

  describe('updateUIConfig', () => {
    it("creates a module for the company, then updates it, with the server's messages", async () => {
      const created = await call('POST', `${UI}/updateUIConfig`, {
        companyId: 1001,
        branchId: null,
        featureKey: 'neoTicketModule',
        extracontext: ['long_stoppage', 'detention'],
        enabled: 1,
      });
      expect(created).toMatchObject({
        status: 200,
        body: okWith(
          expect.objectContaining({ featureKey: 'neoTicketModule', enabled: true, branchId: null, companyId: '1001' }),
          'UI config set successfully for companyIds [ 1001 ]',
        ),
      });
      const id = created.body.result.data.id;
      const updated = await call('POST', `${UI}/updateUIConfig`, {
        id,
        companyId: '1001',
        featureKey: 'neoTicketModule',
        extracontext: ['sta_breach'],
        enabled: 1,
      });
      expect(updated).toMatchObject({
        status: 200,
        body: okWith(expect.objectContaining({ id, extraContext: ['sta_breach'] }), 'UI config updated successfully'),
      });
      expect(await uiConfig(id)).toEqual({
        enabled: true,
        feature_key: 'neoTicketModule',
        extra_context: ['sta_breach'],
      });
    });

    it('stores a branch module for the branch', async () => {
      const created = await call('POST', `${UI}/updateUIConfig`, {
        companyId: '1002',
        branchId: '3202',
        featureKey: 'useNeoAlertModule',
        extracontext: ['untracked'],
        enabled: 1,
      });
      expect(created.body.result.data).toMatchObject({ branchId: '3202', featureKey: 'useNeoAlertModule' });
    });

    it("rejects missing fields with the form's messages and unknown alerts, storing nothing", async () => {
      const before = await count(t.store, 'ui_configs');
      expect(await call('POST', `${UI}/updateUIConfig`, { companyId: '1001' })).toMatchObject({
        status: 400,
        body: dataFailure('Please select field; Please select config'),
      });
      expect(
        await call('POST', `${UI}/updateUIConfig`, {
          companyId: '1001',
          featureKey: 'somethingElse',
          extracontext: [],
        }),
      ).toMatchObject({ status: 400, body: dataFailure('Please select field; Please select config') });
      expect(
        await call('POST', `${UI}/updateUIConfig`, { featureKey: 'neoTicketModule', extracontext: ['untracked'] }),
      ).toMatchObject({ status: 400, body: dataFailure('Select a company to continue') });
      expect(
        await call('POST', `${UI}/updateUIConfig`, {
          companyId: '1003',
          featureKey: 'neoTicketModule',
          extracontext: ['no_such_alert'],
        }),
      ).toMatchObject({ status: 400, body: failed('Unknown alert no_such_alert') });
      expect(
        await call('POST', `${UI}/updateUIConfig`, {
          companyId: '1001',
          featureKey: 'useNeoAlertModule',
          extracontext: ['untracked'],
          enabled: 1,
        }),
      ).toMatchObject({ status: 409, body: failed('UI config already exists for this module') });
      expect(await count(t.store, 'ui_configs')).toBe(before);
    });

    it('takes enabled only as 1 (spec: "sent as 1"), creating or changing nothing otherwise', async () => {
      const before = await count(t.store, 'ui_configs');
      const kolkata = await uiConfig('uic_tsl_kol_tickets');
      for (const enabled of [0, 2, '1', true]) {
        expect(
          await call('POST', `${UI}/updateUIConfig`, {
            companyId: '1003',
            featureKey: 'neoTicketModule',
            extracontext: ['untracked'],
            enabled,
          }),
        ).toMatchObject({ status: 400, body: dataFailure('enabled must be 1') });
      }
      expect(
        await call('POST', `${UI}/updateUIConfig`, {
          id: 'uic_tsl_kol_tickets',
          companyId: '1001',
          branchId: '3102',
          featureKey: 'neoTicketModule',
          extracontext: ['untracked'],
          enabled: 0,
        }),
      ).toMatchObject({ status: 400, body: dataFailure('enabled must be 1') });
      expect(await count(t.store, 'ui_configs')).toBe(before);
      expect(await uiConfig('uic_tsl_kol_tickets')).toEqual(kolkata);
    });

    it("answers 404 for another company's module and leaves it unchanged", async () => {
      const before = await uiConfig('uic_hul_tickets');
      expect(
        await call('POST', `${UI}/updateUIConfig`, {
          id: 'uic_hul_tickets',
          companyId: '1001',
          featureKey: 'neoTicketModule',
          extracontext: ['untracked'],
          enabled: 1,
        }),
      ).toMatchObject({ status: 404, body: failed('Not found') });
      expect(await uiConfig('uic_hul_tickets')).toEqual(before);
    });
  });

  it('answers 401 to every call without a token', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `${ALERTS}/getAlerts?companyId=1001`],
      ['POST', `${ALERTS}/toggleAlert?companyId=1001`, { alertId: 'alc_1001_detention' }],
      ['POST', `${ALERTS}/toggleAlertTickets?companyId=1001`, { alertId: 'alc_1001_detention' }],
      ['GET', `${UI}/getAlertTicketUIConfig?companyId=1001`],
      ['POST', `${UI}/toggleUIConfig?companyId=1001`, { customerConfigId: 'uic_tsl_alerts' }],
      ['GET', `${UI}/fetchUIConfigById?id=uic_tsl_alerts&companyId=1001`],
      ['GET', `${UI}/fetchAlertList`],
      [
        'POST',
        `${UI}/updateUIConfig`,
        { companyId: '1001', featureKey: 'neoTicketModule', extracontext: ['untracked'] },
      ],
    ];
    for (const [method, url, body] of calls) {
      expect(await t.call(method as 'GET', url, body)).toMatchObject({
        status: 401,
        body: { success: false, message: ['Unauthorized'] },
      });
    }
    expect((await alert('alc_1001_detention'))?.enabled).toBe(true);
  });

  it('seeding again adds nothing', async () => {
    const before = [
      await count(t.store, 'alert_configs'),
      await count(t.store, 'ui_configs'),
      await count(t.store, 'alert_types'),
    ];
    const { seed } = await import('../../server/seed/seed');
    await seed(t.store);
    expect([
      await count(t.store, 'alert_configs'),
      await count(t.store, 'ui_configs'),
      await count(t.store, 'alert_types'),
    ]).toEqual(before);
  });
});
