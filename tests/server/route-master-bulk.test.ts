import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MASTER_TAKEN } from '../../schemas/route-master';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR&pt=TRANSPORTER';
const URL_TATA = `/saas/lego/company_routes_master/bulk_create?${TATA}`;
const row = (over: Record<string, unknown> = {}) => ({
  routeId: 'rt_tsl_jsr_rou',
  partnerId: '2001',
  vehicleId: 'veh_tsl_trailer40',
  materialId: 'mat_tsl_tmt',
  validFrom: Date.parse('2026-08-01T00:00:00+05:30'),
  loadType: 'FTL',
  data: [
    { key: 'ROUTE_COST', value: 41000, unit: 'FIXED' },
    { key: 'STANDARD_TRANSIT_TIME', value: 720, unit: 'FIXED' },
  ],
  ...over,
});

type Entry = {
  id: string;
  routeId: string;
  partnerId: string;
  vehicleId: string;
  materialId: string;
  validFrom: number;
  data: unknown[];
};

describe.each(BACKENDS)('route master bulk create on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  const entries = async (): Promise<Entry[]> =>
    (await call('GET', `/saas/lego/company_routes_master/fetch?${TATA}`)).body.data;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('stores good rows and answers each row in order, a bad row spoiling nothing', async () => {
    const before = await count(t.store, 'route_master');
    const res = await call('POST', URL_TATA, [
      row(),
      row({ data: [{ key: 'LOADING_FEE', value: 10, unit: 'FIXED' }] }),
      row({
        routeId: 'rt_tsl_jsr_ccu',
        partnerId: '2002',
        data: [
          { key: 'ROUTE_COST', value: 900, unit: 'FIXED' },
          { key: 'LOADING_FEE', value: 150, unit: 'FIXED' },
        ],
      }),
      row({ loadType: 'PTL' }),
      row({ data: [{ key: 'ROUTE_COST', value: 10, unit: 'DAY' }] }),
      row({ validFrom: 0 }),
      'not a row',
    ]);
    expect(res.status).toBe(200);
    const data = res.body.data as ({ id: string } | { error: string })[];
    expect(data).toHaveLength(7);
    expect(data[0]).toEqual({ id: expect.stringMatching(/^rm_/) });
    expect(data[1]).toEqual({ error: 'Please enter freight cost' });
    expect(data[2]).toEqual({ id: expect.stringMatching(/^rm_/) });
    expect(data[3]).toEqual({ error: 'Load type must be FTL' });
    expect(data[4]).toEqual({ error: 'Please select unit' });
    expect(data[5]).toEqual({ error: 'Valid from date must be on or after 01/01/2000' });
    expect(data[6]).toHaveProperty('error');
    expect(await count(t.store, 'route_master')).toBe(before + 2);
    // Made and saved by the desk that uploaded them.
    expect(
      await t.store.one('select created_by, updated_by from route_master where id = $1', [
        (data[0] as { id: string }).id,
      ]),
    ).toEqual({ created_by: 'ops@demo.local', updated_by: 'ops@demo.local' });
    const stored = await entries();
    const first = stored.find((e) => e.id === (data[0] as { id: string }).id)!;
    expect(first).toMatchObject({
      routeId: 'rt_tsl_jsr_rou',
      partnerId: '2001',
      vehicleId: 'veh_tsl_trailer40',
      materialId: 'mat_tsl_tmt',
      validFrom: row().validFrom,
      loadType: 'FTL',
      data: row().data,
    });
    expect(stored.find((e) => e.id === (data[2] as { id: string }).id)).toMatchObject({
      routeId: 'rt_tsl_jsr_ccu',
      partnerId: '2002',
    });
  });

  it("refuses rows naming another company's (or branch's) route, transporter, vehicle or material", async () => {
    const before = await count(t.store, 'route_master');
    const res = await call('POST', URL_TATA, [
      row({ routeId: 'rt_hul_bhw_ckn' }), // HUL's route
      row({ routeId: 'rt_tsl_jsr_tlj' }), // Tata Steel's, of branch 3103
      row({ partnerId: '2003' }), // Gati is not a Tata Steel partner
      row({ partnerId: '1002' }), // a company, but not a transporter partner
      row({ vehicleId: 'veh_hul_closed32' }),
      row({ materialId: 'mat_hul_fmcg' }),
      row({ routeId: 'nope', vehicleId: 'veh_hul_closed32' }),
      row({ validFrom: Date.parse('2026-09-01T00:00:00+05:30') }),
    ]);
    expect(res.body.data).toEqual([
      { error: 'Please enter valid route' },
      { error: 'Please enter valid route' },
      { error: 'Please enter valid transport' },
      { error: 'Please enter valid transport' },
      { error: 'Please enter valid vehicle' },
      { error: 'Please enter valid material' },
      { error: 'Please enter valid route,transport,vehicle and material' },
      { id: expect.stringMatching(/^rm_/) },
    ]);
    expect(await count(t.store, 'route_master')).toBe(before + 1);
    // Another company's references are refused for it too, and its own are accepted.
    const hul = await call('POST', '/saas/lego/company_routes_master/bulk_create?c=1002&t=CONSIGNOR&pt=TRANSPORTER', [
      row(),
      row({ routeId: 'rt_hul_bhw_ckn', partnerId: '2003', vehicleId: 'veh_hul_closed32', materialId: 'mat_hul_fmcg' }),
    ]);
    expect(hul.body.data).toEqual([
      { error: 'Please enter valid route,transport,vehicle and material' },
      { id: expect.stringMatching(/^rm_/) },
    ]);
  });

  it('refuses a rate the scope has, and the second of two identical rows, storing the other rows', async () => {
    const before = await count(t.store, 'route_master');
    const fresh = row({ validFrom: Date.parse('2026-10-01T00:00:00+05:30') });
    const res = await call('POST', URL_TATA, [
      row(), // stored by the first test
      fresh,
      row({ validFrom: Date.parse('2026-10-02T00:00:00+05:30') }),
      { ...fresh, data: [{ key: 'ROUTE_COST', value: 5, unit: 'FIXED' }] }, // the same rate at another cost
      fresh,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { error: ROUTE_MASTER_TAKEN },
      { id: expect.stringMatching(/^rm_/) },
      { id: expect.stringMatching(/^rm_/) },
      { error: ROUTE_MASTER_TAKEN },
      { error: ROUTE_MASTER_TAKEN },
    ]);
    expect(await count(t.store, 'route_master')).toBe(before + 2);
    // The single create refuses what the upload stored.
    const single = await call('POST', `/saas/lego/company_routes_master/create?${TATA}&routeId=${fresh.routeId}`, {
      ...fresh,
      routeId: undefined,
    });
    expect(single).toMatchObject({ status: 409, body: { message: [ROUTE_MASTER_TAKEN] } });
  });

  it('refuses a call without a company, an empty list and more than 550 rows, storing nothing', async () => {
    const before = await count(t.store, 'route_master');
    expect(await call('POST', '/saas/lego/company_routes_master/bulk_create?t=CONSIGNOR', [row()])).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect(await call('POST', URL_TATA, [])).toMatchObject({
      status: 400,
      body: { message: ['No data to upload, upload a file or paste some data'] },
    });
    expect(await call('POST', URL_TATA, { rows: [row()] })).toMatchObject({ status: 400 });
    expect(
      await call(
        'POST',
        URL_TATA,
        Array.from({ length: 551 }, () => row()),
      ),
    ).toMatchObject({ status: 400, body: { message: ['Maximum 550 rows allowed'] } });
    expect(
      await call('POST', '/saas/lego/company_routes_master/bulk_create?c=9999&t=CONSIGNOR', [row()]),
    ).toMatchObject({ status: 404 });
    expect(await count(t.store, 'route_master')).toBe(before);
  });

  it('stores 550 rows in one call', async () => {
    const before = await count(t.store, 'route_master');
    // A day apart: one rate a route, transporter, vehicle, material and date.
    const day = (i: number) => Date.parse('2027-01-01T00:00:00+05:30') + i * 86_400_000;
    const rows = Array.from({ length: 550 }, (_, i) =>
      row({
        validFrom: day(i),
        data: [{ key: 'ROUTE_COST', value: 1000 + i, unit: 'FIXED' }],
        ...(i === 300 ? { routeId: 'rt_hul_bhw_ckn' } : {}),
      }),
    );
    const res = await call('POST', URL_TATA, rows);
    const data = res.body.data as ({ id: string } | { error: string })[];
    expect(data.filter((d) => 'id' in d)).toHaveLength(549);
    expect(data[300]).toEqual({ error: 'Please enter valid route' });
    expect(new Set(data.flatMap((d) => ('id' in d ? [d.id] : []))).size).toBe(549);
    expect(await count(t.store, 'route_master')).toBe(before + 549);
  });
});
