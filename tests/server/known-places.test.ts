import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_PLACE_MSG } from '../../schemas/known-place';
import { EARTH_RADIUS_KM, distanceKm } from '../../schemas/haversine';
import { BACKENDS, EVERY_BACKEND, bootFresh, count, type Call, type TestApp } from './helper';
import { bothWays, walkKeyset, walkNumbered } from './keyset-walk';

/** Known places (API.md "Known places"): fetch, create (form and bulk sheet), update, delete, scope and the 30 km rule. */

const TATA = 'c=1001&b=3101&t=CONSIGNOR';
const HUL = 'c=1002&t=CONSIGNOR';
const VRL_FOR_TATA = 'c=2001&t=TRANSPORTER&partnerId=1001';
const JSR = { place_id: 'in:po:831001:jamshedpur', lat: 22.822903, lng: 86.21501 };
/** Degrees of latitude per km along a meridian. */
const DEG_PER_KM = 180 / (Math.PI * EARTH_RADIUS_KM);

/** A create row at Jamshedpur's place id, with coordinates `km` north of it when given. */
const row = (cpCode: string, km?: number, extra: Record<string, unknown> = {}) => ({
  label: `Gate ${cpCode}`,
  address: `Gate ${cpCode}, Jamshedpur`,
  cpCode,
  geofenceRadius: 1.5,
  google: {
    place_id: JSR.place_id,
    formatted_address: 'Jamshedpur, East Singhbhum, Jharkhand 831001, India',
    ...(km !== undefined && { geometry: { location: { lat: JSR.lat + km * DEG_PER_KM, lng: JSR.lng } } }),
  },
  ...extra,
});

describe.each(BACKENDS)('known places on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  const create = (scope: string, body: unknown, bulk = false) =>
    call('POST', `/saas/lego/company_places/create?${scope}${bulk ? '&bulkUpload=true&allOrNone=false' : ''}`, body);
  const fetchAll = async (scope: string) =>
    (await call('GET', `/saas/lego/company_places/fetch?${scope}`)).body.data as { cpId: string; cpCode: string }[];

  it("fetches the company's own places, a transporter's per consignor, and one by cpId", async () => {
    const tata = await fetchAll(TATA);
    expect(tata.map((p) => p.cpCode).sort()).toEqual([
      'TSL-CCU-SY',
      'TSL-HAL-DOCK',
      'TSL-JSR-WORKS',
      'TSL-ROU-SC',
      'TSL-TLJ-CRM',
    ]);
    const one = await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=cp_tsl_haldia`);
    expect(one.body).toEqual({
      success: true,
      message: [],
      data: [
        {
          cpId: 'cp_tsl_haldia',
          label: 'Haldia Dock Complex',
          address: 'Haldia, East Midnapore, West Bengal 721604, India',
          cpCode: 'TSL-HAL-DOCK',
          geofenceRadius: 2,
          updatedBy: 'ops@demo.local',
          updatedAt: expect.any(Number),
          partnerId: null,
          google: {
            place_id: 'in:po:721604:haldia',
            formatted_address: 'Haldia, East Midnapore, West Bengal 721604, India',
            geometry: { location: { lat: 22.066639, lng: 88.114494 } },
          },
        },
      ],
    });
    expect((await fetchAll(VRL_FOR_TATA)).map((p) => p.cpId)).toEqual(['cp_vrl_tsl_yard']);
    expect((await fetchAll('c=2001&t=TRANSPORTER&partnerId=1002')).map((p) => p.cpId)).toEqual(['cp_vrl_hul_vashi']);
    const page = await call('GET', `/saas/lego/company_places/fetch?${TATA}&q=haldia&page=1&size=1`);
    expect(page.body).toMatchObject({ success: true, total: 1, data: [{ cpId: 'cp_tsl_haldia' }] });
    expect((await call('GET', `/saas/lego/company_places/fetch?${TATA}&size=2&page=2`)).body).toMatchObject({
      total: 5,
      data: [{}, {}],
    });
    // Sorted by a column, either way; an unknown sort is refused with its text.
    const labels = async (sort: string) =>
      ((await call('GET', `/saas/lego/company_places/fetch?${TATA}&${sort}`)).body.data as { label: string }[]).map(
        (p) => p.label.toLowerCase(),
      );
    const ascending = await labels('sort=label');
    expect(ascending).toHaveLength(5);
    expect(ascending).toEqual([...ascending].sort());
    expect(await labels('sort=label&order=desc')).toEqual([...ascending].reverse());
    // By the code the operator gave each place (the list's Id column).
    const codes = (await call('GET', `/saas/lego/company_places/fetch?${TATA}&sort=cpCode`)).body.data.map(
      (p: { cpCode: string }) => p.cpCode.toLowerCase(),
    );
    expect(codes).toHaveLength(5);
    expect(codes).toEqual([...codes].sort());
    expect(await call('GET', `/saas/lego/company_places/fetch?${TATA}&sort=lat`)).toMatchObject({
      status: 400,
      body: { message: ['Sort must be one of cpId, label, address, updatedBy, cpCode'] },
    });
  });

  it("answers 404 for another company's place, an unknown one, or a partner that is not the company's", async () => {
    expect(await call('GET', `/saas/lego/company_places/fetch?${HUL}&cpId=cp_tsl_haldia`)).toMatchObject({
      status: 404,
      body: { success: false, message: ['Not found'] },
    });
    expect((await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=cp_nowhere`)).status).toBe(404);
    expect((await call('GET', '/saas/lego/company_places/fetch?c=2001&t=TRANSPORTER&partnerId=1003')).status).toBe(404);
    expect((await call('GET', '/saas/lego/company_places/fetch?c=2001&t=TRANSPORTER&partnerId=2002')).status).toBe(404);
    const places = await count(t.store, 'company_places');
    expect((await call('DELETE', `/saas/lego/company_places/delete?${HUL}&cpId=cp_tsl_haldia`)).status).toBe(404);
    // A transporter's place of one consignor is not reachable as the place of another.
    expect(
      (
        await call(
          'DELETE',
          '/saas/lego/company_places/delete?c=2001&t=TRANSPORTER&partnerId=1002&cpId=cp_vrl_tsl_yard',
        )
      ).status,
    ).toBe(404);
    const update = await call('POST', `/saas/lego/company_places/update?${HUL}`, {
      cpId: 'cp_tsl_haldia',
      label: 'Taken',
      address: 'Taken',
      cpCode: 'TAKEN',
      geofenceRadius: 2,
    });
    expect(update).toMatchObject({ status: 404, body: { message: ['Not found'] } });
    expect(await count(t.store, 'company_places')).toBe(places);
    expect((await fetchAll(TATA)).some((p) => p.cpCode === 'TSL-HAL-DOCK')).toBe(true);
  });

  it('asks a TRANSPORTER for a consignor on every call, and a scope for a company', async () => {
    const places = await count(t.store, 'company_places');
    const consignor = { status: 400, body: { success: false, data: null, message: [KNOWN_PLACE_MSG.selectConsignor] } };
    expect(await call('GET', '/saas/lego/company_places/fetch?c=2001&t=TRANSPORTER')).toMatchObject(consignor);
    expect(await create('c=2001&t=TRANSPORTER', [row('VRL-X')])).toMatchObject(consignor);
    expect(await create('c=2001&t=TRANSPORTER', [row('VRL-X')], true)).toMatchObject(consignor);
    expect(
      await call('POST', '/saas/lego/company_places/update?c=2001&t=TRANSPORTER', {
        cpId: 'cp_vrl_tsl_yard',
        label: 'A',
        address: 'A',
        cpCode: 'A',
      }),
    ).toMatchObject(consignor);
    expect(
      await call('DELETE', '/saas/lego/company_places/delete?c=2001&t=TRANSPORTER&cpId=cp_vrl_tsl_yard'),
    ).toMatchObject(consignor);
    expect(await call('GET', '/saas/lego/company_places/fetch?t=CONSIGNOR')).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect(await count(t.store, 'company_places')).toBe(places);
  });

  it('creates a place from the form, stamped with the user, found by the fetch and the search', async () => {
    const before = Date.now();
    const created = await create(TATA, [row('TSL-GATE-1', 0.5)]);
    expect(created).toMatchObject({
      status: 200,
      body: { success: true, message: [], data: [{ cpId: expect.stringMatching(/^cp_/) }] },
    });
    const { cpId } = created.body.data[0];
    const [stored] = (await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=${cpId}`)).body.data;
    expect(stored).toMatchObject({
      cpId,
      cpCode: 'TSL-GATE-1',
      label: 'Gate TSL-GATE-1',
      geofenceRadius: 1.5,
      updatedBy: 'ops@demo.local',
      partnerId: null,
    });
    expect(stored.updatedAt).toBeGreaterThanOrEqual(before);
    expect(stored.google.geometry.location.lat).toBeCloseTo(JSR.lat + 0.5 * DEG_PER_KM, 6);
    const found = (await call('GET', `/saas/lego/company_places/search?q=TSL-GATE&${TATA}`)).body.data;
    expect(found).toEqual([
      { cpId, cpCode: 'TSL-GATE-1', label: 'Gate TSL-GATE-1', address: 'Gate TSL-GATE-1, Jamshedpur' },
    ]);

    // Without coordinates the place takes the geocoder's; without a radius the default 2.
    const bare = await create(TATA, [
      { label: 'Bare', address: 'Bare', cpCode: 'TSL-BARE', google: { place_id: JSR.place_id } },
    ]);
    const [filled] = (await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=${bare.body.data[0].cpId}`)).body
      .data;
    expect(filled).toMatchObject({
      geofenceRadius: 2,
      google: {
        formatted_address: 'Jamshedpur, East Singhbhum, Jharkhand 831001, India',
        geometry: { location: { lat: JSR.lat, lng: JSR.lng } },
      },
    });

    // A transporter's place for its consignor.
    const vrl = await create(VRL_FOR_TATA, [row('VRL-TSL-GATE')]);
    expect((await fetchAll(VRL_FOR_TATA)).map((p) => p.cpId)).toContain(vrl.body.data[0].cpId);
    expect((await fetchAll('c=2001&t=TRANSPORTER&partnerId=1002')).map((p) => p.cpId)).not.toContain(
      vrl.body.data[0].cpId,
    );
  });

  it('refuses bad form rows with the form texts, storing nothing', async () => {
    const places = await count(t.store, 'company_places');
    const refused = async (body: unknown, messages: string[]) =>
      expect(await create(TATA, body)).toMatchObject({
        status: 400,
        body: { success: false, data: null, message: messages },
      });
    await refused(
      [{ google: { place_id: JSR.place_id } }],
      [KNOWN_PLACE_MSG.label, KNOWN_PLACE_MSG.code, KNOWN_PLACE_MSG.address],
    );
    await refused([{ ...row('  '), label: '   ' }], ['Blank spaces not allowed']);
    await refused([row('X'.repeat(101))], [KNOWN_PLACE_MSG.codeTooLong]);
    await refused(
      [{ ...row('LONG'), label: 'L'.repeat(201), address: 'A'.repeat(501) }],
      [KNOWN_PLACE_MSG.labelTooLong, KNOWN_PLACE_MSG.addressTooLong],
    );
    await refused([row('R0', undefined, { geofenceRadius: 0 })], [KNOWN_PLACE_MSG.radius]);
    await refused([row('R51', undefined, { geofenceRadius: 51 })], [KNOWN_PLACE_MSG.radius]);
    await refused([row('NOPLACE', undefined, { google: {} })], [KNOWN_PLACE_MSG.googleAddress]);
    await refused(
      [row('NOLNG', undefined, { google: { place_id: JSR.place_id, geometry: { location: { lat: 22.8 } } } })],
      [KNOWN_PLACE_MSG.longitude],
    );
    await refused([row('FAR', 30.1)], [KNOWN_PLACE_MSG.tooFar]);
    await refused([row('TSL-JSR-WORKS')], [KNOWN_PLACE_MSG.duplicateCode]);
    // Case does not make another code.
    await refused([row('tsl-jsr-works')], [KNOWN_PLACE_MSG.duplicateCode]);
    // Of more rows, each failed row by number; the good one is not kept either.
    await refused([row('OK-1'), row('')], [`Row 2: ${KNOWN_PLACE_MSG.code}`]);
    await refused([], [KNOWN_PLACE_MSG.noRows]);
    await refused(
      Array.from({ length: 601 }, (_, i) => row(`MANY-${i}`)),
      [KNOWN_PLACE_MSG.tooManyRows],
    );
    expect(await count(t.store, 'company_places')).toBe(places);
  });

  it('applies the 30 km rule: 29.9 km from the geocoded place passes, 30.1 km fails', async () => {
    const near = row('NEAR-29', 29.9);
    const far = row('FAR-30', 30.1);
    expect(distanceKm(near.google.geometry!.location, JSR)).toBeCloseTo(29.9, 6);
    expect(distanceKm(far.google.geometry!.location, JSR)).toBeCloseTo(30.1, 6);
    const answer = await create(TATA, [near, far], true);
    expect(answer.body.data).toEqual([{ cpId: expect.any(String) }, [KNOWN_PLACE_MSG.tooFar]]);
    // A place id the geocoder does not know is checked by its Google address.
    const byAddress = row('ADDR-FAR', undefined, {
      google: {
        place_id: 'google:xyz',
        formatted_address: 'Chakan, Pune',
        geometry: { location: { lat: JSR.lat, lng: JSR.lng } },
      },
    });
    expect((await create(TATA, [byAddress], true)).body.data).toEqual([[KNOWN_PLACE_MSG.tooFar]]);
  });

  it('answers the bulk sheet per row: a good row survives bad ones, duplicates included, with cpCode named Code', async () => {
    const places = await count(t.store, 'company_places');
    const body = [
      row('BULK-1', 1),
      { ...row('BULK-2'), cpCode: '' },
      row('BULK-3', 0, { geofenceRadius: -1 }),
      row('BULK-1'), // the same code as row 1: refused on its own
      { ...row('BULK-5'), cpCode: 5 },
      row('BULK-6', 2),
      'not a row',
    ];
    const answer = await create(TATA, body, true);
    expect(answer.status).toBe(200);
    const data = answer.body.data as unknown[];
    expect(data).toHaveLength(7);
    expect(data[0]).toEqual({ cpId: expect.stringMatching(/^cp_/) });
    expect(data[1]).toEqual([KNOWN_PLACE_MSG.code]);
    expect(data[2]).toEqual([KNOWN_PLACE_MSG.radius]);
    expect(data[3]).toEqual([KNOWN_PLACE_MSG.duplicateCode]);
    expect(data[4]).toEqual([KNOWN_PLACE_MSG.code]);
    expect(data[5]).toEqual({ cpId: expect.stringMatching(/^cp_/) });
    expect(data[6]).toEqual([KNOWN_PLACE_MSG.googleAddress]);
    expect(JSON.stringify(data)).not.toContain('cpCode');
    expect(await count(t.store, 'company_places')).toBe(places + 2);
    const codes = (await fetchAll(TATA)).map((p) => p.cpCode);
    expect(codes.filter((c) => c.startsWith('BULK-')).sort()).toEqual(['BULK-1', 'BULK-6']);
    // Saved together, they are listed together by label (newest first, then by label), not by their made-up ids.
    expect(codes.slice(0, 2)).toEqual(['BULK-1', 'BULK-6']);

    // All or none: one bad row keeps every row out, naming it.
    const none = await call('POST', `/saas/lego/company_places/create?${TATA}&bulkUpload=true&allOrNone=true`, [
      row('AON-1'),
      row('BULK-6'),
    ]);
    expect(none).toMatchObject({ status: 400, body: { message: [`Row 2: ${KNOWN_PLACE_MSG.duplicateCode}`] } });
    expect(await count(t.store, 'company_places')).toBe(places + 2);
  });

  it('takes a full sheet of 600 rows in one bulk call', async () => {
    const places = await count(t.store, 'company_places');
    const sheet = Array.from({ length: 600 }, (_, i) =>
      row(`SHEET-${i}`, i % 20, { label: `Sheet place ${i} ${'x'.repeat(150)}`, address: 'A'.repeat(480) }),
    );
    const answer = await create('c=1003&t=CONSIGNOR', sheet, true);
    expect(answer.status).toBe(200);
    expect((answer.body.data as { cpId?: string }[]).filter((r) => r.cpId).length).toBe(600);
    expect(await count(t.store, 'company_places')).toBe(places + 600);
  });

  it('updates label, address, code and radius, but not the Google address or coordinates', async () => {
    const [place] = (await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=cp_tsl_kolkata`)).body.data;
    const edit = {
      cpId: place.cpId,
      label: 'Kolkata Stockyard 2',
      address: 'Taratala Road',
      cpCode: 'TSL-CCU-SY2',
      geofenceRadius: 4,
      google: place.google,
    };
    const updated = await call('POST', `/saas/lego/company_places/update?${TATA}`, edit);
    expect(updated).toMatchObject({
      status: 200,
      body: {
        success: true,
        data: {
          cpId: place.cpId,
          label: 'Kolkata Stockyard 2',
          address: 'Taratala Road',
          cpCode: 'TSL-CCU-SY2',
          geofenceRadius: 4,
          google: place.google,
        },
      },
    });
    const moved = { ...edit, google: { ...place.google, geometry: { location: { lat: 22.7, lng: 88.3 } } } };
    expect(await call('POST', `/saas/lego/company_places/update?${TATA}`, moved)).toMatchObject({
      status: 400,
      body: { message: [KNOWN_PLACE_MSG.readOnly] },
    });
    expect(
      await call('POST', `/saas/lego/company_places/update?${TATA}`, {
        ...edit,
        google: { place_id: 'in:po:721604:haldia' },
      }),
    ).toMatchObject({ status: 400, body: { message: [KNOWN_PLACE_MSG.readOnly] } });
    expect(
      await call('POST', `/saas/lego/company_places/update?${TATA}`, { ...edit, cpCode: 'TSL-HAL-DOCK' }),
    ).toMatchObject({ status: 409, body: { message: [KNOWN_PLACE_MSG.duplicateCode] } });
    expect(
      await call('POST', `/saas/lego/company_places/update?${TATA}`, { ...edit, geofenceRadius: 0 }),
    ).toMatchObject({ status: 400, body: { message: [KNOWN_PLACE_MSG.radius] } });
    const [after] = (await call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=cp_tsl_kolkata`)).body.data;
    expect(after).toMatchObject({ cpCode: 'TSL-CCU-SY2', geofenceRadius: 4, google: place.google });
    // An update that leaves the radius out keeps the stored one.
    const { geofenceRadius: _radius, ...noRadius } = edit;
    expect(
      await call('POST', `/saas/lego/company_places/update?${TATA}`, { ...noRadius, label: 'Kolkata Stockyard 3' }),
    ).toMatchObject({ status: 200, body: { data: { label: 'Kolkata Stockyard 3', geofenceRadius: 4 } } });
    // A transporter's place, with its consignor in the body as the spec sends it.
    const vrl = await call('POST', '/saas/lego/company_places/update?c=2001&t=TRANSPORTER', {
      cpId: 'cp_vrl_tsl_yard',
      partnerId: '1001',
      label: 'VRL Yard',
      address: 'Adityapur',
      cpCode: 'VRL-TSL-YARD',
    });
    expect(vrl.body.data).toMatchObject({ label: 'VRL Yard', partnerId: '1001', geofenceRadius: 2 });
  });

  it('deletes a place once, leaving an audit entry', async () => {
    const created = await create(HUL, [row('HUL-DEL')]);
    const { cpId } = created.body.data[0];
    expect(await call('DELETE', `/saas/lego/company_places/delete?${HUL}&cpId=${cpId}`)).toMatchObject({
      status: 200,
      body: { success: true, data: null, message: [] },
    });
    expect(await call('DELETE', `/saas/lego/company_places/delete?${HUL}&cpId=${cpId}`)).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    const audit = await t.store.query<{ action: string; call_id: string; user_email: string }>(
      "select action, call_id, user_email from audit_log where object_type = 'place' and object_id = $1 order by id",
      [cpId],
    );
    expect(audit).toEqual([
      { action: 'insert', call_id: 'places.create', user_email: 'ops@demo.local' },
      { action: 'delete', call_id: 'places.delete', user_email: 'ops@demo.local' },
    ]);
  });
});

/** Issue 38: the known places keyset-paged in each order, every place once, as the pages by number read them. */
describe.each(EVERY_BACKEND)('known places keyset paging on $name', (backend) => {
  const PLACES = 150;
  const LIST = '/saas/lego/company_places/fetch?c=1006&t=CONSIGNOR';
  type Place = { cpId: string };
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    await t.store.query(`insert into companies (id, name, type) values ('1006', 'Keyset Places Limited', 'CONSIGNOR')`);
    // Five labels, addresses and updaters in turn; fifteen places share each time (a save of many, by label).
    await t.store.query(
      `insert into company_places (cp_id, company_id, cp_code, label, address, google, updated_by, updated_at)
       select 'cp_key_' || lpad(n::text, 4, '0'), '1006', 'code' || n, 'gate' || (n % 5), 'addr' || (n % 4),
              '{"place_id":"p"}', 'user' || (n % 3) || '@demo.local', 1767225600000 + (n / 15) * 1000
         from generate_series(1, $1::int) n`,
      [PLACES],
    );
  });
  afterAll(() => t?.close());

  it.each([['', ''], ['', 'asc'], ...bothWays(['cpId', 'label', 'address', 'updatedBy', 'cpCode'])])(
    'gives every place once by "%s" %s, in the order of the pages by number',
    async (sort, order) => {
      const query = `${sort ? `&sort=${sort}` : ''}${order ? `&order=${order}` : ''}`;
      const ids = (await walkKeyset<Place>(call, LIST, 13, query)).map((place) => place.cpId);
      expect(new Set(ids).size).toBe(PLACES);
      expect(ids.length).toBe(PLACES);
      expect((await walkNumbered<Place>(call, LIST, 40, PLACES, query)).map((place) => place.cpId)).toEqual(ids);
    },
  );

  it("keeps each owner's count as places come and go, the list's total", async () => {
    const counts = () =>
      t.store.query<{ key: string; kept: number | null; counted: number }>(
        `select c.company_id || '/' || c.k1 as key, k.n::int as kept, c.counted
           from (select company_id, coalesce(partner_id, '') as k1, count(*)::int as counted from company_places group by 1, 2) c
           left join list_counts k on k.tbl = 'company_places' and k.company_id = c.company_id and k.k1 = c.k1 and k.k2 = ''`,
      );
    await t.store.query(`delete from company_places where cp_id in ('cp_key_0001', 'cp_key_0002')`);
    await t.store.query(`update company_places set label = label || 'z' where company_id = '1006'`);
    for (const row of await counts()) expect(row.kept, row.key).toBe(row.counted);
    expect((await call('GET', `${LIST}&page=2&size=5`)).body.total).toBe(PLACES - 2);
  });
});
