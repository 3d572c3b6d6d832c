import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, dataFailure, heldWrite, type Call, type TestApp } from './helper';

const ALERTS = '/saas/data/automation';
/** The call as the console makes it: the access key, one by one, and the selected scope (ignored for the rows). */
const SET = `${ALERTS}/setAlerts?key=lego-console&allOrNone=false&companyId=1001&branchId=&departmentId=`;
const EXISTS = 'Alert config already exists';

type Row = Record<string, unknown>;
interface Listed {
  id: string;
  featureKey: string;
  enabled: boolean;
  extraContext: string;
  branchId: string | null;
}

/** The data family's success answer. */
const okWith = (data: unknown, message: unknown) => ({ status: 'ok', result: { status: 1, data, message } });
const saved = (index: number, companyId: string) => ({
  index,
  status: 'Success',
  id: expect.stringMatching(/^alc_/),
  companyId,
});
const refused = (index: number, message: string) => ({ index, status: 'Error', message });

describe.each(BACKENDS)('bulk alert upload (setAlerts) on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  const alerts = async (query: string) =>
    (await call<{ result: { data: Listed[] } }>('GET', `${ALERTS}/getAlerts?${query}`)).body.result.data;
  const stored = () => count(t.store, 'alert_configs');
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('saves a batch for two companies; getAlerts shows them with the ticket flag and grouped long-stoppage thresholds', async () => {
    const rows: Row[] = [
      {
        CompanyId: '1003',
        Alert_Name: 'long_stoppage',
        enable_ticket: true,
        emailId_level_one: 'ops@utc.example, lead@utc.example',
        longstoppage_l1_short: 30,
        longstoppage_l1_mid: 60,
        longstoppage_l1_long: 120,
        longstoppage_l2_short: 240,
        close_old_trips: false,
      },
      { CompanyId: '1003', branchId: '3301', Alert_Name: 'night_driving', start_time: '22:30', end_time: '05:00' },
      { CompanyId: '1001', branchId: '3102', Alert_Name: 'long_stoppage', enable_ticket: false, Buffer: 15 },
    ];
    const answer = await call('POST', SET, rows);
    expect(answer).toMatchObject({
      status: 200,
      body: okWith(
        [saved(0, '1003'), saved(1, '1003'), saved(2, '1001')],
        'Alert config set successfully for companyIds [ 1003, 1001 ]',
      ),
    });
    const ids = answer.body.result.data.map((r: { id: string }) => r.id);

    const utc = await alerts('key=lego-console&companyId=1003');
    expect(utc.map((a) => [a.featureKey, a.branchId, a.enabled])).toEqual([
      ['long_stoppage', null, true],
      ['night_driving', '3301', true],
    ]);
    const stoppage = utc.find((a) => a.id === ids[0])!;
    expect(JSON.parse(stoppage.extraContext)).toEqual([
      {
        ticketing: { raise_ticket: true },
        emailId_level_one: 'ops@utc.example, lead@utc.example',
        close_old_trips: false,
        longstoppage_l1: { short: 30, mid: 60, long: 120 },
        longstoppage_l2: { short: 240 },
      },
    ]);
    expect(JSON.parse(utc.find((a) => a.id === ids[1])!.extraContext)).toEqual([
      { ticketing: { raise_ticket: false }, start_time: '22:30', end_time: '05:00' },
    ]);

    // The list's ticket switch works on an uploaded config.
    expect(await call('POST', `${ALERTS}/toggleAlertTickets?companyId=1003`, { alertId: ids[0] })).toMatchObject({
      status: 200,
      body: { result: { message: 'Ticket disabled successfully' } },
    });
    expect(
      JSON.parse((await alerts('companyId=1003')).find((a) => a.id === ids[0])!.extraContext)[0].longstoppage_l1,
    ).toEqual({ short: 30, mid: 60, long: 120 });
  });

  it("lists a branch's configs with the company-wide ones; the company alone lists all", async () => {
    const all = await alerts('companyId=1001');
    expect(all).toHaveLength(13);
    // Two configs of one alert are listed by their ids, an order the test does not rely on.
    expect(new Set(all.filter((a) => a.featureKey === 'long_stoppage').map((a) => a.branchId))).toEqual(
      new Set([null, '3102']),
    );
    expect(all.filter((a) => a.branchId === null)).toHaveLength(12);
    expect((await alerts('companyId=1001&branchId=3102')).map((a) => a.branchId).filter(Boolean)).toEqual(['3102']);
    expect(await alerts('companyId=1001&branchId=3101')).toHaveLength(12);
    expect((await alerts('companyId=1003&branchId=3302')).map((a) => a.featureKey)).toEqual(['long_stoppage']);
  });

  it("answers 'Alert config already exists' for an existing config and saves the other rows", async () => {
    const before = await stored();
    const answer = await call('POST', SET, [
      { CompanyId: '1001', Alert_Name: 'detention' },
      { CompanyId: '1001', Alert_Name: 'detention', branchId: '3101', geofence_entry_time: 120 },
      { CompanyId: '1002', Alert_Name: 'driver_change' },
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: okWith(
        [refused(0, EXISTS), saved(1, '1001'), saved(2, '1002')],
        'Alert config set successfully for companyIds [ 1001, 1002 ]',
      ),
    });
    expect(await stored()).toBe(before + 2);
  });

  it('refuses a config named twice in one batch after saving the first', async () => {
    const answer = await call('POST', SET, [
      { CompanyId: '1002', Alert_Name: 'diversion', branchId: '3202' },
      { CompanyId: '1002', Alert_Name: 'diversion', branchId: '3202', Buffer: 5 },
      { CompanyId: '1002', Alert_Name: 'diversion' },
    ]);
    expect(answer.body.result.data).toEqual([saved(0, '1002'), refused(1, EXISTS), saved(2, '1002')]);
  });

  it('says only that it exists when every row was already there', async () => {
    const answer = await call('POST', SET, [
      { CompanyId: '1002', Alert_Name: 'diversion' },
      { CompanyId: '9999', Alert_Name: 'diversion' },
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: okWith([refused(0, EXISTS), refused(1, 'Company 9999 not found')], EXISTS),
    });
  });

  it("puts each bad row's schema messages in its status, joined by '; ', and saves the good rows", async () => {
    const before = await stored();
    const answer = await call('POST', SET, [
      { CompanyId: '1001', Alert_Name: 'sta_breach', Buffer: 'soon', transit_time_buffer: -1 },
      { CompanyId: '1001', Alert_Name: 'night_driving', start_time: '24:00', end_time: '5pm' },
      { CompanyId: '1001', Alert_Name: 'untracked', emailId_level_two: 'ops@demo.local; someone' },
      { CompanyId: '1001', Alert_Name: 'untracked', colour: 'red' },
      { CompanyId: '1001', Alert_Name: 'no_such_alert' },
      { Alert_Name: 'untracked', enable_ticket: 'maybe' },
      { CompanyId: '1001 2', Alert_Name: 'waypoints_breach' },
      { CompanyId: '1003', Alert_Name: 'waypoints_breach', close_old_trips: true },
      { CompanyId: 1001, Alert_Name: 'untracked', config_one: 70 },
      null,
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.result.message).toBe('Alert config set successfully for companyIds [ 1003 ]');
    expect(answer.body.result.data).toEqual([
      refused(0, 'Buffer must be a number of 0 or more; transit_time_buffer must be a number of 0 or more'),
      refused(1, 'start_time must be a time as HH:mm; end_time must be a time as HH:mm'),
      refused(2, 'emailId_level_two must be e-mail addresses separated by commas'),
      refused(3, 'Unknown column: colour'),
      refused(4, 'Alert_Name must be an alert type such as long_stoppage (the format lists them all)'),
      refused(5, 'enable_ticket must be true or false; Please enter CompanyId'),
      refused(6, 'CompanyId must be an id without spaces'),
      saved(7, '1003'),
      refused(8, 'CompanyId must be an id written as text; config_one must be written as text'),
      refused(9, "Each row must be an object keyed by the sheet's columns"),
    ]);
    expect(await stored()).toBe(before + 1);
  });

  it('names at most five unknown columns, each cut short, so an answer never echoes the body back', async () => {
    const row: Record<string, string> = { CompanyId: '1001', Alert_Name: 'untracked' };
    for (let i = 0; i < 150; i++) row[`${'x'.repeat(60)}${i}`] = 'y';
    const answer = await call('POST', SET, [row]);
    expect(answer.status).toBe(200);
    const shown = `${'x'.repeat(40)}…`;
    expect(answer.body.result.data).toEqual([
      refused(0, `Unknown column: ${[shown, shown, shown, shown, shown].join(', ')} and 145 more`),
    ]);
  });

  it("refuses an unknown company and another company's branch", async () => {
    const before = await stored();
    const answer = await call('POST', SET, [
      { CompanyId: '9999', Alert_Name: 'untracked' },
      { CompanyId: '1001', branchId: '3201', Alert_Name: 'untracked' },
      { CompanyId: '1001', branchId: '9999', Alert_Name: 'untracked' },
    ]);
    expect(answer).toMatchObject({
      status: 200,
      body: okWith(
        [
          refused(0, 'Company 9999 not found'),
          refused(1, 'Branch 3201 not found for company 1001'),
          refused(2, 'Branch 9999 not found for company 1001'),
        ],
        'Company 9999 not found',
      ),
    });
    expect(await stored()).toBe(before);
  });

  describe('allOrNone=true', () => {
    const ALL = `${ALERTS}/setAlerts?key=lego-console&allOrNone=true`;

    it('saves nothing when a row fails, and answers 400 naming each failed row', async () => {
      const before = await stored();
      const answer = await call('POST', ALL, [
        { CompanyId: '1003', Alert_Name: 'ewb_expiry', Buffer: 360 },
        { CompanyId: '1003', Alert_Name: 'ewb_expiry' },
        { CompanyId: '1003', Alert_Name: 'sta_breach' },
        { CompanyId: '1001', Alert_Name: 'detention' },
        { CompanyId: '1003', Alert_Name: 'sta_breach', Buffer: -1 },
      ]);
      expect(answer).toMatchObject({
        status: 400,
        body: dataFailure(`Row 2: ${EXISTS}; Row 4: ${EXISTS}; Row 5: Buffer must be a number of 0 or more`),
      });
      expect(await stored()).toBe(before);
      expect((await alerts('companyId=1003')).map((a) => a.featureKey)).not.toContain('ewb_expiry');
    });

    it('saves every row when all are good', async () => {
      const before = await stored();
      const answer = await call('POST', ALL, [
        { CompanyId: '1003', Alert_Name: 'ewb_expiry', Buffer: 360 },
        { CompanyId: '1003', branchId: '3302', Alert_Name: 'ewb_expiry', Buffer: 720 },
      ]);
      expect(answer.body).toEqual(
        okWith([saved(0, '1003'), saved(1, '1003')], 'Alert config set successfully for companyIds [ 1003 ]'),
      );
      expect(await stored()).toBe(before + 2);
    });
  });

  it('gives concurrent uploads of the same config one success; the other says it exists', async () => {
    const row = { CompanyId: '1003', branchId: '3303', Alert_Name: 'over_speeding', config_one: '80' };
    const answers = await Promise.all([call('POST', SET, [row]), call('POST', SET, [row]), call('POST', SET, [row])]);
    const statuses = answers.map((a) => a.body.result.data[0]);
    expect(statuses.filter((s) => s.status === 'Success')).toHaveLength(1);
    expect(statuses.filter((s) => s.status === 'Error').map((s) => s.message)).toEqual([EXISTS, EXISTS]);
  });

  // Only PostgreSQL has a second connection that can hold the row while the upload checks and inserts.
  it.runIf(backend.name === 'postgres').each([
    ['one by one', 'false', 'driver_change', { status: 200, body: okWith([refused(0, EXISTS)], EXISTS) }],
    ['all or none', 'true', 'trip_common_assets_ft', { status: 400, body: dataFailure(`Row 1: ${EXISTS}`) }],
  ] as const)(
    'maps a config stored meanwhile to the same message (%s)',
    async (_mode, allOrNone, alertName, expected) => {
      const held = await heldWrite(t.store, (q) =>
        q.query("insert into alert_configs (id, company_id, branch_id, feature_key) values ($1, '1003', '3303', $2)", [
          `alc_meanwhile_${allOrNone}`,
          alertName,
        ]),
      );
      const upload = call('POST', `${ALERTS}/setAlerts?allOrNone=${allOrNone}`, [
        { CompanyId: '1003', branchId: '3303', Alert_Name: alertName },
      ]);
      // The upload's insert waits on the unique index for the uncommitted row, then stores nothing.
      await held.commitOnceWaited();
      expect(await upload).toMatchObject(expected);
    },
  );

  it('answers 400 to a body that is not a list of 1 to 600 rows, saving nothing', async () => {
    const before = await stored();
    const row = (i: number) => ({
      CompanyId: '2001',
      branchId: '3401',
      Alert_Name: 'untracked',
      interrupted_auto_min: i,
    });
    const empty = { status: 400, body: dataFailure('No data to upload, upload a file or paste some data') };
    expect(await call('POST', SET, { CompanyId: '2001', Alert_Name: 'untracked' })).toMatchObject(empty);
    expect(await call('POST', SET, [])).toMatchObject(empty);
    expect(await call('POST', SET)).toMatchObject(empty);
    expect(
      await call(
        'POST',
        SET,
        Array.from({ length: 601 }, (_, i) => row(i)),
      ),
    ).toMatchObject({
      status: 400,
      body: dataFailure('At most 600 rows can be uploaded at once'),
    });
    expect(await stored()).toBe(before);
  });

  it('takes 600 rows at once, answering each in order', async () => {
    const before = await stored();
    const types = (await t.store.query<{ k: string }>('select feature_key as k from alert_types order by sort')).map(
      (r) => r.k,
    );
    const branches = await t.store.query<{ id: string; c: string }>(
      "select id, company_id as c from branches where company_id in ('2001', '2002', '2003') order by id",
    );
    expect(branches).toHaveLength(6);
    // 6 branches x 20 alert types = 120 distinct configs; the 480 rows after them repeat one and are refused.
    const rows = Array.from({ length: 600 }, (_, i) => {
      const branch = branches[i % 6];
      return { CompanyId: branch.c, branchId: branch.id, Alert_Name: types[Math.floor(i / 6) % 20], Buffer: i };
    });
    const answer = await call('POST', SET, rows);
    expect(answer.status).toBe(200);
    const results: { index: number; status: string; message?: string }[] = answer.body.result.data;
    expect(results.map((r) => r.index)).toEqual(rows.map((_, i) => i));
    expect(results.slice(0, 120).every((r) => r.status === 'Success')).toBe(true);
    expect(results.slice(120).every((r) => r.message === EXISTS)).toBe(true);
    expect(answer.body.result.message).toBe('Alert config set successfully for companyIds [ 2001, 2002, 2003 ]');
    expect(await stored()).toBe(before + 120);
  });

  it('wants the right key and a desk token', async () => {
    const before = await stored();
    const row = [{ CompanyId: '2001', Alert_Name: 'diversion' }];
    expect(await call('POST', `${ALERTS}/setAlerts?key=other`, row)).toMatchObject({
      status: 400,
      body: dataFailure('Invalid access key'),
    });
    expect(await t.call('POST', SET, row)).toMatchObject({
      status: 401,
      body: { success: false, message: ['Unauthorized'] },
    });
    expect(await t.call('POST', SET, [])).toMatchObject({ status: 401, body: { message: ['Unauthorized'] } });
    expect(await stored()).toBe(before);
  });

  it('seeding again adds nothing and leaves the seeded configs company-wide', async () => {
    const before = await stored();
    const { seed } = await import('../../server/seed/seed');
    await seed(t.store);
    expect(await stored()).toBe(before);
    const seeded = await t.store.query<{ branch_id: string | null }>(
      "select branch_id from alert_configs where id ~ '^alc_100[12]_'",
    );
    expect(seeded).toHaveLength(24);
    expect(seeded.every((r) => r.branch_id === null)).toBe(true);
  });
});
