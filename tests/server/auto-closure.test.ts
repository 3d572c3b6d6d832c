import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../server/seed/seed';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';
import { badId } from '../../schemas/messages';

const BASE = '/saas/data/autoclosure';
const save = (body: object) => ({ companyId: '1001', branchId: null, edit: false, ...body });

describe.each(BACKENDS)('auto closure on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('lists the company rules in the data envelope', async () => {
    const answer = await call('GET', `${BASE}/getAutoClosureList?companyId=1001&branchId=&departmentId=`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', result: { status: 1 } });
    const rows = answer.body.result.data;
    expect(rows.map((r: { id: string }) => r.id)).toEqual(
      ['acl_tsl_epod', 'acl_tsl_on_entry', 'acl_tsl_rule', 'acl_tsl_sta'].sort(),
    );
    expect(rows.find((r: { id: string }) => r.id === 'acl_tsl_rule')).toMatchObject({
      identifier: 'RULE_BASED',
      active: false,
      name: 'Closed at plant gate',
      firstFieldValue: ["'JSR-01'"],
    });
    expect((await call('GET', `${BASE}/getAutoClosureList?companyId=1001&branchId=3101`)).body.result.data).toEqual([]);
    expect(await call('GET', `${BASE}/getAutoClosureList`)).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
    expect(await call('GET', `${BASE}/getAutoClosureList?companyId=1001&key=wrong`)).toMatchObject({
      status: 400,
      body: dataFailure('Invalid access key'),
    });
    expect((await t.call('GET', `${BASE}/getAutoClosureList?companyId=1001`)).status).toBe(401);
  });

  it('reads one rule and the company custom fields', async () => {
    const rule = await call('GET', `${BASE}/getAutoClosureById?id=acl_tsl_sta&companyId=1001&branchId=`);
    expect(rule.body.result.data).toMatchObject({
      id: 'acl_tsl_sta',
      identifier: 'STA_BREACH',
      loading_time_buffer: 3600,
      minDistance: [0, 500],
    });
    const fields = await call('GET', `${BASE}/getCustomField?companyId=1001&branchId=`);
    expect(fields.body.result.data).toEqual([
      { fieldId: 'invoice_number', displayName: 'Invoice Number' },
      { fieldId: 'plant_code', displayName: 'Plant Code' },
    ]);
    expect((await call('GET', `${BASE}/getCustomField?companyId=1002`)).body.result.data).toEqual([]);
  });

  it("creates a rule of each type, keeping only that type's fields", async () => {
    const created = await call(
      'POST',
      `${BASE}/createAndUpdateAutoClosure`,
      save({ autoClosureType: 'ON_EXIT', companyName: 'Tata Steel', geofenceRadiusInMeter: 2500, lastMileMinutes: 9 }),
    );
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      status: 1,
      message: 'Auto Closure set successfully for companyIds [ 1001 ]',
    });
    const id = created.body.result.data.id;
    const stored = await t.store.one<{ identifier: string; config: object; branch_id: string | null }>(
      'select identifier, config, branch_id from auto_closure_rules where id = $1',
      [id],
    );
    expect(stored).toEqual({
      identifier: 'ON_EXIT',
      branch_id: null,
      config: { companyName: 'Tata Steel', geofenceRadiusInMeter: 2500 },
    });

    for (const body of [
      { autoClosureType: 'EPOD', threshold: 4 },
      { autoClosureType: 'CUSTOM', threshold: 1 },
      { autoClosureType: 'LAST_MILE', lastMileMinutes: 30 },
      {
        autoClosureType: 'STA_BREACH',
        loading_time_buffer: 60,
        unloading_time_buffer: 30,
        minDistance: [0, 100],
        maxDistance: [100, 900],
        transitTimeBuffers: [600, 1200],
      },
      {
        autoClosureType: 'RULE_BASED',
        threshold: 2,
        autoClosureRuleSubject: ['Invoice closed'],
        min_time_at_destination: [10],
        min_time_after_destination: [5],
        firstCustomValue: ['custom_values.invoice_number'],
        firstCustomOperator: ['!='],
        firstFieldValue: ["'NA'"],
      },
    ]) {
      expect(
        (await call('POST', `${BASE}/createAndUpdateAutoClosure`, { ...save(body), branchId: '3102' })).status,
      ).toBe(200);
    }
    const branch = (await call('GET', `${BASE}/getAutoClosureList?companyId=1001&branchId=3102`)).body.result.data;
    expect(branch.map((r: { identifier: string }) => r.identifier).sort()).toEqual([
      'CUSTOM',
      'EPOD',
      'LAST_MILE',
      'RULE_BASED',
      'STA_BREACH',
    ]);
  });

  it('rejects bad input per type and stores nothing', async () => {
    const before = await count(t.store, 'auto_closure_rules');
    const bad = async (body: object) =>
      (await call('POST', `${BASE}/createAndUpdateAutoClosure`, save(body))).body.result.message.split('; ');
    expect(await bad({ autoClosureType: undefined })).toEqual(['Please select auto closure type']);
    expect(await bad({ autoClosureType: 'SOMETHING' })).toEqual(['Please select auto closure type']);
    expect(await bad({ autoClosureType: 'ON_ENTRY', threshold: 2 })).toEqual([
      'Please enter company name',
      'Please enter geofence radius in meter',
    ]);
    expect(await bad({ autoClosureType: 'EPOD' })).toEqual(['Please enter threshold in days']);
    expect(await bad({ autoClosureType: 'CUSTOM', threshold: 'x' })).toEqual(['Please enter threshold in days']);
    expect(await bad({ autoClosureType: 'LAST_MILE' })).toEqual(['Please enter last mile minutes']);
    expect(
      await bad({ autoClosureType: 'STA_BREACH', minDistance: [0], maxDistance: [5], transitTimeBuffers: [1] }),
    ).toEqual(['Please enter loading time buffer in seconds', 'Please enter unloading time buffer in minutes']);
    expect(
      await bad({
        autoClosureType: 'STA_BREACH',
        loading_time_buffer: 1,
        unloading_time_buffer: 1,
        minDistance: [0, 1],
        maxDistance: [5],
        transitTimeBuffers: [1, 2],
      }),
    ).toEqual(['Every row needs all its values']);
    const rule = {
      autoClosureType: 'RULE_BASED',
      threshold: 1,
      autoClosureRuleSubject: ['x'],
      min_time_at_destination: [1],
      min_time_after_destination: [1],
      firstCustomValue: ['driver_name'],
      firstCustomOperator: ['=='],
      firstFieldValue: ["'Ravi'"],
    };
    expect(await bad({ ...rule, autoClosureRuleSubject: [' '], min_time_at_destination: ['a'] })).toEqual([
      'Blank spaces not allowed',
      'Please Enter Time In Min',
    ]);
    expect(await bad({ ...rule, firstCustomOperator: ['>'], firstFieldValue: ['Ravi'] })).toEqual([
      'Please select operator',
      "Field values must be wrapped in single quotes, e.g. 'x'",
    ]);
    expect(await bad({ ...rule, firstFieldValue: ["''"] })).toEqual(['Please enter field value']);
    expect(await bad({ ...rule, firstFieldValue: ["' '"] })).toEqual(['Please enter field value']);
    expect(
      await bad({
        ...rule,
        secondCustomValue: ['driver_name'],
        secondCustomOperator: ['=='],
        secondFieldValue: ['Ravi'],
        joinOperator: ['&&'],
      }),
    ).toEqual(["Field values must be wrapped in single quotes, e.g. 'x'"]);
    expect(await bad({ ...rule, firstCustomValue: ['custom_values.unknown'] })).toEqual([
      'Please select a valid custom value',
    ]);
    expect(await bad({ ...rule, firstCustomValue: ['password'] })).toEqual(['Please select a valid custom value']);
    expect(await bad({ ...rule, companyId: '' })).toEqual(['Select a company to continue']);
    expect(await count(t.store, 'auto_closure_rules')).toBe(before);
  });

  it('wants whole days of threshold and a geofence and last mile above 0, storing nothing', async () => {
    const before = await count(t.store, 'auto_closure_rules');
    const bad = async (body: object) =>
      (await call('POST', `${BASE}/createAndUpdateAutoClosure`, save(body))).body.result.message;
    expect(await bad({ autoClosureType: 'EPOD', threshold: 1.5 })).toBe('Please enter whole days');
    expect(
      await bad({
        autoClosureType: 'ON_ENTRY',
        companyName: 'Tata Steel',
        threshold: 0.5,
        geofenceRadiusInMeter: 3000,
      }),
    ).toBe('Please enter whole days');
    expect(await bad({ autoClosureType: 'CUSTOM', threshold: -1 })).toBe('Please enter a number of 0 or more');
    expect(await bad({ autoClosureType: 'ON_EXIT', companyName: 'Tata Steel', geofenceRadiusInMeter: 0 })).toBe(
      'Please enter a number greater than 0',
    );
    expect(await bad({ autoClosureType: 'ON_EXIT', companyName: 'Tata Steel', geofenceRadiusInMeter: -5 })).toBe(
      'Please enter a number greater than 0',
    );
    expect(await bad({ autoClosureType: 'LAST_MILE', lastMileMinutes: 0 })).toBe(
      'Please enter a number greater than 0',
    );
    expect(await bad({ autoClosureType: 'LAST_MILE', lastMileMinutes: 'soon' })).toBe('Please enter last mile minutes');
    expect(await count(t.store, 'auto_closure_rules')).toBe(before);
    // Company 1001 has an EPOD rule already (one per type and scope): a branch's own.
    expect(
      (
        await call('POST', `${BASE}/createAndUpdateAutoClosure`, {
          ...save({ autoClosureType: 'EPOD', threshold: 0 }),
          branchId: '3101',
        })
      ).status,
    ).toBe(200);
  });

  it('updates a rule but never its type', async () => {
    const update = { autoClosureType: 'EPOD', threshold: 9, edit: true, customerConfigId: 'acl_tsl_epod' };
    // An edit answers the same words as a create, naming the company.
    expect((await call('POST', `${BASE}/createAndUpdateAutoClosure`, save(update))).body.result).toMatchObject({
      status: 1,
      data: { id: 'acl_tsl_epod', companyIds: ['1001'] },
      message: 'Auto Closure set successfully for companyIds [ 1001 ]',
    });
    expect(
      (await call('GET', `${BASE}/getAutoClosureById?id=acl_tsl_epod&companyId=1001`)).body.result.data,
    ).toMatchObject({ identifier: 'EPOD', threshold: 9 });
    expect(
      await call('POST', `${BASE}/createAndUpdateAutoClosure`, save({ ...update, autoClosureType: 'CUSTOM' })),
    ).toMatchObject({ status: 400, body: dataFailure('Auto closure type cannot be changed') });
    expect(
      await call('POST', `${BASE}/createAndUpdateAutoClosure`, save({ ...update, customerConfigId: undefined })),
    ).toMatchObject({ status: 400 });
    // An empty id names no rule: refused by its schema before any read.
    expect(
      await call('POST', `${BASE}/createAndUpdateAutoClosure`, save({ ...update, customerConfigId: '' })),
    ).toMatchObject({ status: 400, body: dataFailure(badId('customerConfigId')) });
  });

  it('toggles a rule on and off', async () => {
    const toggle = () =>
      call('POST', `${BASE}/toggleAutoClosure?companyId=1001`, { customerConfigId: 'acl_tsl_on_entry' });
    expect((await toggle()).body.result).toMatchObject({ status: 1, data: { active: false } });
    expect((await toggle()).body.result).toMatchObject({ status: 1, data: { active: true } });
    expect(await call('POST', `${BASE}/toggleAutoClosure?companyId=1001`, {})).toMatchObject({
      status: 400,
      body: dataFailure('Please select a configuration'),
    });
  });

  it('seeds idempotently: a second run adds and changes nothing', async () => {
    const before = await t.store.query('select id, active, config from auto_closure_rules order by id');
    const fields = await count(t.store, 'company_custom_fields');
    expect(fields).toBe(2);
    await seed(t.store);
    expect(await t.store.query('select id, active, config from auto_closure_rules order by id')).toEqual(before);
    expect(await count(t.store, 'company_custom_fields')).toBe(fields);
  });

  it("answers 404 for another company's rule and changes nothing", async () => {
    const before = await t.store.one("select active, config from auto_closure_rules where id = 'acl_hul_last_mile'");
    expect(await call('GET', `${BASE}/getAutoClosureById?id=acl_hul_last_mile&companyId=1001`)).toMatchObject({
      status: 404,
      body: dataFailure('Not found'),
    });
    expect(
      (await call('POST', `${BASE}/toggleAutoClosure?companyId=1001`, { customerConfigId: 'acl_hul_last_mile' }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          'POST',
          `${BASE}/createAndUpdateAutoClosure`,
          save({ autoClosureType: 'LAST_MILE', lastMileMinutes: 1, edit: true, customerConfigId: 'acl_hul_last_mile' }),
        )
      ).status,
    ).toBe(404);
    expect((await call('GET', `${BASE}/getAutoClosureList?companyId=1001&branchId=3201`)).status).toBe(404);
    expect(await t.store.one("select active, config from auto_closure_rules where id = 'acl_hul_last_mile'")).toEqual(
      before,
    );
  });
});
