/**
 * Rules an operator expects (issue 10, point 3): STA breach bands are sound, one auto closure rule and one alert
 * config per type and scope, and adding a vehicle or material the scope has is refused, each adding nothing, also
 * when two requests race.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_CLOSURE_TEXT } from '../../schemas/auto-closure';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';

const AUTO = '/saas/data/autoclosure/createAndUpdateAutoClosure';
const SET_ALERTS =
  '/saas/data/automation/setAlerts?key=lego-console&allOrNone=false&companyId=1003&branchId=&departmentId=';
const HUL = 'c=1002&b=3201&d=32011&t=CONSIGNOR';

/** An STA breach rule of company 1001 (branch 3101 unless given) with these bands as [min, max]. */
const staBreach = (bands: [number, number][], branchId: string | null = '3101') => ({
  companyId: '1001',
  branchId,
  edit: false,
  autoClosureType: 'STA_BREACH',
  loading_time_buffer: 60,
  unloading_time_buffer: 30,
  minDistance: bands.map(([min]) => min),
  maxDistance: bands.map(([, max]) => max),
  transitTimeBuffers: bands.map(() => 600),
});

describe.each(BACKENDS)('rules an operator expects on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('refuses an STA breach band whose max distance is not above its min, and overlapping bands, storing nothing', async () => {
    const before = await count(t.store, 'auto_closure_rules');
    expect(await call('POST', AUTO, staBreach([[500, 100]]))).toMatchObject({
      status: 400,
      body: dataFailure(AUTO_CLOSURE_TEXT.bandOrder),
    });
    expect(
      await call(
        'POST',
        AUTO,
        staBreach([
          [0, 500],
          [700, 700],
        ]),
      ),
    ).toMatchObject({ status: 400, body: dataFailure('Max distance must be greater than min distance') });
    expect(
      await call(
        'POST',
        AUTO,
        staBreach([
          [0, 500],
          [400, 900],
        ]),
      ),
    ).toMatchObject({ status: 400, body: dataFailure('Distance bands must not overlap') });
    expect(
      await call(
        'POST',
        AUTO,
        staBreach([
          [600, 900],
          [0, 1000],
        ]),
      ),
    ).toMatchObject({ status: 400, body: dataFailure(AUTO_CLOSURE_TEXT.bandsOverlap) });
    expect(await count(t.store, 'auto_closure_rules')).toBe(before);
    // Touching bands, in any order, are fine.
    expect(
      (
        await call(
          'POST',
          AUTO,
          staBreach([
            [500, 2000],
            [0, 500],
          ]),
        )
      ).status,
    ).toBe(200);
    expect(await count(t.store, 'auto_closure_rules')).toBe(before + 1);
  });

  it('checks the bands of an edit too', async () => {
    const edit = {
      ...staBreach(
        [
          [0, 500],
          [100, 200],
        ],
        null,
      ),
      edit: true,
      customerConfigId: 'acl_tsl_sta',
    };
    expect(await call('POST', AUTO, edit)).toMatchObject({
      status: 400,
      body: dataFailure(AUTO_CLOSURE_TEXT.bandsOverlap),
    });
    expect(
      (await t.store.one<{ config: { maxDistance: number[] } }>(
        "select config from auto_closure_rules where id = 'acl_tsl_sta'",
      ))!.config.maxDistance,
    ).toEqual([500, 2000]);
  });

  it('refuses a second auto closure rule of a type for the same company or branch', async () => {
    const before = await count(t.store, 'auto_closure_rules');
    // The seed has an EPOD rule for the whole of company 1001.
    const epod = { companyId: '1001', branchId: null, edit: false, autoClosureType: 'EPOD', threshold: 3 };
    expect(await call('POST', AUTO, epod)).toMatchObject({
      status: 409,
      body: dataFailure('An auto closure rule of this type already exists, edit it instead'),
    });
    expect(await count(t.store, 'auto_closure_rules')).toBe(before);
    // A branch may have its own, once.
    expect((await call('POST', AUTO, { ...epod, branchId: '3102' })).status).toBe(200);
    expect(await call('POST', AUTO, { ...epod, branchId: '3102', threshold: 8 })).toMatchObject({
      status: 409,
      body: dataFailure(AUTO_CLOSURE_TEXT.exists),
    });
    expect(await count(t.store, 'auto_closure_rules')).toBe(before + 1);
    // Editing the existing one still works.
    expect(
      (await call('POST', AUTO, { ...epod, threshold: 6, edit: true, customerConfigId: 'acl_tsl_epod' })).status,
    ).toBe(200);
  });

  it('stores one of two concurrent creates of the same auto closure type', async () => {
    const before = await count(t.store, 'auto_closure_rules');
    const custom = { companyId: '1001', branchId: null, edit: false, autoClosureType: 'CUSTOM', threshold: 2 };
    const answers = await Promise.all([call('POST', AUTO, custom), call('POST', AUTO, { ...custom, threshold: 4 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toEqual(dataFailure(AUTO_CLOSURE_TEXT.exists));
    expect(await count(t.store, 'auto_closure_rules')).toBe(before + 1);
  });

  it('refuses a second alert config of an alert for a company, from the add form (a one-row upload) and concurrently', async () => {
    const row = {
      CompanyId: '1003',
      branchId: '3303',
      Alert_Name: 'night_driving',
      start_time: '22:00',
      end_time: '05:00',
    };
    const first = await call('POST', SET_ALERTS, [row]);
    expect(first.body.result.data[0]).toMatchObject({ status: 'Success' });
    const before = await count(t.store, 'alert_configs');
    const again = await call('POST', SET_ALERTS, [{ ...row, start_time: '23:00' }]);
    expect(again.body.result.data[0]).toMatchObject({ status: 'Error', message: 'Alert config already exists' });
    expect(again.body.result.message).toBe('Alert config already exists');
    expect(await count(t.store, 'alert_configs')).toBe(before);

    const racing = { CompanyId: '1003', Alert_Name: 'over_speeding' };
    const answers = await Promise.all([call('POST', SET_ALERTS, [racing]), call('POST', SET_ALERTS, [racing])]);
    expect(answers.map((a) => a.body.result.data[0].status).sort()).toEqual(['Error', 'Success']);
    expect(await count(t.store, 'alert_configs')).toBe(before + 1);
  });

  it('refuses adding a material the scope has, by name ignoring case or by master material, adding nothing', async () => {
    const create = (body: object) => call('POST', `/saas/lego/company_materials/create?${HUL}`, body);
    expect((await create({ label: 'Shampoo Bottles' })).status).toBe(200);
    expect((await create({ ftMaterialId: 'mm-cement-bags' })).status).toBe(200);
    const before = await count(t.store, 'company_materials');
    const refused = { status: 409, body: { success: false, data: null, message: ['Material already exists'] } };
    expect(await create({ label: ' shampoo BOTTLES ' })).toMatchObject(refused);
    expect(await create({ ftMaterialId: 'mm-cement-bags' })).toMatchObject(refused);
    expect(await create({ label: 'cement bags' })).toMatchObject(refused);
    expect(await count(t.store, 'company_materials')).toBe(before);

    const answers = await Promise.all([create({ label: 'Soap Cartons' }), create({ label: 'SOAP CARTONS' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await count(t.store, 'company_materials')).toBe(before + 1);
  });

  it('refuses adding a vehicle the scope has, adding nothing', async () => {
    const create = (body: object) => call('POST', `/saas/lego/company_vehicles/create?${HUL}`, body);
    expect((await create({ ftVehicleId: 'sv-container-20ft-10mt' })).status).toBe(200);
    expect((await create({ label: 'Tipper 10 wheel' })).status).toBe(200);
    const before = await count(t.store, 'company_vehicles');
    const refused = { status: 409, body: { success: false, data: null, message: ['Vehicle already exists'] } };
    expect(await create({ ftVehicleId: 'sv-container-20ft-10mt' })).toMatchObject(refused);
    expect(await create({ label: 'TIPPER 10 WHEEL' })).toMatchObject(refused);
    expect(await count(t.store, 'company_vehicles')).toBe(before);

    const answers = await Promise.all([create({ label: 'Reefer 32 ft' }), create({ label: 'reefer 32 FT' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await count(t.store, 'company_vehicles')).toBe(before + 1);
  });
});
