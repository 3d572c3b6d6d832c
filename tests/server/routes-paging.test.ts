import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, EVERY_BACKEND, bootFresh, count, type Call, type TestApp } from './helper';
import { ROUTE_LIST_MSG } from '../../schemas/api/main';
import { LIST_CURSOR_MSG } from '../../schemas/list-cursor';
import { bothWays, walkKeyset, walkNumbered, type KeysetPage } from './keyset-walk';

const FETCH = '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR';
type Row = { id: string; code: string; label: string };
const codes = (rows: Row[]) => rows.map((r) => r.code);

describe.each(BACKENDS)('routes list search, paging and sorting on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let all: Row[];
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    all = (await call('GET', FETCH)).body.data;
  });
  afterAll(() => t?.close());

  it('answers the spec call without paging parameters as before: every route, no total', async () => {
    const answer = await call('GET', FETCH);
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'message', 'success']);
    expect(answer.body.data.length).toBe(4);
  });

  it('pages the routes newest first with their total', async () => {
    const first = await call('GET', `${FETCH}&page=1&size=3`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: [], total: 4 });
    expect(codes(first.body.data)).toEqual(codes(all).slice(0, 3));
    expect(first.body.prev).toBeNull();
    const second = (await call('GET', `${FETCH}&page=2&size=3`)).body;
    expect(codes(second.data)).toEqual(codes(all).slice(3));
    expect(second.total).toBe(4);
    // The last page (read from the end) has no page after it; its `prev` reads the first again.
    expect(second.next).toBeNull();
    const back = (await call('GET', `${FETCH}&size=3&before=${second.prev}`)).body;
    expect(codes(back.data)).toEqual(codes(all).slice(0, 3));
    expect(back.prev).toBeNull();
    // A full last page too: 4 routes in pages of 2.
    expect((await call('GET', `${FETCH}&page=2&size=2`)).body.next).toBeNull();
    const beyond = (await call('GET', `${FETCH}&page=9&size=3`)).body;
    expect(beyond).toMatchObject({ data: [], total: 4 });
  });

  it('searches label, code and addresses in any case, wildcards taken literally', async () => {
    const haldia = (await call('GET', `${FETCH}&q=haldia`)).body;
    expect(codes(haldia.data)).toEqual(['TSL-JSR-HAL']);
    expect(haldia.total).toBe(1);
    const byCode = (await call('GET', `${FETCH}&q=${encodeURIComponent('tsl-jsr-c')}`)).body;
    expect(codes(byCode.data)).toEqual(['TSL-JSR-CCU']);
    const wildcard = (await call('GET', `${FETCH}&q=${encodeURIComponent('%')}`)).body;
    expect(wildcard).toMatchObject({ data: [], total: 0 });
    const blank = (await call('GET', `${FETCH}&q=`)).body;
    expect(blank.total).toBe(4);
  });

  it("keeps a search's total on a page past its end, and finds no text that runs across two columns", async () => {
    const beyond = (await call('GET', `${FETCH}&q=haldia&page=3&size=1`)).body;
    expect(beyond).toMatchObject({ data: [], total: 1 });
    const route = all.find((r) => r.code === 'TSL-JSR-HAL')!;
    // The search reads one text of the columns joined by line breaks (migration 086) before it checks each column.
    const across = (await call('GET', `${FETCH}&q=${encodeURIComponent(`${route.label}\n${route.code}`)}`)).body;
    expect(across).toMatchObject({ data: [], total: 0 });
    const whole = (await call('GET', `${FETCH}&q=${encodeURIComponent(route.label)}`)).body;
    expect(codes(whole.data)).toContain('TSL-JSR-HAL');
  });

  it('sorts by a column both ways', async () => {
    const asc = (await call('GET', `${FETCH}&sort=code&order=asc`)).body.data;
    expect(codes(asc)).toEqual([...codes(all)].sort());
    const desc = (await call('GET', `${FETCH}&sort=code&order=desc`)).body.data;
    expect(codes(desc)).toEqual([...codes(all)].sort().reverse());
  });

  it('sorts by label in any case, a page at a time', async () => {
    const byLabel = [...all]
      .sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase(), 'en') || a.id.localeCompare(b.id))
      .map((r) => r.label);
    expect(new Set(byLabel).size).toBe(all.length);
    const asc = (await call('GET', `${FETCH}&sort=label&order=asc`)).body.data as Row[];
    expect(asc.map((r) => r.label)).toEqual(byLabel);
    const desc = (await call('GET', `${FETCH}&sort=label&order=desc&page=1&size=2`)).body;
    expect(desc).toMatchObject({ total: all.length });
    expect(desc.data.map((r: Row) => r.label)).toEqual([...byLabel].reverse().slice(0, 2));
  });

  it.each([
    ['size=0', ROUTE_LIST_MSG.size],
    ['size=101', ROUTE_LIST_MSG.size],
    ['page=0', ROUTE_LIST_MSG.page],
    ['page=x', ROUTE_LIST_MSG.page],
    ['sort=password', ROUTE_LIST_MSG.sort],
    ['order=up', ROUTE_LIST_MSG.order],
    [`q=${'a'.repeat(101)}`, ROUTE_LIST_MSG.q],
  ])('refuses %s with a 400 naming it', async (param, message) => {
    const before = await count(t.store, 'routes');
    const answer = await call('GET', `${FETCH}&${param}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(message);
    expect(await count(t.store, 'routes')).toBe(before);
  });
});

/**
 * Issue 38: keyset pages (`after` = the `next` of the page before) give every row exactly once in each order, with
 * ties of the sort key, ends without an address and routes added meanwhile, and agree with the pages by number.
 */
describe.each(EVERY_BACKEND)('routes keyset paging on $name', (backend) => {
  const ROUTES = 230;
  const LIST = '/saas/lego/company_routes/fetch?c=1005&t=CONSIGNOR';
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    await t.store.query(`insert into companies (id, name, type) values ('1005', 'Keyset Test Limited', 'CONSIGNOR')`);
    // Seven labels, 23 times each; ten routes share each time; every third origin has an empty address.
    await t.store.query(
      `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
       select 'rt_key_' || lpad(n::text, 4, '0'), '1005', case when n % 4 = 0 then '' else 'k' || n end,
              'lane' || (n % 7) || 'x', 60,
              jsonb_build_object('label', 'A', 'address', case when n % 3 = 0 then '' else 'addr' || (n % 5) end, 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')),
              jsonb_build_object('label', 'B', 'address', 'dest' || (n % 11), 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')),
              'user' || (n % 3) || '@demo.local', 1767225600000 + (n / 10) * 1000
         from generate_series(1, $1::int) n`,
      [ROUTES],
    );
  });
  afterAll(() => t?.close());

  type Page = KeysetPage<Row>;
  const walk = (query: string, size: number, between?: () => Promise<void>) =>
    walkKeyset<Row>(call, LIST, size, query, between);

  it.each(bothWays(['label', 'code', 'origin', 'destination', 'updatedBy', 'updatedAt']))(
    'gives every route once by %s %s, in the order of the pages by number',
    async (sort, order) => {
      const query = `&sort=${sort}&order=${order}`;
      const byCursor = await walk(query, 17);
      const ids = byCursor.map((row) => row.id);
      expect(ids.length).toBe(ROUTES);
      expect(new Set(ids).size).toBe(ROUTES);
      const byNumber = await walkNumbered<Row>(call, LIST, 50, ROUTES, query);
      expect(byNumber.map((row) => row.id)).toEqual(ids);
    },
  );

  it('sorts ties by id in the direction of the sort', async () => {
    const labels = (await walk('&sort=label&order=asc', 40)).map((row) => `${row.label} ${row.id}`);
    expect(labels).toEqual([...labels].sort());
  });

  it('neither repeats nor skips a route when routes are added before the cursor meanwhile (newest first)', async () => {
    const before = (await walk('', 25)).map((row) => row.id);
    const during = await walk('', 25, async () => {
      await t.store.query(
        `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
         select 'rt_key_new_' || n, '1005', '', 'lane new', 60, jsonb_build_object('label', 'A', 'address', '', 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')), jsonb_build_object('label', 'B', 'address', '', 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')), 'ops@demo.local', 1867225600000 + n
           from generate_series(1, 5) n`,
      );
    });
    expect(during.map((row) => row.id)).toEqual(before);
  });

  it("keeps each scope's count as routes come, move and go, and a page's total is the company's count", async () => {
    const kept = async () =>
      (
        await t.store.query<{ key: string; n: number }>(
          `select company_id || '/' || k1 || '/' || k2 as key, n::int as n from list_counts
            where tbl = 'routes' and n <> 0 order by 1`,
        )
      ).map((row) => `${row.key}=${row.n}`);
    const counted = async () =>
      (
        await t.store.query<{ key: string; n: number }>(
          `select company_id || '/' || coalesce(branch_id, '') || '/' || coalesce(department_id, '') as key, count(*)::int as n
             from routes group by 1 order by 1`,
        )
      ).map((row) => `${row.key}=${row.n}`);
    expect(await kept()).toEqual(await counted());
    await t.store.tx(async (q) => {
      await q.query(
        `insert into routes (id, company_id, branch_id, department_id, code, label, stt, origin, destination, updated_by, updated_at)
         select 'rt_cnt_' || n, '1005', case when n % 2 = 0 then 'br_x' end, case when n % 3 = 0 then 'dp_y' end, '',
                'count ' || n, 60, jsonb_build_object('label', 'A', 'address', '', 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')), jsonb_build_object('label', 'B', 'address', '', 'cpCode', '', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p')), 'ops@demo.local', 1 from generate_series(1, 12) n`,
      );
      await q.query(`delete from routes where id in ('rt_cnt_1', 'rt_cnt_2')`);
    });
    await t.store.query(`update routes set branch_id = 'br_z' where id in ('rt_cnt_3', 'rt_cnt_4', 'rt_cnt_5')`);
    await t.store.query(`update routes set label = label || ' again' where company_id = '1005'`);
    await t.store.query(`update routes set department_id = null where id = 'rt_cnt_6'`);
    expect(await kept()).toEqual(await counted());
    // A refused statement changes no count.
    await expect(
      t.store.query(`insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
                     values ('rt_key_0001', '1005', '', 'x', 1, '{}', '{}', 'x', 1)`),
    ).rejects.toThrow();
    expect(await kept()).toEqual(await counted());
    const all = await t.store.one<{ n: number }>(`select count(*)::int as n from routes where company_id = '1005'`);
    expect((await call('GET', `${LIST}&page=1&size=5`)).body.total).toBe(all?.n);
    await t.store.query(`delete from routes where id like 'rt_cnt_%'`);
    expect(await kept()).toEqual(await counted());
  });

  it('refuses a cursor of another order, or one it did not give, with a 400 naming it', async () => {
    const first: Page = (await call('GET', `${LIST}&size=10&sort=code`)).body;
    expect(first.next).toBeTruthy();
    for (const query of [
      `&sort=label&after=${first.next}`,
      `&sort=code&order=desc&after=${first.next}`,
      `&after=${Buffer.from('["updatedAt.desc","x","y"]').toString('base64url')}`,
      '&after=bm90IGpzb24',
      '&after=a%20b',
      `&after=${'a'.repeat(3001)}`,
    ]) {
      const answer = await call('GET', `${LIST}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message).toContain(LIST_CURSOR_MSG.invalid);
    }
  });
});
