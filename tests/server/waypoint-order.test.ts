import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAYPOINT_ORDER_MSG } from '../../schemas/api/main';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

/** The waypoint reorder (API.md "Waypoint order"): the dragged order stored as sequence 1..n, all or nothing. */

const TATA = 'c=1001&b=3101&d=31011&t=CONSIGNOR';
const ROUTE = 'rt_tsl_jsr_ccu';
const stop = (label: string) => ({
  label,
  google: { place_id: `in:test:${label}`, geometry: { location: { lat: 22.7, lng: 87.5 } } },
});

describe.each(BACKENDS)('waypoint order on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let ids: string[];
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    ids = [];
    for (const label of ['A', 'B', 'C', 'D']) {
      ids.push(
        (await call('POST', `/saas/lego/company_routes_waypoints/create?${TATA}&routeId=${ROUTE}`, stop(label))).body
          .data.id,
      );
    }
  });
  afterAll(() => t?.close());

  const reorder = (order: unknown, scope = TATA, route = ROUTE) =>
    call('POST', `/saas/lego/company_routes_waypoints/reorder?${scope}&routeId=${route}`, { ids: order });
  const labels = async () =>
    (
      (await call('GET', `/saas/lego/company_routes_waypoints/fetch?${TATA}&routeId=${ROUTE}`)).body.data as {
        label: string;
        sequence: number;
      }[]
    ).map((w) => `${w.sequence}:${w.label}`);

  it('stores the new order as sequence 1..n and answers the waypoints in it', async () => {
    const answer = await reorder([ids[2], ids[0], ids[3], ids[1]]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((w: { id: string; sequence: number }) => [w.id, w.sequence])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[3], 3],
      [ids[1], 4],
    ]);
    expect(await labels()).toEqual(['1:C', '2:A', '3:D', '4:B']);
    // A delete renumbers from the stored order; an add goes to the end.
    await call('DELETE', `/saas/lego/company_routes_waypoints/delete?${TATA}&id=${ids[0]}`);
    expect(await labels()).toEqual(['1:C', '2:D', '3:B']);
    ids = [ids[2], ids[3], ids[1]];
    ids.push(
      (await call('POST', `/saas/lego/company_routes_waypoints/create?${TATA}&routeId=${ROUTE}`, stop('E'))).body.data
        .id,
    );
    expect(await labels()).toEqual(['1:C', '2:D', '3:B', '4:E']);
  });

  it('audits each moved waypoint under the reorder call', async () => {
    await reorder([ids[1], ids[0], ids[2], ids[3]]);
    const audit = await t.store.query<{ object_id: string }>(
      "select object_id from audit_log where object_type = 'waypoint' and call_id = 'waypoints.reorder' and action = 'update' order by id desc limit 2",
    );
    expect(audit.map((a) => a.object_id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await labels()).toEqual(['1:D', '2:C', '3:B', '4:E']);
    ids = [ids[1], ids[0], ids[2], ids[3]];
  });

  it("refuses a list that is not exactly the route's waypoints, changing nothing", async () => {
    const before = await labels();
    const mismatch = { status: 400, body: { success: false, data: null, message: [WAYPOINT_ORDER_MSG.mismatch] } };
    expect(await reorder(ids.slice(0, 3))).toMatchObject(mismatch);
    expect(await reorder([...ids, ids[0]])).toMatchObject(mismatch);
    expect(await reorder([ids[0], ids[0], ids[1], ids[2]])).toMatchObject(mismatch);
    expect(await reorder([...ids.slice(0, 3), 'wp_other'])).toMatchObject(mismatch);
    expect(await reorder([])).toMatchObject(mismatch);
    expect(await reorder('abc')).toMatchObject({ status: 400, body: { message: [WAYPOINT_ORDER_MSG.ids] } });
    expect(await reorder([1, 2])).toMatchObject({ status: 400, body: { message: [WAYPOINT_ORDER_MSG.ids] } });
    expect(
      await call('POST', `/saas/lego/company_routes_waypoints/reorder?${TATA}&routeId=${ROUTE}`, {}),
    ).toMatchObject({ status: 400, body: { message: [WAYPOINT_ORDER_MSG.ids] } });
    // Waypoints of another route are not this route's.
    const other = (
      await call('POST', `/saas/lego/company_routes_waypoints/create?${TATA}&routeId=rt_tsl_jsr_hal`, stop('X'))
    ).body.data.id;
    expect(await reorder([...ids.slice(1), other])).toMatchObject(mismatch);
    expect(await labels()).toEqual(before);
  });

  it('answers 404 for a route of another company or branch, and asks for a company and a route', async () => {
    const before = await labels();
    expect(await reorder([...ids].reverse(), 'c=1002&t=CONSIGNOR')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await reorder([...ids].reverse(), 'c=1001&b=3102&t=CONSIGNOR')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await reorder([...ids].reverse(), TATA, 'rt_nowhere')).toMatchObject({ status: 404 });
    expect(await call('POST', `/saas/lego/company_routes_waypoints/reorder?${TATA}`, { ids })).toMatchObject({
      status: 400,
      body: { message: ['Please select route'] },
    });
    expect(await call('POST', `/saas/lego/company_routes_waypoints/reorder?routeId=${ROUTE}`, { ids })).toMatchObject({
      status: 400,
      body: { message: ['Select a company to continue'] },
    });
    expect(await labels()).toEqual(before);
  });

  it('keeps the order of a route without waypoints (an empty list)', async () => {
    const answer = await call('POST', `/saas/lego/company_routes_waypoints/reorder?${TATA}&routeId=rt_tsl_jsr_rou`, {
      ids: [],
    });
    expect(answer).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });

  it("adds a waypoint where its route is, whatever scope adds it, after the route's last one", async () => {
    // From the company alone, a waypoint of a department's route is that department's, as its route is.
    const added = await call(
      'POST',
      `/saas/lego/company_routes_waypoints/create?c=1001&t=CONSIGNOR&routeId=${ROUTE}`,
      stop('Company desk'),
    );
    expect(added.status).toBe(200);
    const stored = await t.store.one<{
      company_id: string;
      branch_id: string;
      department_id: string;
      sequence: number;
    }>('select company_id, branch_id, department_id, sequence from route_waypoints where id = $1', [
      added.body.data.id,
    ]);
    const route = await t.store.one<{ branch_id: string; department_id: string }>(
      'select branch_id, department_id from routes where id = $1',
      [ROUTE],
    );
    expect(stored).toEqual({ company_id: '1001', ...route, sequence: (await labels()).length });
    // The list is the route's alone, in sequence; another company's route, or none, is refused.
    expect((await labels()).at(-1)).toBe(`${stored!.sequence}:Company desk`);
    expect(
      (await call('GET', `/saas/lego/company_routes_waypoints/fetch?c=1002&t=CONSIGNOR&routeId=${ROUTE}`)).status,
    ).toBe(404);
    expect(await call('GET', '/saas/lego/company_routes_waypoints/fetch?c=1001&t=CONSIGNOR')).toMatchObject({
      status: 400,
      body: { message: ['Please select route'] },
    });
  });
});
