import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';
import { ROUTE_LIST_MSG } from '../../schemas/api/main';

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
    const second = (await call('GET', `${FETCH}&page=2&size=3`)).body;
    expect(codes(second.data)).toEqual(codes(all).slice(3));
    expect(second.total).toBe(4);
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
