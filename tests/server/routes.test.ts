import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';
import { ROUTE_CODE_TAKEN } from '../../schemas/route';

const place = (id: string, label: string, lat = 19.1, lng = 72.9) => ({
  label,
  address: `${label}, Maharashtra, India`,
  cpCode: label.toUpperCase().replace(/\W+/g, '-'),
  geofenceRadius: 3,
  google: { place_id: id, formatted_address: `${label}, Maharashtra, India`, geometry: { location: { lat, lng } } },
});

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR';

describe.each(BACKENDS)('routes on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('fetches the company routes newest first, narrowed by branch', async () => {
    const all = (await call('GET', '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR')).body.data;
    expect(all.map((r: { code: string }) => r.code)).toEqual([
      'TSL-JSR-TLJ',
      'TSL-JSR-ROU',
      'TSL-JSR-HAL',
      'TSL-JSR-CCU',
    ]);
    expect(all[3]).toMatchObject({
      id: 'rt_tsl_jsr_ccu',
      label: 'Jamshedpur - Kolkata',
      stt: 480,
      updatedBy: 'ops@demo.local',
      origin: {
        label: 'Jamshedpur Works',
        geofenceRadius: 2,
        google: { place_id: 'in:po:831001:jamshedpur', geometry: { location: { lat: 22.822903, lng: 86.21501 } } },
      },
    });
    expect(typeof all[0].updatedAt).toBe('number');
    const branch = (await call('GET', `/saas/lego/company_routes/fetch?${TATA}`)).body.data;
    expect(branch.map((r: { code: string }) => r.code)).toEqual(['TSL-JSR-ROU', 'TSL-JSR-HAL', 'TSL-JSR-CCU']);
    const one = (await call('GET', '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&routeId=rt_tsl_jsr_hal')).body
      .data;
    expect(one.map((r: { id: string }) => r.id)).toEqual(['rt_tsl_jsr_hal']);
  });

  it('addresses a route by id only within the branch in scope', async () => {
    const otherBranch = 'c=1001&b=3102&t=CONSIGNOR';
    const read = await call('GET', `/saas/lego/company_routes/fetch?${otherBranch}&id=rt_tsl_jsr_ccu`);
    expect(read).toMatchObject({ status: 404, body: { success: false, data: null, message: ['Not found'] } });
    const before = (await call('GET', '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&id=rt_tsl_jsr_ccu')).body
      .data[0];
    const update = await call('POST', `/saas/lego/company_routes/create_or_update?${otherBranch}`, {
      ...before,
      label: 'Moved by another branch',
    });
    expect(update).toMatchObject({ status: 404, body: { message: ['Not found'] } });
    const after = (await call('GET', '/saas/lego/company_routes/fetch?c=1001&b=3101&t=CONSIGNOR&id=rt_tsl_jsr_ccu'))
      .body.data[0];
    expect(after.label).toBe(before.label);
  });

  it('creates a route stamped with the user and time, then updates it', async () => {
    const before = Date.now();
    const body = {
      label: 'Pune - Bhiwandi',
      code: 'TSL-PNQ-BHW',
      stt: 300,
      origin: place('in:po:410501:chakan', 'Chakan'),
      destination: place('in:po:421308:bhiwandi', 'Bhiwandi'),
    };
    const created = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, body);
    expect(created.status).toBe(200);
    const route = created.body.data;
    expect(route).toMatchObject({
      label: 'Pune - Bhiwandi',
      code: 'TSL-PNQ-BHW',
      stt: 300,
      updatedBy: 'ops@demo.local',
      origin: body.origin,
      destination: body.destination,
    });
    expect(route.id).toMatch(/^rt_/);
    expect(route.updatedAt).toBeGreaterThanOrEqual(before);

    const updated = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, {
      ...body,
      id: route.id,
      label: 'Chakan - Bhiwandi',
      stt: null,
    });
    expect(updated.body.data).toMatchObject({ id: route.id, label: 'Chakan - Bhiwandi', stt: null });
    const fetched = (await call('GET', `/saas/lego/company_routes/fetch?${TATA}&id=${route.id}`)).body.data;
    expect(fetched).toEqual([updated.body.data]);
    // 1.33 hours entered on the form is 79.8 minutes.
    const fractional = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, {
      ...body,
      id: route.id,
      stt: 79.8,
    });
    expect(fractional.body.data.stt).toBe(79.8);
  });

  it('fills the default geofence radius and rejects bad bodies with the form texts, storing nothing', async () => {
    const created = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, {
      label: 'Kolkata - Haldia',
      origin: { google: { place_id: 'in:po:700002:tala' } },
      destination: { google: { place_id: 'in:po:721604:haldia' } },
    });
    expect(created.body.data.origin.geofenceRadius).toBe(2);

    const routes = await count(t.store, 'routes');
    const bad = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, {
      label: '  ',
      stt: 0,
      origin: place('a', 'A'),
      destination: {},
    });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        success: false,
        data: null,
        message: ['Blank spaces not allowed', 'Please enter a number greater than 0', 'Please enter unloading point'],
      },
    });
    const noCompany = await call('POST', '/saas/lego/company_routes/create_or_update?t=CONSIGNOR', {
      label: 'X',
      origin: place('a', 'A'),
      destination: place('b', 'B'),
    });
    expect(noCompany).toMatchObject({ status: 400, body: { message: ['Select a company to continue'] } });
    expect(await count(t.store, 'routes')).toBe(routes);
  });

  it('answers 404 for routes of another company and changes nothing', async () => {
    const hul = 'rt_hul_bhw_ckn';
    const before = await t.store.one('select * from routes where id = $1', [hul]);
    expect(await call('GET', `/saas/lego/company_routes/fetch?${TATA}&id=${hul}`)).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    const update = await call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, {
      id: hul,
      label: 'Hijacked',
      origin: place('a', 'A'),
      destination: place('b', 'B'),
    });
    expect(update).toMatchObject({ status: 404, body: { success: false, data: null, message: ['Not found'] } });
    expect(await t.store.one('select * from routes where id = $1', [hul])).toEqual(before);
    // A branch of another company is refused the same way.
    expect((await call('GET', '/saas/lego/company_routes/fetch?c=1001&b=3201')).status).toBe(404);
  });

  it('bulk-creates routes row by row, with waypoints between the ends', async () => {
    const rows = [
      {
        label: 'Taloja - Pune',
        stt: 240,
        code: 'BULK-1',
        places: [
          place('in:po:410208:taloja', 'Taloja'),
          place('in:po:410206:panvel', 'Panvel'),
          place('in:po:410501:chakan', 'Chakan'),
        ],
      },
      { label: 'x'.repeat(3), places: [place('in:po:410208:taloja', 'Taloja')] },
      { label: '   ', stt: -1, places: [place('a', 'A'), place('b', 'B')] },
      {
        label: 'Vashi - Chembur',
        places: [place('in:po:400703:vashi', 'Vashi'), place('in:po:400071:chembur', 'Chembur')],
      },
    ];
    const res = await call('POST', `/saas/lego/company_routes/create?${TATA}`, rows);
    expect(res.status).toBe(200);
    const [first, second, third, fourth] = res.body.data;
    expect(first.routeId).toMatch(/^rt_/);
    expect(second).toEqual({ error: 'Please enter loading point and unloading point' });
    expect(third).toEqual({ error: 'Blank spaces not allowed, Please enter a number greater than 0' });
    expect(fourth.routeId).toMatch(/^rt_/);

    const [stored] = (await call('GET', `/saas/lego/company_routes/fetch?${TATA}&id=${first.routeId}`)).body.data;
    expect(stored).toMatchObject({
      label: 'Taloja - Pune',
      stt: 240,
      code: 'BULK-1',
      origin: { label: 'Taloja' },
      destination: { label: 'Chakan' },
    });
    const waypoints = (await call('GET', `/saas/lego/company_routes_waypoints/fetch?${TATA}&routeId=${first.routeId}`))
      .body.data;
    expect(waypoints).toMatchObject([{ label: 'Panvel', sequence: 1, google: { place_id: 'in:po:410206:panvel' } }]);

    expect(await call('POST', `/saas/lego/company_routes/create?${TATA}`, [])).toMatchObject({
      status: 400,
      body: { message: ['No data to upload, upload a file or paste some data'] },
    });
    expect(await call('POST', `/saas/lego/company_routes/create?${TATA}`, Array(501).fill(rows[0]))).toMatchObject({
      status: 400,
      body: { message: ['Maximum 500 rows allowed'] },
    });
  });

  it('refuses a route code the company already has (any case, spaces around) on create, update and bulk rows, storing nothing', async () => {
    const save = (scope: string, body: object) =>
      call('POST', `/saas/lego/company_routes/create_or_update?${scope}`, body);
    const body = {
      label: 'Jamshedpur - Kolkata again',
      code: ' tsl-jsr-ccu ',
      origin: place('in:po:831001:jamshedpur', 'Jamshedpur'),
      destination: place('in:po:700002:tala', 'Tala'),
    };
    const routes = await count(t.store, 'routes');
    const taken = { status: 409, body: { success: false, data: null, message: [ROUTE_CODE_TAKEN] } };
    expect(await save(TATA, body)).toMatchObject(taken);
    // Another branch of the company cannot take it either: a code names one route of the company.
    expect(await save('c=1001&b=3103&t=CONSIGNOR', body)).toMatchObject(taken);
    expect(await count(t.store, 'routes')).toBe(routes);
    // Another company may use the same code; routes without a code are no duplicates of each other.
    expect((await save('c=1002&t=CONSIGNOR', body)).status).toBe(200);
    expect((await save(TATA, { ...body, code: '' })).status).toBe(200);
    expect((await save(TATA, { ...body, code: '  ' })).status).toBe(200);
    const { code: _code, ...noCode } = body;
    expect((await save(TATA, noCode)).status).toBe(200);

    // An edit that takes another route's code is refused and changes nothing; keeping its own (in another case) is fine.
    const read = async () =>
      (await call('GET', `/saas/lego/company_routes/fetch?${TATA}&id=rt_tsl_jsr_hal`)).body.data[0];
    const before = await read();
    expect(await save(TATA, { ...before, label: 'Renamed', code: 'TSL-JSR-CCU' })).toMatchObject(taken);
    expect(await read()).toEqual(before);
    expect((await save(TATA, { ...before, code: 'tsl-jsr-hal' })).body.data).toMatchObject({
      id: before.id,
      code: 'tsl-jsr-hal',
    });

    // A bulk row answers the refusal for itself: a code the company has, or one an earlier row of the upload took.
    const row = (code: string) => ({
      label: `Route ${code}`,
      code,
      places: [place('in:po:410208:taloja', 'Taloja'), place('in:po:410206:panvel', 'Panvel')],
    });
    const res = await call('POST', `/saas/lego/company_routes/create?${TATA}`, [
      row('TSL-JSR-ROU'),
      row('DUP-1'),
      row(' dup-1'),
      row('DUP-2'),
    ]);
    expect(res.status).toBe(200);
    const [existing, first, repeat, other] = res.body.data;
    expect(existing).toEqual({ error: ROUTE_CODE_TAKEN });
    expect(first.routeId).toMatch(/^rt_/);
    expect(repeat).toEqual({ error: ROUTE_CODE_TAKEN });
    expect(other.routeId).toMatch(/^rt_/);
    const stored = await count(t.store, 'routes');
    const none = await call('POST', `/saas/lego/company_routes/create?${TATA}&allOrNone=true`, [
      row('DUP-3'),
      row('TSL-JSR-ROU'),
    ]);
    expect(none).toMatchObject({ status: 400, body: { message: [`Row 2: ${ROUTE_CODE_TAKEN}`] } });
    expect(await count(t.store, 'routes')).toBe(stored);
  });

  it('adds, lists and deletes waypoints, renumbering from 1', async () => {
    const route = 'rt_tsl_jsr_tlj';
    const url = `/saas/lego/company_routes_waypoints/fetch?c=1001&t=CONSIGNOR&routeId=${route}`;
    expect(
      (await call('GET', url)).body.data.map((w: { label: string; sequence: number }) => [w.label, w.sequence]),
    ).toEqual([
      ['Raipur Halt', 1],
      ['Nagpur Halt', 2],
    ]);
    const added = await call(
      'POST',
      `/saas/lego/company_routes_waypoints/create?c=1001&t=CONSIGNOR&routeId=${route}`,
      place('in:po:410206:panvel', 'Panvel Halt'),
    );
    expect(added.body.data.id).toMatch(/^wp_/);
    const bad = await call('POST', `/saas/lego/company_routes_waypoints/create?c=1001&t=CONSIGNOR&routeId=${route}`, {
      ...place('x', ''),
      geofenceRadius: -1,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: ['Please enter a label', 'Geo Fence Radius must be positive'] },
    });
    const [raipur] = (await call('GET', url)).body.data;
    expect(
      (await call('DELETE', `/saas/lego/company_routes_waypoints/delete?c=1001&t=CONSIGNOR&id=${raipur.id}`)).body,
    ).toEqual({ success: true, data: null, message: [] });
    expect(
      (await call('GET', url)).body.data.map((w: { label: string; sequence: number }) => [w.label, w.sequence]),
    ).toEqual([
      ['Nagpur Halt', 1],
      ['Panvel Halt', 2],
    ]);
    // Waypoints of another company's route are out of reach.
    expect((await call('GET', `/saas/lego/company_routes_waypoints/fetch?c=1002&routeId=${route}`)).status).toBe(404);
    const [nagpur] = (await call('GET', url)).body.data;
    expect((await call('DELETE', `/saas/lego/company_routes_waypoints/delete?c=1002&id=${nagpur.id}`)).status).toBe(
      404,
    );
    expect((await call('GET', url)).body.data).toHaveLength(2);
  });
});
