import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCalls, fullPath, SERVICE_BASES } from '../../schemas/api';
import type { AuditEntry } from '../../schemas/audit';
import { SETTINGS_MSG } from '../../schemas/feature-settings';
import { BACKENDS, bootFresh, count, heldWrite, type Call, type TestApp } from './helper';

/** The settings calls (API.md "Settings"): map view, trip alerts (last mile), ETA preferences; validated and scoped. */

const FP = '/v1/lego/feature-permission';
const ETA = '/v1/lego/eta/preferences';

describe.each(BACKENDS)('settings on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('stores the map view per company, branch and department and answers extraContext as a JSON string', async () => {
    const saved = await call('POST', `${FP}/map_view/add`, {
      companyId: '1001',
      branchId: '3101',
      departmentId: '31011',
      extraContext: { join_locations_with_arrow: true, show_trail: false },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, data: null, message: [] });
    const read = await call('GET', `${FP}/map_view/get?companyId=1001&branchId=3101&departmentId=31011`);
    expect(read.body.data).toHaveLength(1);
    expect(typeof read.body.data[0].extraContext).toBe('string');
    expect(JSON.parse(read.body.data[0].extraContext)).toEqual({ join_locations_with_arrow: true, show_trail: false });
    // The company-wide record is another one: the demo seed's.
    const company = (await call('GET', `${FP}/map_view/get?companyId=1001`)).body.data;
    expect(company.map((row: { extraContext: string }) => JSON.parse(row.extraContext))).toEqual([
      { join_locations_with_arrow: false, show_trail: true },
    ]);
    // A save replaces the two flags.
    await call('POST', `${FP}/map_view/add`, {
      companyId: 1001,
      branchId: 3101,
      departmentId: 31011,
      extraContext: { show_trail: true },
    });
    const again = await call('GET', `${FP}/map_view/get?companyId=1001&branchId=3101&departmentId=31011`);
    expect(JSON.parse(again.body.data[0].extraContext)).toEqual({ show_trail: true });
  });

  it("keeps a department named without its branch as that branch's department", async () => {
    const body = { companyId: '1001', departmentId: '31012', extraContext: { show_trail: false } };
    expect((await call('POST', `${FP}/map_view/add`, body)).status).toBe(200);
    const read = (await call('GET', `${FP}/map_view/get?companyId=1001&departmentId=31012`)).body.data;
    expect(read).toMatchObject([{ companyId: '1001', branchId: '3101', departmentId: '31012' }]);
    expect((await call('GET', `${FP}/map_view/get?companyId=1001&branchId=3101&departmentId=31012`)).body.data).toEqual(
      read,
    );
  });

  it("saves the last mile threshold and keeps the record's other extraContext keys", async () => {
    await call('POST', `${FP}/tripAlerts/add`, {
      companyId: '1002',
      extraContext: { lastMileThreshold: 10, nightDriving: { from: '22:00' }, keep: 'me' },
    });
    const saved = await call('POST', `${FP}/tripAlerts/add`, {
      companyId: '1002',
      extraContext: { lastMileThreshold: 42 },
    });
    expect(saved.status).toBe(200);
    const read = await call('GET', `${FP}/tripAlerts/get?companyId=1002`);
    expect(JSON.parse(read.body.data[0].extraContext)).toEqual({
      lastMileThreshold: 42,
      nightDriving: { from: '22:00' },
      keep: 'me',
    });
  });

  it('refuses a last mile threshold out of 1 to 100, not whole, or missing, changing nothing', async () => {
    const before = await count(t.store, 'feature_settings');
    for (const bad of [0, 101, 12.5, '12', null]) {
      const answer = await call('POST', `${FP}/tripAlerts/add`, {
        companyId: '1002',
        extraContext: { lastMileThreshold: bad },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toContain(SETTINGS_MSG.lastMile);
    }
    const missing = await call('POST', `${FP}/tripAlerts/add`, { companyId: '1002', extraContext: { other: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain(SETTINGS_MSG.required);
    expect(
      (await call('POST', `${FP}/tripAlerts/add`, { extraContext: { lastMileThreshold: 5 } })).body.message,
    ).toContain('Select a company to continue');
    expect((await call('POST', `${FP}/tripAlerts/add`, [1, 2])).status).toBe(400);
    expect(
      (
        await call('POST', `${FP}/tripAlerts/add`, {
          companyId: 'x'.repeat(65),
          extraContext: { lastMileThreshold: 5 },
        })
      ).status,
    ).toBe(400);
    expect(await count(t.store, 'feature_settings')).toBe(before);
    expect(
      JSON.parse((await call('GET', `${FP}/tripAlerts/get?companyId=1002`)).body.data[0].extraContext)
        .lastMileThreshold,
    ).toBe(42);
  });

  it('refuses a map view with other keys or non-boolean flags', async () => {
    expect(
      (await call('POST', `${FP}/map_view/add`, { companyId: '1001', extraContext: { show_trail: 'yes' } })).status,
    ).toBe(400);
    expect(
      (await call('POST', `${FP}/map_view/add`, { companyId: '1001', extraContext: { other: true } })).status,
    ).toBe(400);
    expect(
      (await call('POST', `${FP}/map_view/add`, { companyId: '1001', extraContext: '{"show_trail":true}' })).status,
    ).toBe(400);
  });

  it('answers 404 for unknown companies and a branch or department of another company, storing nothing', async () => {
    const before = await count(t.store, 'feature_settings');
    expect(
      (await call('POST', `${FP}/map_view/add`, { companyId: '999999', extraContext: { show_trail: true } })).status,
    ).toBe(404);
    // Branch 3201 is Hindustan Unilever's, not Tata Steel's; department 32011 too.
    expect(
      (
        await call('POST', `${FP}/map_view/add`, {
          companyId: '1001',
          branchId: '3201',
          extraContext: { show_trail: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('POST', `${FP}/tripAlerts/add`, {
          companyId: '1001',
          branchId: '3101',
          departmentId: '32011',
          extraContext: { lastMileThreshold: 3 },
        })
      ).status,
    ).toBe(404);
    expect((await call('GET', `${FP}/map_view/get?companyId=1001&branchId=3201`)).status).toBe(404);
    expect((await call('GET', `${FP}/tripAlerts/get?companyId=999999`)).status).toBe(404);
    expect((await call('POST', `${ETA}/add`, { companyId: '999999', engineSetting: { avgSpeed: 30 } })).status).toBe(
      404,
    );
    expect((await call('GET', `${ETA}/get?companyId=999999`)).status).toBe(404);
    expect(await count(t.store, 'feature_settings')).toBe(before);
  });

  it('stores ETA preferences in the SpeedBasedTransformer engine; a value not sent keeps the stored one', async () => {
    expect((await call('GET', `${ETA}/get?companyId=1003`)).body.data).toEqual([]);
    expect(
      (await call('POST', `${ETA}/add`, { companyId: '1003', engineSetting: { minDistance: 50, avgSpeed: 32.5 } }))
        .status,
    ).toBe(200);
    expect((await call('POST', `${ETA}/add`, { companyId: '1003', engineSetting: { avgSpeed: 40 } })).status).toBe(200);
    const read = await call('GET', `${ETA}/get?companyId=1003`);
    expect(typeof read.body.data[0].engineSetting).toBe('string');
    expect(JSON.parse(read.body.data[0].engineSetting)).toEqual({
      engines: [{ id: 'SpeedBasedTransformer', param: { minDistance: 50, avgSpeed: 40 } }],
    });
    // The scope the other settings screens send is taken (the company's one record is saved); another company's
    // branch is not found.
    const scoped = { companyId: '1003', branchId: null, departmentId: null, engineSetting: { avgSpeed: 41 } };
    expect((await call('POST', `${ETA}/add`, scoped)).status).toBe(200);
    expect((await call('POST', `${ETA}/add`, { ...scoped, branchId: '3201' })).status).toBe(404);
  });

  it('refuses ETA values out of range, and a save with neither value', async () => {
    const cases: [unknown, string][] = [
      [{ minDistance: 19 }, SETTINGS_MSG.minDistance],
      [{ minDistance: 401 }, SETTINGS_MSG.minDistance],
      [{ minDistance: '50' }, SETTINGS_MSG.minDistance],
      [{ avgSpeed: 2.9 }, SETTINGS_MSG.avgSpeed],
      [{ avgSpeed: 60.1 }, SETTINGS_MSG.avgSpeed],
      [{}, SETTINGS_MSG.etaNeedsOne],
    ];
    for (const [engineSetting, message] of cases) {
      const answer = await call('POST', `${ETA}/add`, { companyId: '1003', engineSetting });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await call('POST', `${ETA}/add`, { companyId: '1003' })).body.message).toContain(SETTINGS_MSG.etaNeedsOne);
    expect(
      JSON.parse((await call('GET', `${ETA}/get?companyId=1003`)).body.data[0].engineSetting).engines[0].param,
    ).toEqual({ minDistance: 50, avgSpeed: 41 });
  });

  it('refuses a feature it does not keep, and saves of one new setting at once make one record', async () => {
    expect((await call('GET', `${FP}/night_mode/get?companyId=1001`)).status).toBe(400);
    const other = await call('POST', `${FP}/night_mode/add`, { companyId: '1001', extraContext: {} });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain('The feature must be one of map_view, tripAlerts');
    // Hindustan Unilever's branch 3201 has no trip alert setting yet: three desks save one together.
    const sent = (threshold: number) => ({
      companyId: '1002',
      branchId: '3201',
      extraContext: { lastMileThreshold: threshold },
    });
    const saved = await Promise.all(
      [5, 6, 7].map((threshold) => call('POST', `${FP}/tripAlerts/add`, sent(threshold))),
    );
    expect(saved.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const read = (await call('GET', `${FP}/tripAlerts/get?companyId=1002&branchId=3201`)).body.data;
    expect(read).toHaveLength(1);
    expect([5, 6, 7]).toContain(JSON.parse(read[0].extraContext).lastMileThreshold);
    expect(read[0]).toMatchObject({ companyId: '1002', branchId: '3201', departmentId: null });
  });

  // Only PostgreSQL has a second connection that can make the record while the save checks and inserts.
  it.runIf(backend.name === 'postgres')(
    'changes a setting a copy made meanwhile (a write without its lock) instead of failing',
    async () => {
      const held = await heldWrite(t.store, (q) =>
        q.query(
          `insert into feature_settings (company_id, branch_id, feature, extra_context)
           values ('1002', '3203', 'tripAlerts', '{"lastMileThreshold": 3, "keep": 1}')`,
        ),
      );
      const save = call('POST', `${FP}/tripAlerts/add`, {
        companyId: '1002',
        branchId: '3203',
        extraContext: { lastMileThreshold: 8 },
      });
      // The save's insert waits on the unique index for the uncommitted row, then changes it.
      await held.commitOnceWaited();
      expect((await save).status).toBe(200);
      const read = (await call('GET', `${FP}/tripAlerts/get?companyId=1002&branchId=3203`)).body.data;
      expect(read.map((row: { extraContext: string }) => JSON.parse(row.extraContext))).toEqual([
        { lastMileThreshold: 8, keep: 1 },
      ]);
    },
  );

  it('records each save in the audit log, its fields in words', async () => {
    const rows = await t.store.query<{ object_type: string }>(
      "select object_type from audit_log where object_type in ('feature_setting', 'eta_preference')",
    );
    expect(new Set(rows.map((r) => r.object_type))).toEqual(new Set(['feature_setting', 'eta_preference']));
    const log = await call(
      'GET',
      `${fullPath(auditCalls.list, SERVICE_BASES)}?c=1002&t=CONSIGNOR&objectType=feature_setting`,
    );
    const changed = log.body.data.rows.find((entry: AuditEntry) => entry.action === 'update');
    expect(changed.changes).toContainEqual(
      expect.objectContaining({ field: 'extra_context.lastMileThreshold', label: 'Settings › lastMileThreshold' }),
    );
  });
});
