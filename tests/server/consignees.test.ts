import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSIGNEE_MSG } from '../../schemas/consignee';
import { KNOWN_PLACE_MSG } from '../../schemas/known-place';
import { MSG } from '../../schemas/messages';
import { EARTH_RADIUS_KM } from '../../schemas/haversine';
import { BACKENDS, EVERY_BACKEND, bootFresh, count, type Call, type TestApp } from './helper';
import { bothWays, walkKeyset, walkNumbered } from './keyset-walk';

/** Consignees (spec 002 sections 2.2, 5 and 7; API.md "Consignees"): fetch, create (form and bulk), update, delete. */

const TATA = 'c=1001&b=3101&t=CONSIGNOR&pt=CONSIGNEE';
const HUL = 'c=1002&t=CONSIGNOR&pt=CONSIGNEE';
const VRL_FOR_TATA = 'c=2001&t=TRANSPORTER&pt=CONSIGNEE&partnerId=1001';
const FETCH = '/saas/lego/company_partners/fetch';
const CREATE = '/saas/lego/company_partners/create';
const UPDATE = '/saas/lego/company_partners/update';
const DELETE = '/saas/lego/company_partners/delete';
const JSR = { place_id: 'in:po:831001:jamshedpur', lat: 22.822903, lng: 86.21501 };
/** Degrees of latitude per km along a meridian. */
const DEG_PER_KM = 180 / (Math.PI * EARTH_RADIUS_KM);

/** A create row at Jamshedpur's place id, with coordinates `km` north of it when given. */
const row = (code: string, km?: number, extra: Record<string, unknown> = {}) => ({
  code,
  name: `Consignee ${code}`,
  type: 'CUSTOMER',
  phone: '9876543210',
  email: `${code.toLowerCase()}@example.in`,
  place: {
    label: `Gate ${code}`,
    address: `Gate ${code}, Jamshedpur`,
    cpCode: `${code}-P`,
    geofenceRadius: 1.5,
    google: {
      place_id: JSR.place_id,
      formatted_address: 'Jamshedpur, East Singhbhum, Jharkhand 831001, India',
      ...(km !== undefined && { geometry: { location: { lat: JSR.lat + km * DEG_PER_KM, lng: JSR.lng } } }),
    },
  },
  ...extra,
});

describe.each(BACKENDS)('consignees on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  const create = (scope: string, body: unknown, bulk = false) =>
    call('POST', `${CREATE}?${scope}${bulk ? '&bulkUpload=true&allOrNone=false' : ''}`, body);
  const fetchAll = async (scope: string) =>
    (await call('GET', `${FETCH}?${scope}`)).body.data as { id: string; code: string }[];
  const one = (scope: string, id: string) => call('GET', `${FETCH}?${scope}&id=${id}`);

  it("fetches the company's consignees, a transporter's per consignor, one by id with its ETag, and a page", async () => {
    expect((await fetchAll(TATA)).map((c) => c.code)).toEqual(['TSL-CEE-003', 'TSL-CEE-002', 'TSL-CEE-001']);
    const read = await one(TATA, 'cee_tsl_haldia_wh');
    expect(read.headers.etag).toMatch(/^"\d+"$/);
    expect(read.body).toEqual({
      success: true,
      message: [],
      data: [
        {
          id: 'cee_tsl_haldia_wh',
          code: 'TSL-CEE-002',
          name: 'Haldia Coil Warehouse',
          type: 'WAREHOUSE',
          phone: '9732045678',
          email: 'haldia.wh@tatasteel.demo',
          updatedBy: 'ops@demo.local',
          updatedAt: expect.any(Number),
          partnerId: null,
          place: {
            cpId: 'cp_cee_tsl_haldia',
            cpCode: 'TSL-CEE-002-P',
            label: 'Haldia Coil Warehouse Gate',
            address: 'Haldia, East Midnapore, West Bengal 721604, India',
            geofenceRadius: 2,
            google: {
              place_id: 'in:po:721604:haldia',
              formatted_address: 'Haldia, East Midnapore, West Bengal 721604, India',
              geometry: { location: { lat: 22.066639, lng: 88.114494 } },
            },
          },
        },
      ],
    });
    expect((await fetchAll(VRL_FOR_TATA)).map((c) => c.id)).toEqual(['cee_vrl_tsl_jsr']);
    expect((await call('GET', `${FETCH}?${TATA}&q=haldia&page=1&size=1`)).body).toMatchObject({
      success: true,
      total: 1,
      data: [{ id: 'cee_tsl_haldia_wh' }],
    });
    expect((await call('GET', `${FETCH}?${TATA}&size=2&page=2`)).body).toMatchObject({ total: 3, data: [{}] });
    // Sorted by a column, either way; an unknown sort is refused with its text.
    const codes = async (sort: string) =>
      ((await call('GET', `${FETCH}?${TATA}&${sort}`)).body.data as { code: string }[]).map((c) =>
        c.code.toLowerCase(),
      );
    const ascending = await codes('sort=code');
    expect(ascending).toHaveLength(3);
    expect(ascending).toEqual([...ascending].sort());
    expect(await codes('sort=code&order=desc')).toEqual([...ascending].reverse());
    expect(await call('GET', `${FETCH}?${TATA}&sort=city`)).toMatchObject({
      status: 400,
      body: { message: ['Sort must be one of code, name, phone, email, updatedBy'] },
    });
  });

  it('keeps the partners look-up of the filter bar (t=TRANSPORTER&pt=CONSIGNOR) as it was', async () => {
    const consignors = await call('GET', `${FETCH}?c=2001&t=TRANSPORTER&pt=CONSIGNOR`);
    expect(consignors.status).toBe(200);
    expect(consignors.body.data.map((p: { id: string }) => p.id).sort()).toEqual(['1001', '1002']);
    expect(consignors.body.data[0]).toMatchObject({ type: 'CONSIGNOR', cbdt: { b: null, d: null } });
    expect(
      (await call('GET', `${FETCH}?c=1001&t=CONSIGNOR&pt=TRANSPORTER`)).body.data.every(
        (p: { type: string }) => p.type === 'TRANSPORTER',
      ),
    ).toBe(true);
  });

  it('asks a TRANSPORTER for its consignor and refuses a partner that is not one, on every call', async () => {
    const bare = 'c=2001&t=TRANSPORTER&pt=CONSIGNEE';
    const before = await count(t.store, 'consignees');
    for (const answer of [
      await call('GET', `${FETCH}?${bare}`),
      await create(bare, [row('TRN-1')]),
      await call('POST', `${UPDATE}?${bare}`, {
        id: 'cee_vrl_tsl_jsr',
        ...row('TRN-1'),
        place: { ...row('TRN-1').place, cpId: 'cp_cee_vrl_tsl_jsr' },
      }),
      await call('DELETE', `${DELETE}?${bare}&id=cee_vrl_tsl_jsr`),
    ]) {
      expect(answer).toMatchObject({ status: 400, body: { success: false, message: [CONSIGNEE_MSG.selectConsignor] } });
    }
    expect((await call('GET', `${FETCH}?${bare}&partnerId=2002`)).status).toBe(404);
    expect(await count(t.store, 'consignees')).toBe(before);
  });

  it("answers 404 for another company's consignee on fetch, update and delete, changing nothing", async () => {
    const hul = await one(HUL, 'cee_hul_vashi');
    expect(hul.status).toBe(200);
    const stored = hul.body.data[0];
    expect((await one(TATA, 'cee_hul_vashi')).status).toBe(404);
    const { updatedBy: _b, updatedAt: _a, partnerId: _p, ...body } = stored;
    expect((await call('POST', `${UPDATE}?${TATA}`, { ...body, name: 'Hijacked' })).status).toBe(404);
    expect((await call('DELETE', `${DELETE}?${TATA}&id=cee_hul_vashi`)).status).toBe(404);
    // The transporter's consignee is not the consignor's, nor another consignor's.
    expect((await one('c=2001&t=TRANSPORTER&pt=CONSIGNEE&partnerId=1002', 'cee_vrl_tsl_jsr')).status).toBe(404);
    expect((await one(HUL, 'cee_hul_vashi')).body.data[0]).toEqual(stored);
  });

  it('creates one consignee from the form, filling its coordinates from the place id', async () => {
    const made = await create(TATA, [row('FORM-1')]);
    expect(made.body).toEqual({ success: true, message: [], data: [{ id: expect.stringMatching(/^cee/) }] });
    const read = (await one(TATA, made.body.data[0].id)).body.data[0];
    expect(read).toMatchObject({
      code: 'FORM-1',
      type: 'CUSTOMER',
      phone: '9876543210',
      place: { cpCode: 'FORM-1-P', google: { geometry: { location: { lat: JSR.lat, lng: JSR.lng } } } },
    });
    // The same code again (in any case) is refused.
    expect(await create(TATA, [row('form-1')])).toMatchObject({
      status: 400,
      body: { message: [CONSIGNEE_MSG.duplicateCode] },
    });
  });

  it("refuses bad input with the form's texts and stores nothing", async () => {
    const before = await count(t.store, 'consignees');
    const cases: [unknown, string[]][] = [
      [
        [{}],
        [
          CONSIGNEE_MSG.code,
          CONSIGNEE_MSG.name,
          CONSIGNEE_MSG.type,
          CONSIGNEE_MSG.email,
          KNOWN_PLACE_MSG.googleAddress,
        ],
      ],
      [[row('BAD-1', undefined, { code: '   ' })], [MSG.blank]],
      [[row('BAD-1', undefined, { name: ' ' })], [MSG.blank]],
      [[row('BAD-1', undefined, { type: 'SHOP' })], [CONSIGNEE_MSG.type]],
      [[row('BAD-1', undefined, { phone: '5123456789' })], [CONSIGNEE_MSG.phone]],
      [[row('BAD-1', undefined, { phone: '98765432101' })], [CONSIGNEE_MSG.phone]],
      [[row('BAD-1', undefined, { email: 'not-an-email' })], [CONSIGNEE_MSG.emailInvalid]],
      [[row('BAD-1', undefined, { code: 'x'.repeat(5000) })], [CONSIGNEE_MSG.codeTooLong]],
      [[row('BAD-1', undefined, { place: { ...row('BAD-1').place, label: '' } })], [KNOWN_PLACE_MSG.label]],
      [[row('BAD-1', undefined, { place: { ...row('BAD-1').place, geofenceRadius: 60 } })], [KNOWN_PLACE_MSG.radius]],
      [[row('BAD-1', 30.1)], [CONSIGNEE_MSG.tooFar]],
      [[], [CONSIGNEE_MSG.noRows]],
      [{ code: 'x' }, [CONSIGNEE_MSG.noRows]],
      [Array.from({ length: 551 }, (_, i) => row(`MANY-${i}`)), [CONSIGNEE_MSG.tooManyRows]],
    ];
    for (const [body, messages] of cases) {
      const answer = await create(TATA, body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      for (const text of messages) expect(answer.body.message, text).toContain(text);
    }
    expect((await call('POST', `${CREATE}?c=1001&pt=CONSIGNOR`, [row('PT-1')])).status).toBe(400);
    expect((await call('POST', `${CREATE}?c=1001`, [row('PT-1')])).status).toBe(400);
    expect((await call('GET', `${FETCH}?${TATA}&size=0`)).status).toBe(400);
    expect((await call('GET', `${FETCH}?c=1001&pt=SHIPPER`)).status).toBe(400);
    expect(await count(t.store, 'consignees')).toBe(before);
  });

  it('answers a bulk upload per row: a bad row between good ones spoils neither, and the 30 km rule holds at its edge', async () => {
    const answer = await create(
      TATA,
      [
        row('BULK-1', 29.9),
        row('BULK-2', 30.1),
        row('BULK-3', undefined, { phone: '123' }),
        row('BULK-4'),
        row('bulk-1'),
      ],
      true,
    );
    expect(answer.status).toBe(200);
    const [first, far, badPhone, fourth, duplicate] = answer.body.data;
    expect(first).toEqual({ id: expect.any(String) });
    expect(far).toEqual([CONSIGNEE_MSG.tooFar]);
    expect(badPhone).toEqual([CONSIGNEE_MSG.phone]);
    expect(fourth).toEqual({ id: expect.any(String) });
    expect(duplicate).toEqual([CONSIGNEE_MSG.duplicateCode]);
    const codes = (await fetchAll(TATA)).map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['BULK-1', 'BULK-4']));
    expect(codes).not.toContain('BULK-2');
    // Stored with the coordinates the row gave (29.9 km off), not the geocoder's.
    const stored = (await one(TATA, first.id)).body.data[0];
    expect(stored.place.google.geometry.location.lat).toBeCloseTo(JSR.lat + 29.9 * DEG_PER_KM, 6);
    // All or none stores nothing when a row fails.
    const before = await count(t.store, 'consignees');
    const strict = await call('POST', `${CREATE}?${TATA}&bulkUpload=true&allOrNone=true`, [
      row('STRICT-1'),
      row('STRICT-2', 40),
    ]);
    expect(strict.status).toBe(400);
    expect(await count(t.store, 'consignees')).toBe(before);
  });

  it('updates a consignee and its place by cpId; a stale If-Match gets 412 and the Google address stays read-only', async () => {
    const read = await one(TATA, 'cee_tsl_jsw_tala');
    const { updatedBy: _b, updatedAt: _a, partnerId: _p, ...current } = read.body.data[0];
    const saved = await call(
      'POST',
      `${UPDATE}?${TATA}`,
      { ...current, name: 'Shree Steel Traders Pvt Ltd', place: { ...current.place, label: 'North Gate' } },
      { headers: { 'if-match': String(read.headers.etag) } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Shree Steel Traders Pvt Ltd',
      place: { label: 'North Gate', cpId: 'cp_cee_tsl_tala' },
    });
    expect(saved.headers.etag).not.toBe(read.headers.etag);

    const stale = await call(
      'POST',
      `${UPDATE}?${TATA}`,
      { ...current, name: 'Stale' },
      { headers: { 'if-match': String(read.headers.etag) } },
    );
    expect(stale).toMatchObject({ status: 412, body: { success: false, message: [MSG.staleRecord] } });

    const moved = {
      ...current,
      place: { ...current.place, google: { ...current.place.google, geometry: { location: { lat: 12, lng: 77 } } } },
    };
    expect(await call('POST', `${UPDATE}?${TATA}`, moved)).toMatchObject({
      status: 400,
      body: { message: [CONSIGNEE_MSG.readOnly] },
    });
    expect(
      (await call('POST', `${UPDATE}?${TATA}`, { ...current, place: { ...current.place, cpId: 'cp_cee_tsl_haldia' } }))
        .status,
    ).toBe(404);
    expect(await call('POST', `${UPDATE}?${TATA}`, { ...current, phone: '12345' })).toMatchObject({
      status: 400,
      body: { message: [CONSIGNEE_MSG.phone] },
    });
    // A code another consignee has: 409, as every declared save's.
    expect(await call('POST', `${UPDATE}?${TATA}`, { ...current, code: 'TSL-CEE-002' })).toMatchObject({
      status: 409,
      body: { message: [CONSIGNEE_MSG.duplicateCode] },
    });
    expect((await call('POST', `${UPDATE}?${TATA}`, { id: current.id })).status).toBe(400);
    expect((await one(TATA, 'cee_tsl_jsw_tala')).body.data[0]).toMatchObject({
      name: 'Shree Steel Traders Pvt Ltd',
      code: 'TSL-CEE-001',
      phone: '9831012345',
    });
  });

  it('deletes a consignee once; the second time and a missing id are refused', async () => {
    expect((await call('DELETE', `${DELETE}?${TATA}&id=cee_tsl_rou_rdc`)).body).toEqual({
      success: true,
      data: null,
      message: [],
    });
    expect((await one(TATA, 'cee_tsl_rou_rdc')).status).toBe(404);
    expect((await call('DELETE', `${DELETE}?${TATA}&id=cee_tsl_rou_rdc`)).status).toBe(404);
    expect((await call('DELETE', `${DELETE}?${TATA}`)).status).toBe(400);
    expect((await call('DELETE', `${DELETE}?c=1001&id=cee_tsl_haldia_wh`)).status).toBe(400);
    expect((await one(TATA, 'cee_tsl_haldia_wh')).status).toBe(200);
  });
});

/** Issue 38: the consignees keyset-paged in each order, every consignee once, as the pages by number read them. */
describe.each(EVERY_BACKEND)('consignees keyset paging on $name', (backend) => {
  const CONSIGNEES = 150;
  const LIST = '/saas/lego/company_partners/fetch?c=1007&t=CONSIGNOR&pt=CONSIGNEE';
  type Row = { id: string };
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    await t.store.query(
      `insert into companies (id, name, type) values ('1007', 'Keyset Consignees Limited', 'CONSIGNOR')`,
    );
    // Names, phones, e-mails and updaters repeat in turn; fifteen consignees share each time (a save of many).
    await t.store.query(
      `insert into consignees (id, company_id, code, name, type, phone, email, cp_id, cp_code, label, address, google,
                               updated_by, updated_at)
       select 'cee_key_' || lpad(n::text, 4, '0'), '1007', 'C' || n, 'Dealer ' || (n % 5), 'CUSTOMER',
              '98' || (n % 7), 'd' || (n % 4) || '@demo.local', 'cp_cee_key_' || n, 'P' || n, 'gate' || (n % 3),
              'addr' || n, '{"place_id":"p"}', 'user' || (n % 3) || '@demo.local', 1767225600000 + (n / 15) * 1000
         from generate_series(1, $1::int) n`,
      [CONSIGNEES],
    );
  });
  afterAll(() => t?.close());

  it.each([['', ''], ['', 'asc'], ...bothWays(['code', 'name', 'phone', 'email', 'updatedBy'])])(
    'gives every consignee once by "%s" %s, in the order of the pages by number',
    async (sort, order) => {
      const query = `${sort ? `&sort=${sort}` : ''}${order ? `&order=${order}` : ''}`;
      const ids = (await walkKeyset<Row>(call, LIST, 13, query)).map((row) => row.id);
      expect(new Set(ids).size).toBe(CONSIGNEES);
      expect(ids.length).toBe(CONSIGNEES);
      expect((await walkNumbered<Row>(call, LIST, 40, CONSIGNEES, query)).map((row) => row.id)).toEqual(ids);
    },
  );

  it('refuses a cursor of another order', async () => {
    const first = (await call('GET', `${LIST}&size=10&sort=name`)).body;
    const other = await call('GET', `${LIST}&size=10&sort=code&after=${first.next}`);
    expect(other.status).toBe(400);
  });

  it("keeps each owner's count as consignees come and go, the list's total", async () => {
    const counts = () =>
      t.store.query<{ key: string; kept: number | null; counted: number }>(
        `select c.company_id || '/' || c.k1 as key, k.n::int as kept, c.counted
           from (select company_id, coalesce(partner_id, '') as k1, count(*)::int as counted from consignees group by 1, 2) c
           left join list_counts k on k.tbl = 'consignees' and k.company_id = c.company_id and k.k1 = c.k1 and k.k2 = ''`,
      );
    await t.store.query(`delete from consignees where id in ('cee_key_0001', 'cee_key_0002')`);
    await t.store.query(`update consignees set name = name || 'z' where company_id = '1007'`);
    for (const row of await counts()) expect(row.kept, row.key).toBe(row.counted);
    expect((await call('GET', `${LIST}&page=2&size=5`)).body.total).toBe(CONSIGNEES - 2);
  });
});
