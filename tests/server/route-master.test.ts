import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MASTER_TAKEN } from '../../schemas/route-master';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR&pt=TRANSPORTER';
const entry = {
  partnerId: '2001',
  validFrom: Date.parse('2026-07-01T00:00:00+05:30'),
  vehicleId: 'veh_tsl_trailer40',
  materialId: 'mat_tsl_tmt',
  loadType: 'FTL',
  data: [
    { key: 'ROUTE_COST', value: 52000, unit: 'TRUCK' },
    { key: 'UNLOADING_DETENTION_COST', value: 3000, unit: 'DAY' },
  ],
};

describe.each(BACKENDS)('route master on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('lists the freight rates with names', async () => {
    const rates = (await call('GET', `/saas/lego/company_routes_master/fetch?${TATA}`)).body.data;
    expect(rates).toContainEqual(
      expect.objectContaining({
        id: 'rm_tsl_1',
        partnerId: '2001',
        partnerName: 'VRL Logistics Limited',
        routeId: 'rt_tsl_jsr_ccu',
        routeLabel: 'Jamshedpur - Kolkata',
        vehicleType: 'Open 22 ft 15 MT',
        materialType: 'Steel Coils',
        validFrom: Date.parse('2026-04-01T00:00:00+05:30'),
        loadType: 'FTL',
      }),
    );
    expect(rates[0].data[0]).toEqual({ key: 'ROUTE_COST', value: expect.any(Number), unit: expect.any(String) });
    expect(
      (await call('GET', '/saas/lego/company_routes_master/fetch?c=1002&t=CONSIGNOR&pt=TRANSPORTER')).body.data
        .map((r: { id: string }) => r.id)
        .sort(),
    ).toEqual(['rm_hul_1', 'rm_hul_2']);
  });

  it('creates an entry and lists it first', async () => {
    const res = await call('POST', `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_rou`, entry);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toMatch(/^rm_/);
    const [first] = (await call('GET', `/saas/lego/company_routes_master/fetch?${TATA}`)).body.data;
    expect(first).toEqual({
      id: res.body.data.id,
      partnerId: '2001',
      partnerName: 'VRL Logistics Limited',
      routeId: 'rt_tsl_jsr_rou',
      routeLabel: 'Jamshedpur - Rourkela',
      vehicleId: 'veh_tsl_trailer40',
      vehicleType: 'Trailer 40 ft 28 MT',
      materialId: 'mat_tsl_tmt',
      materialType: 'TMT Bars',
      validFrom: entry.validFrom,
      loadType: 'FTL',
      data: entry.data,
      branchId: '3101',
    });
  });

  it('refuses a second rate for the same route, transporter, vehicle, material and date in the scope with 409', async () => {
    const url = `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_rou`;
    const before = await count(t.store, 'route_master');
    const taken = { status: 409, body: { success: false, data: null, message: [ROUTE_MASTER_TAKEN] } };
    // Stored by the test above; other costs do not make it another rate.
    expect(await call('POST', url, entry)).toMatchObject(taken);
    expect(await call('POST', url, { ...entry, data: [{ key: 'ROUTE_COST', value: 1, unit: 'TON' }] })).toMatchObject(
      taken,
    );
    // The seeded rate of Jamshedpur - Kolkata (rm_tsl_1).
    const seeded = {
      ...entry,
      vehicleId: 'veh_tsl_open22',
      materialId: 'mat_tsl_coils',
      validFrom: Date.parse('2026-04-01T00:00:00+05:30'),
    };
    expect(
      await call('POST', `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_ccu`, seeded),
    ).toMatchObject(taken);
    expect(await count(t.store, 'route_master')).toBe(before);
    // Another date, transporter, vehicle or material is another rate; so is the same rate of another department.
    for (const other of [
      { validFrom: entry.validFrom + 86_400_000 },
      { partnerId: '2002' },
      { vehicleId: 'veh_tsl_open22' },
      { materialId: 'mat_tsl_coils' },
    ]) {
      expect((await call('POST', url, { ...entry, ...other })).status, JSON.stringify(other)).toBe(200);
    }
    expect(
      (
        await call(
          'POST',
          `/saas/lego/company_routes_master/create?c=1001&b=3101&t=CONSIGNOR&pt=TRANSPORTER&routeId=rt_tsl_jsr_rou`,
          entry,
        )
      ).status,
    ).toBe(200);
    expect(await count(t.store, 'route_master')).toBe(before + 5);
    // Two identical creates at once: one is stored.
    const race = { ...entry, validFrom: entry.validFrom + 2 * 86_400_000 };
    expect((await Promise.all([call('POST', url, race), call('POST', url, race)])).map((a) => a.status).sort()).toEqual(
      [200, 409],
    );
  });

  it('rejects bad entries with the form texts and stores nothing', async () => {
    const before = await count(t.store, 'route_master');
    const url = `/saas/lego/company_routes_master/create?${TATA}&routeId=rt_tsl_jsr_rou`;
    expect(
      await call('POST', url, { ...entry, data: [{ key: 'LOADING_FEE', value: 10, unit: 'FIXED' }] }),
    ).toMatchObject({ status: 400, body: { message: ['Please enter freight cost'] } });
    expect(await call('POST', url, { ...entry, data: [{ key: 'ROUTE_COST', value: 0, unit: 'TON' }] })).toMatchObject({
      status: 400,
      body: { message: ['Please enter a number greater than 0'] },
    });
    expect(await call('POST', url, { ...entry, data: [{ key: 'ROUTE_COST', value: 10, unit: 'DAY' }] })).toMatchObject({
      status: 400,
      body: { message: ['Please select unit'] },
    });
    expect(await call('POST', url, { ...entry, loadType: 'PTL' })).toMatchObject({
      status: 400,
      body: { message: ['Load type must be FTL'] },
    });
    expect(await call('POST', url, {})).toMatchObject({
      status: 400,
      body: { message: expect.arrayContaining(['Please select transporter', 'Please select vehicle type']) },
    });
    expect(await call('POST', `/saas/lego/company_routes_master/create?${TATA}`, entry)).toMatchObject({
      status: 400,
      body: { message: ['Please select route'] },
    });
    expect(await count(t.store, 'route_master')).toBe(before);
  });

  it("answers 404 when the route, partner, vehicle or material is not the company's", async () => {
    const before = await count(t.store, 'route_master');
    const url = (routeId: string) => `/saas/lego/company_routes_master/create?${TATA}&routeId=${routeId}`;
    for (const [routeId, body] of [
      ['rt_hul_bhw_ckn', entry], // HUL's route
      ['rt_tsl_jsr_rou', { ...entry, partnerId: '2003' }], // Gati is not a Tata Steel partner
      ['rt_tsl_jsr_rou', { ...entry, partnerId: '1002' }], // a company, but not a transporter partner
      ['rt_tsl_jsr_rou', { ...entry, vehicleId: 'veh_hul_closed32' }],
      ['rt_tsl_jsr_rou', { ...entry, materialId: 'mat_hul_fmcg' }],
    ] as const) {
      expect(await call('POST', url(routeId), body), `${routeId} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({
        status: 404,
        body: { message: ['Not found'] },
      });
    }
    expect(await count(t.store, 'route_master')).toBe(before);
  });
});
