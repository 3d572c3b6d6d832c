import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callPath } from '../e2e/harness';
import {
  mainCalls,
  ROUTE_LIST_MSG,
  ROUTE_LOOKUP_MAX_NAMES,
  ROUTE_LOOKUP_MSG,
  ROUTE_OPTIONS_PAGE,
  type RouteOption,
} from '../../schemas/api/main';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

/**
 * Issue 38: a select never reads a company's routes whole. Its call answers a page of id, label and code, searched
 * by part of a label or code, or the one route chosen; a sheet's route names are looked up by name.
 */

const ROUTES = 3_000;
const COMPANY = '1006';

/** `routes` routes of a new company, 'Select route 00001' (code SEL1) and on, analysed as autovacuum would. */
async function addRoutes(t: TestApp) {
  await t.store.query(`insert into companies (id, name, type) values ($1, 'Select Test Limited', 'CONSIGNOR')`, [
    COMPANY,
  ]);
  await t.store.query(
    `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
     select 'rt_sel_' || n, $2, 'SEL' || n, 'Select route ' || lpad(n::text, 5, '0'), 600,
            jsonb_build_object('label', 'Pune', 'address', 'Pune, Maharashtra, India', 'cpCode', 'PN', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p-PN')),
            jsonb_build_object('label', 'Mumbai', 'address', 'Mumbai, Maharashtra, India', 'cpCode', 'MB', 'geofenceRadius', 2, 'google', jsonb_build_object('place_id', 'p-MB')),
            'ops@demo.local', 1767225600000 + n * 1000
       from generate_series(1, $1::int) n`,
    [ROUTES, COMPANY],
  );
  await t.store.query('analyze routes');
}

describe.each(BACKENDS)('route select on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    await addRoutes(t);
    ({ call } = await t.login('ops@demo.local'));
  });
  afterAll(() => t?.close());

  const options = (query: Record<string, string>) =>
    call<{ data: RouteOption[]; message: string[] }>('GET', callPath(mainCalls.routeOptions, { c: COMPANY, ...query }));
  const lookup = (names: unknown) =>
    call<{ data: RouteOption[]; message: string[] }>('POST', callPath(mainCalls.lookupRoutes, { c: COMPANY }), {
      names,
    });

  it('answers the first page by label, of id, label and code only, in a few KB', async () => {
    const res = await options({});
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(ROUTE_OPTIONS_PAGE);
    expect(res.body.data[0]).toEqual({ id: 'rt_sel_1', label: 'Select route 00001', code: 'SEL1' });
    expect(res.body.data.at(-1)?.label).toBe('Select route 00050');
    expect(JSON.stringify(res.body).length).toBeLessThan(20_000);
  });

  it('finds a route by part of its label or code among thousands, never more than a page', async () => {
    expect((await options({ q: 'ROUTE 0271' })).body.data.map((r) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `rt_sel_${2710 + i}`),
    );
    expect((await options({ q: 'sel2999' })).body.data.map((r) => r.label)).toEqual(['Select route 02999']);
    expect((await options({ q: 'route 0' })).body.data).toHaveLength(ROUTE_OPTIONS_PAGE);
    // A wildcard of LIKE is searched for as itself.
    expect((await options({ q: '%' })).body.data).toEqual([]);
    expect((await options({ q: 'Kolkata' })).body.data).toEqual([]);
  });

  it('lists the labels that begin with the text first, then those holding it elsewhere, each by label', async () => {
    // A few more routes whose label holds 'route 0001' later on, or begins with a text the others only contain.
    await t.store.query(
      `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
       select id, $1, code, label, 600, '{}', '{}', 'ops@demo.local', 1867225600000
         from (values ('rt_sel_x1', 'X1', 'Another route 00011'), ('rt_sel_x2', 'X2', 'ROUTE 0001 spare'),
                      ('rt_sel_x3', 'X3', 'Zone route 00019')) v(id, code, label)`,
      [COMPANY],
    );
    try {
      const labels = async (q: string) => (await options({ q })).body.data.map((r) => r.label);
      expect(await labels('route 0001')).toEqual([
        'ROUTE 0001 spare',
        'Another route 00011',
        ...Array.from({ length: 10 }, (_, i) => `Select route 0001${i}`),
        'Zone route 00019',
      ]);
      // Thousands of hits, none a beginning: the first page by label, as the label index gives it.
      expect(await labels('elect route 0')).toEqual(
        Array.from({ length: ROUTE_OPTIONS_PAGE }, (_, i) => `Select route ${String(i + 1).padStart(5, '0')}`),
      );
      // Thousands that begin with it: the first page of those.
      expect((await labels('select'))[0]).toBe('Select route 00001');
    } finally {
      await t.store.query(`delete from routes where id in ('rt_sel_x1', 'rt_sel_x2', 'rt_sel_x3')`);
    }
  });

  it("answers the route chosen by its id, and no other company's", async () => {
    expect((await options({ id: 'rt_sel_2718' })).body.data).toEqual([
      { id: 'rt_sel_2718', label: 'Select route 02718', code: 'SEL2718' },
    ]);
    expect((await options({ id: 'rt_tsl_jsr_ccu' })).status).toBe(404);
  });

  it('refuses a search longer than a search box takes, with the reason', async () => {
    const res = await options({ q: 'x'.repeat(101) });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(ROUTE_LIST_MSG.q);
  });

  it("looks a sheet's names up by label or code, any case, and only those", async () => {
    const res = await lookup(['select ROUTE 00042', 'sel2999', 'Nowhere', '', '  ']);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 'rt_sel_2999', label: 'Select route 02999', code: 'SEL2999' },
      { id: 'rt_sel_42', label: 'Select route 00042', code: 'SEL42' },
    ]);
    expect((await lookup([])).body.data).toEqual([]);
  });

  it('refuses a batch of too many names, or names that are not texts, with the reason', async () => {
    for (const names of [
      Array.from({ length: ROUTE_LOOKUP_MAX_NAMES + 1 }, (_, i) => `n${i}`),
      ['x'.repeat(201)],
      'x',
    ]) {
      const res = await lookup(names);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(ROUTE_LOOKUP_MSG.names);
    }
  });
});
