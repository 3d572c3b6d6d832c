import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contract } from '../../schemas/api';
import { allCalls } from '../../schemas/api/all-calls';
import { BACKENDS, bootFresh, count, dataFailure, type Answer, type Call, type TestApp } from './helper';

/**
 * Branch scope of the calls that name a record by id (API.md "Credentials and scope"): a record of branch 3101 is
 * not found (404, nothing changes) from branch 3102 of the same company, for every read, update, toggle and delete;
 * a record of the whole company (branch null) stays within reach of every branch, and an edit never moves a record
 * to another branch. The list of cases is checked against the contracts, so a new call naming an id needs a case
 * here, the reason why the branch does not apply to it in its contract's `refers`, or the id declared in its
 * contract's `owns` (the scope hook then checks it before the handler runs, by the aggregate's declaration, whose
 * reach the entity's own test tries from another branch).
 */

const OWN = '3101';
const OTHER = '3102';
const KEY = 'lego-console';
const SB = '/saas/data/onBoardingAPI';
const DB = '/saas/data/automationdashboard';
const AUTO = '/saas/data/autoclosure';
const ALERTS = '/saas/data/automation';
/** The main API's scope of company 1001 in branch `b`. */
const main = (b: string) => `c=1001&b=${b}&t=CONSIGNOR`;

const place = (id: string, label: string) => ({
  label,
  address: `${label}, Jharkhand, India`,
  cpCode: label.toUpperCase().replace(/\W+/g, '-'),
  geofenceRadius: 3,
  google: {
    place_id: id,
    formatted_address: `${label}, Jharkhand, India`,
    geometry: { location: { lat: 22.8, lng: 86.2 } },
  },
});

// ---- Which ids the contracts name ----

/** Property names that name a record: `id`, or ending in `Id` or `_id`. */
const ID_NAME = /^id$|Id$|_id$/;
/** Where a contract's `owns` and `refers` say an id is (`query.routeId`), by the schema it is in. */
const PARTS = { querystring: 'query', params: 'params', body: 'body' } as const;

/**
 * The names a call reads its scope under (its contract's `scope`, checked by resolveScope for every call), in the
 * part it reads them from: not a record addressed by id.
 */
function scopeNames(call: Contract, part: keyof typeof PARTS): string[] {
  const scope = call.scope;
  if (!scope || PARTS[part] !== scope.in) return [];
  return [scope.c, scope.b, scope.d].filter((name) => name !== undefined);
}

/** The top-level properties of a schema (and of its array items and allOf/anyOf/oneOf/then branches). */
function propertyNames(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const own = Object.keys((s.properties as object | undefined) ?? {});
  const nested = [
    s.items,
    s.then,
    s.else,
    ...((s.allOf ?? []) as unknown[]),
    ...((s.anyOf ?? []) as unknown[]),
    ...((s.oneOf ?? []) as unknown[]),
  ];
  return [...own, ...nested.flatMap(propertyNames)];
}

/** `<contract id> <part>.<name>` of every record id a call's query, path or body names. */
function idsNamed(call: Contract): string[] {
  return (['querystring', 'params', 'body'] as const).flatMap((part) =>
    [...new Set(propertyNames(call[part]))]
      .filter((name) => ID_NAME.test(name) && !scopeNames(call, part).includes(name))
      .map((name) => `${call.id} ${PARTS[part]}.${name}`),
  );
}

/** `<contract id> <part>.<name>` of every id a call declares in `owns` (checked by the scope hook). */
const idsOwned = (call: Contract): string[] => (call.owns ?? []).map((owned) => `${call.id} ${owned.id}`);

/** `<contract id> <part>.<name>` of every id a call declares in `refers`, with a reason it is not tried here. */
const idsReferred = (call: Contract): string[] => Object.keys(call.refers ?? {}).map((at) => `${call.id} ${at}`);

// ---- The records of branch 3101 the cases address ----

interface Records {
  route: string;
  /** A route of the whole company (branch null), within reach of every branch. */
  companyRoute: string;
  waypoint: string;
  vehicle: string;
  material: string;
  /** A vehicle and a material of 3101 for route master entries (the ones above get deleted). */
  rateVehicle: string;
  rateMaterial: string;
  alert: string;
  uiConfig: string;
  autoClosure: string;
  sidebar: string;
  dashboard: string;
  report: string;
}

/** A by-id call tried from another branch, and from the record's own branch to show that only the branch differs. */
interface Case {
  /** The ids it covers, as {@link idsNamed} names them. */
  keys: string[];
  envelope: 'main' | 'data';
  /** Rows that must not change: table, column and the value it must have. */
  rows(r: Records): [table: string, column: string, value: string][];
  send(call: Call, r: Records, b: string): Promise<Answer>;
}

const daily = (b: string) => ({
  email_recipients: 'scope@x.in',
  company_id: '1001',
  branch_id: b,
  schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
});
const rate = (vehicleId: string, materialId: string) => ({
  partnerId: '2001',
  validFrom: Date.parse('2026-09-01T00:00:00+05:30'),
  vehicleId,
  materialId,
  loadType: 'FTL',
  data: [{ key: 'ROUTE_COST', value: 41000, unit: 'TRUCK' }],
});

const CASES: Case[] = [
  {
    keys: ['routes.fetch query.id'],
    envelope: 'main',
    rows: (r) => [['routes', 'id', r.route]],
    send: (call, r, b) => call('GET', `/saas/lego/company_routes/fetch?${main(b)}&id=${r.route}`),
  },
  {
    keys: ['routes.fetch query.routeId'],
    envelope: 'main',
    rows: (r) => [['routes', 'id', r.route]],
    send: (call, r, b) => call('GET', `/saas/lego/company_routes/fetch?${main(b)}&routeId=${r.route}`),
  },
  {
    keys: ['routes.createOrUpdate body.id'],
    envelope: 'main',
    rows: (r) => [['routes', 'id', r.route]],
    async send(call, r, b) {
      const {
        updatedBy: _by,
        updatedAt: _at,
        ...current
      } = (await call('GET', `/saas/lego/company_routes/fetch?${main(OWN)}&id=${r.route}`)).body.data[0];
      return call('POST', `/saas/lego/company_routes/create_or_update?${main(b)}`, {
        ...current,
        label: `Saved from ${b}`,
      });
    },
  },
  {
    keys: ['waypoints.fetch query.routeId'],
    envelope: 'main',
    rows: (r) => [['route_waypoints', 'route_id', r.route]],
    send: (call, r, b) => call('GET', `/saas/lego/company_routes_waypoints/fetch?${main(b)}&routeId=${r.route}`),
  },
  {
    keys: ['waypoints.create query.routeId'],
    envelope: 'main',
    rows: (r) => [['route_waypoints', 'route_id', r.route]],
    send: (call, r, b) =>
      call(
        'POST',
        `/saas/lego/company_routes_waypoints/create?${main(b)}&routeId=${r.route}`,
        place('in:po:831001:jamshedpur', `Halt ${b}`),
      ),
  },
  {
    keys: ['waypoints.reorder query.routeId'],
    envelope: 'main',
    rows: (r) => [['route_waypoints', 'route_id', r.route]],
    async send(call, r, b) {
      const ids = (
        await call('GET', `/saas/lego/company_routes_waypoints/fetch?${main(OWN)}&routeId=${r.route}`)
      ).body.data.map((w: { id: string }) => w.id);
      return call('POST', `/saas/lego/company_routes_waypoints/reorder?${main(b)}&routeId=${r.route}`, {
        ids: ids.reverse(),
      });
    },
  },
  {
    keys: ['waypoints.delete query.id'],
    envelope: 'main',
    rows: (r) => [['route_waypoints', 'route_id', r.route]],
    send: (call, r, b) => call('DELETE', `/saas/lego/company_routes_waypoints/delete?${main(b)}&id=${r.waypoint}`),
  },
  {
    keys: ['routeMaster.create query.routeId'],
    envelope: 'main',
    rows: (r) => [['route_master', 'route_id', r.route]],
    send: (call, r, b) =>
      call(
        'POST',
        `/saas/lego/company_routes_master/create?${main(b)}&pt=TRANSPORTER&routeId=${r.route}`,
        rate('veh_tsl_trailer40', 'mat_tsl_tmt'),
      ),
  },
  {
    keys: ['routeMaster.create body.vehicleId'],
    envelope: 'main',
    rows: (r) => [['route_master', 'route_id', r.companyRoute]],
    send: (call, r, b) =>
      call(
        'POST',
        `/saas/lego/company_routes_master/create?${main(b)}&pt=TRANSPORTER&routeId=${r.companyRoute}`,
        rate(r.rateVehicle, 'mat_tsl_tmt'),
      ),
  },
  {
    keys: ['routeMaster.create body.materialId'],
    envelope: 'main',
    rows: (r) => [['route_master', 'route_id', r.companyRoute]],
    send: (call, r, b) =>
      call(
        'POST',
        `/saas/lego/company_routes_master/create?${main(b)}&pt=TRANSPORTER&routeId=${r.companyRoute}`,
        rate('veh_tsl_trailer40', r.rateMaterial),
      ),
  },
  {
    keys: ['vehicles.delete query.id'],
    envelope: 'main',
    rows: (r) => [['company_vehicles', 'id', r.vehicle]],
    send: (call, r, b) => call('DELETE', `/saas/lego/company_vehicles/delete?${main(b)}&id=${r.vehicle}`),
  },
  {
    keys: ['materials.delete query.id'],
    envelope: 'main',
    rows: (r) => [['company_materials', 'id', r.material]],
    send: (call, r, b) => call('DELETE', `/saas/lego/company_materials/delete?${main(b)}&id=${r.material}`),
  },
  {
    keys: ['alerts.toggle body.alertId'],
    envelope: 'data',
    rows: (r) => [['alert_configs', 'id', r.alert]],
    send: (call, r, b) => call('POST', `${ALERTS}/toggleAlert?companyId=1001&branchId=${b}`, { alertId: r.alert }),
  },
  {
    keys: ['alerts.toggleTickets body.alertId'],
    envelope: 'data',
    rows: (r) => [['alert_configs', 'id', r.alert]],
    send: (call, r, b) =>
      call('POST', `${ALERTS}/toggleAlertTickets?companyId=1001&branchId=${b}`, { alertId: r.alert }),
  },
  {
    keys: ['uiConfig.get query.id'],
    envelope: 'data',
    rows: (r) => [['ui_configs', 'id', r.uiConfig]],
    send: (call, r, b) => call('GET', `${SB}/fetchUIConfigById?id=${r.uiConfig}&companyId=1001&branchId=${b}`),
  },
  {
    keys: ['uiConfig.toggle body.customerConfigId'],
    envelope: 'data',
    rows: (r) => [['ui_configs', 'id', r.uiConfig]],
    send: (call, r, b) =>
      call('POST', `${SB}/toggleUIConfig?companyId=1001&branchId=${b}`, { customerConfigId: r.uiConfig }),
  },
  {
    keys: ['uiConfig.update body.id'],
    envelope: 'data',
    rows: (r) => [['ui_configs', 'id', r.uiConfig]],
    send: (call, r, b) =>
      call('POST', `${SB}/updateUIConfig`, {
        id: r.uiConfig,
        companyId: '1001',
        branchId: b,
        featureKey: 'useNeoAlertModule',
        extracontext: ['detention'],
        enabled: 1,
      }),
  },
  {
    keys: ['autoClosure.get query.id'],
    envelope: 'data',
    rows: (r) => [['auto_closure_rules', 'id', r.autoClosure]],
    send: (call, r, b) => call('GET', `${AUTO}/getAutoClosureById?companyId=1001&branchId=${b}&id=${r.autoClosure}`),
  },
  {
    keys: ['autoClosure.toggle body.customerConfigId'],
    envelope: 'data',
    rows: (r) => [['auto_closure_rules', 'id', r.autoClosure]],
    send: (call, r, b) =>
      call('POST', `${AUTO}/toggleAutoClosure?companyId=1001&branchId=${b}`, { customerConfigId: r.autoClosure }),
  },
  {
    keys: ['autoClosure.save body.customerConfigId'],
    envelope: 'data',
    rows: (r) => [['auto_closure_rules', 'id', r.autoClosure]],
    send: (call, r, b) =>
      call('POST', `${AUTO}/createAndUpdateAutoClosure`, {
        companyId: '1001',
        branchId: b,
        edit: true,
        customerConfigId: r.autoClosure,
        autoClosureType: 'EPOD',
        threshold: 9,
      }),
  },
  {
    keys: ['sidebar.configById query.id'],
    envelope: 'data',
    rows: (r) => [['sidebar_menu_configs', 'id', r.sidebar]],
    send: (call, r, b) =>
      call('GET', `${SB}/fetchSideBarMenuConfigById?key=${KEY}&companyId=1001&branchId=${b}&id=${r.sidebar}`),
  },
  {
    keys: ['sidebar.update body.id'],
    envelope: 'data',
    rows: (r) => [['sidebar_menu_configs', 'id', r.sidebar]],
    send: (call, r, b) =>
      call('POST', `${SB}/updateSideMenuList`, {
        key: KEY,
        id: r.sidebar,
        companyId: '1001',
        branchId: b,
        extracontext: ['trips', 'alerts'],
        roles: null,
        userId: [],
        enabled: 1,
      }),
  },
  {
    keys: ['dashboards.get query.id'],
    envelope: 'data',
    rows: (r) => [['dashboards', 'id', r.dashboard]],
    send: (call, r, b) => call('GET', `${DB}/getDashboardbyId?companyId=1001&branchId=${b}&id=${r.dashboard}`),
  },
  {
    keys: ['dashboards.toggle body.customerConfigId'],
    envelope: 'data',
    rows: (r) => [['dashboards', 'id', r.dashboard]],
    send: (call, r, b) =>
      call('POST', `${DB}/toggleDashboard?companyId=1001&branchId=${b}`, { customerConfigId: r.dashboard }),
  },
  {
    keys: ['dashboards.set body.customerConfigId'],
    envelope: 'data',
    rows: (r) => [['dashboards', 'id', r.dashboard]],
    send: (call, r, b) =>
      call('POST', `${DB}/setDashboard`, {
        companyId: '1001',
        branchId: b,
        isCreate: false,
        customerConfigId: r.dashboard,
        typeDashboard: 'looker',
        dashboardName: 'looker',
        userId: [12],
        dashboardWorkspace: [{ dashboard_id: '8', name: `Saved from ${b}` }],
      }),
  },
  {
    keys: ['reports.get params.id'],
    envelope: 'main',
    rows: (r) => [['report_schedules', 'id', r.report]],
    send: (call, r, b) => call('GET', `/saas/v1/rs/report/${r.report}?c=1001&b=${b}`),
  },
  {
    keys: ['reports.update params.id'],
    envelope: 'main',
    rows: (r) => [['report_schedules', 'id', r.report]],
    send: (call, r, b) => call('PUT', `/saas/v1/rs/update/${r.report}?c=1001&b=${b}`, { definition: daily(b) }),
  },
  {
    keys: ['reports.runs params.id'],
    envelope: 'main',
    rows: (r) => [['report_runs', 'schedule_id', r.report]],
    send: (call, r, b) => call('GET', `/saas/v1/rs/report/${r.report}/runs?c=1001&b=${b}`),
  },
  {
    keys: ['reports.runNow params.id'],
    envelope: 'main',
    rows: (r) => [['report_runs', 'schedule_id', r.report]],
    send: (call, r, b) => call('POST', `/saas/v1/rs/report/${r.report}/run?c=1001&b=${b}`),
  },
];

const notFoundBody = { main: { success: false, data: null, message: ['Not found'] }, data: dataFailure('Not found') };

/** The rows of `table` whose `column` is `value`, as text, in a stable order. */
async function rowsOf(t: TestApp, table: string, column: string, value: string): Promise<string> {
  const row = await t.store.one<{ rows: string | null }>(
    `select string_agg(to_jsonb(x)::text, ' | ' order by to_jsonb(x)::text) as rows from ${table} x where ${column} = $1`,
    [value],
  );
  return row?.rows ?? '';
}

/** What must not change when a call is refused: the case's rows and the audit log (every change writes an entry). */
const snapshot = async (t: TestApp, rows: [string, string, string][]) => ({
  rows: await Promise.all(rows.map(([table, column, value]) => rowsOf(t, table, column, value))),
  audit: await count(t.store, 'audit_log'),
});

describe('branch scope cases', () => {
  it('has a case, or a reason in its contract, for every id a call names, and none for an id no call names', () => {
    const named = allCalls.flatMap(idsNamed);
    const owned = allCalls.flatMap(idsOwned);
    const referred = allCalls.flatMap(idsReferred);
    const tried = CASES.flatMap((c) => c.keys);
    const covered = [...tried, ...referred];
    expect(
      named.filter((key) => !covered.includes(key) && !owned.includes(key)),
      'ids without a case',
    ).toEqual([]);
    expect(
      owned.filter((key) => !named.includes(key)),
      'owned ids no schema of their call names',
    ).toEqual([]);
    expect(
      covered.filter((key) => !named.includes(key)),
      'cases of ids no call names',
    ).toEqual([]);
    expect(
      tried.filter((key) => referred.includes(key)),
      'ids both tried and excused',
    ).toEqual([]);
    expect(
      owned.filter((key) => referred.includes(key)),
      'ids both owned and excused',
    ).toEqual([]);
    expect(new Set(tried).size).toBe(tried.length);
  });
});

describe.each(BACKENDS)('branch scope of by-id calls on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  const r = {} as Records;

  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
    const data = async (answer: Promise<Answer>) => {
      const a = await answer;
      if (a.status !== 200) throw new Error(`setup failed: ${JSON.stringify(a.body)}`);
      return a.body;
    };
    r.route = 'rt_tsl_jsr_ccu';
    r.companyRoute = (
      await data(
        call('POST', '/saas/lego/company_routes/create_or_update?c=1001&t=CONSIGNOR', {
          label: 'Company wide route',
          origin: place('in:po:831001:jamshedpur', 'Works Gate'),
          destination: place('in:po:700002:tala', 'Kolkata Yard'),
        }),
      )
    ).data.id;
    r.waypoint = (
      await data(
        call(
          'POST',
          `/saas/lego/company_routes_waypoints/create?${main(OWN)}&routeId=${r.route}`,
          place('in:po:831002:adityapur', 'Adityapur Halt'),
        ),
      )
    ).data.id;
    const vehicle = async (label: string) =>
      (await data(call('POST', `/saas/lego/company_vehicles/create?${main(OWN)}`, { label }))).data.vehicleId;
    const material = async (label: string) =>
      (await data(call('POST', `/saas/lego/company_materials/create?${main(OWN)}`, { label }))).data.materialId;
    r.vehicle = await vehicle('Branch trailer');
    r.rateVehicle = await vehicle('Branch rate trailer');
    r.material = await material('Branch slag');
    r.rateMaterial = await material('Branch rate slag');
    await data(
      call('POST', `${ALERTS}/setAlerts?allOrNone=true`, [
        { CompanyId: '1001', branchId: OWN, Alert_Name: 'diversion' },
      ]),
    );
    r.alert = (await t.store.one<{ id: string }>(
      "select id from alert_configs where company_id = '1001' and branch_id = $1 and feature_key = 'diversion'",
      [OWN],
    ))!.id;
    r.uiConfig = (
      await data(
        call('POST', `${SB}/updateUIConfig`, {
          companyId: '1001',
          branchId: OWN,
          featureKey: 'useNeoAlertModule',
          extracontext: ['untracked'],
          enabled: 1,
        }),
      )
    ).result.data.id;
    r.autoClosure = (
      await data(
        call('POST', `${AUTO}/createAndUpdateAutoClosure`, {
          companyId: '1001',
          branchId: OWN,
          edit: false,
          autoClosureType: 'EPOD',
          threshold: 5,
        }),
      )
    ).result.data.id;
    r.sidebar = (
      await data(
        call('POST', `${SB}/updateSideMenuList`, {
          key: KEY,
          companyId: '1001',
          branchId: OWN,
          extracontext: ['trips'],
          roles: null,
          userId: [],
          enabled: 1,
        }),
      )
    ).result.data.id;
    r.dashboard = (
      await data(
        call('POST', `${DB}/setDashboard`, {
          companyId: '1001',
          branchId: OWN,
          departmentId: `${OWN}1`,
          isCreate: true,
          typeDashboard: 'looker',
          dashboardName: 'looker',
          userId: [11],
          dashboardWorkspace: [{ dashboard_id: '7', name: 'Ops' }],
        }),
      )
    ).result.data.id;
    const entity = (await data(call('GET', '/saas/lego/cbdt?c=1001'))).data.id;
    r.report = (
      await data(
        call('POST', `/saas/v1/rs/definition/create?c=1001&b=${OWN}`, {
          entity_id: entity,
          type: 'DAILY_TRIP_SUMMARY',
          definition: daily(OWN),
        }),
      )
    ).data.id;
  });
  afterAll(() => t?.close());

  // The scope hook trusts each aggregate's declaration (schemas/api/*.ts), and a contract's `refers` a company-wide
  // one's: it must say what its table has.
  it('declares each aggregate of a single table as the table is: its id and company columns, and a branch or department column exactly where it says one', async () => {
    const declared = allCalls.flatMap((c) => [
      ...(c.owns ?? []).map((o) => o.aggregate),
      ...Object.values(c.refers ?? {}).filter((referent) => typeof referent !== 'string'),
    ]);
    const aggregates = new Map(declared.map((a) => [a.name, a]));
    const single = [...aggregates.values()].filter((a) => /^\w+$/.test(a.table));
    expect(single.length).toBeGreaterThan(0);
    for (const a of single) {
      const rows = await t.store.query<{ column_name: string }>(
        'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1',
        [a.table],
      );
      const columns = new Set(rows.map((row) => row.column_name));
      expect(
        [a.id, a.company ?? 'company_id'].filter((c) => !columns.has(c)),
        a.name,
      ).toEqual([]);
      if (typeof a.branch === 'boolean') expect(columns.has('branch_id'), `${a.name}.branch`).toBe(a.branch);
      if (typeof a.department === 'boolean')
        expect(columns.has('department_id'), `${a.name}.department`).toBe(a.department);
    }
  });

  describe.each(CASES.map((c) => ({ ...c, name: c.keys.join(', ') })))('$name', (c) => {
    it(`is not found from branch ${OTHER} and changes nothing; from branch ${OWN} it works`, async () => {
      const before = await snapshot(t, c.rows(r));
      const refused = await c.send(call, r, OTHER);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(notFoundBody[c.envelope]);
      expect(refused.headers.etag).toBeUndefined();
      expect(await snapshot(t, c.rows(r))).toEqual(before);

      const allowed = await c.send(call, r, OWN);
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      if (c.envelope === 'data') expect(allowed.body.result.status).toBe(1);
      else expect(allowed.body.success).toBe(true);
    });
  });

  describe('departments', () => {
    const dept = (d: string) => `c=1001&b=${OWN}&d=${d}&t=CONSIGNOR`;

    it('a dashboard or route of one department is not found from another department of its branch', async () => {
      const dashboard = await t.store.one<{ department_id: string }>(
        'select department_id from dashboards where id = $1',
        [r.dashboard],
      );
      expect(dashboard).toEqual({ department_id: `${OWN}1` });
      const get = (d: string) =>
        call('GET', `${DB}/getDashboardbyId?companyId=1001&branchId=${OWN}&departmentId=${d}&id=${r.dashboard}`);
      expect(await get(`${OWN}2`)).toMatchObject({ status: 404, body: dataFailure('Not found') });
      expect((await get(`${OWN}1`)).status).toBe(200);
      const before = await snapshot(t, [['dashboards', 'id', r.dashboard]]);
      expect(
        (
          await call('POST', `${DB}/toggleDashboard?companyId=1001&branchId=${OWN}&departmentId=${OWN}2`, {
            customerConfigId: r.dashboard,
          })
        ).status,
      ).toBe(404);
      expect(await snapshot(t, [['dashboards', 'id', r.dashboard]])).toEqual(before);

      // Seeded routes are stored for department <branch>1.
      expect((await call('GET', `/saas/lego/company_routes/fetch?${dept(`${OWN}2`)}&id=${r.route}`)).status).toBe(404);
      expect(
        (await call('GET', `/saas/lego/company_routes/fetch?${dept(`${OWN}1`)}&id=${r.route}`)).body.data,
      ).toHaveLength(1);
      const waypoint = (
        await call(
          'POST',
          `/saas/lego/company_routes_waypoints/create?${dept(`${OWN}1`)}&routeId=${r.route}`,
          place('in:po:831003:tatanagar', 'Tatanagar Halt'),
        )
      ).body.data.id;
      const waypoints = await snapshot(t, [['route_waypoints', 'route_id', r.route]]);
      expect(
        (await call('DELETE', `/saas/lego/company_routes_waypoints/delete?${dept(`${OWN}2`)}&id=${waypoint}`)).status,
      ).toBe(404);
      expect(await snapshot(t, [['route_waypoints', 'route_id', r.route]])).toEqual(waypoints);
      expect(
        (await call('DELETE', `/saas/lego/company_routes_waypoints/delete?${dept(`${OWN}1`)}&id=${waypoint}`)).status,
      ).toBe(200);
    });

    it('a record of the whole branch (department null) is within reach of each of its departments', async () => {
      const dashboard = (
        await call('POST', `${DB}/setDashboard`, {
          companyId: '1001',
          branchId: OWN,
          isCreate: true,
          typeDashboard: 'looker',
          dashboardName: 'looker',
          userId: [13],
          dashboardWorkspace: [{ dashboard_id: '9', name: 'Branch' }],
        })
      ).body.result.data.id;
      expect(
        (
          await call(
            'GET',
            `${DB}/getDashboardbyId?companyId=1001&branchId=${OWN}&departmentId=${OWN}2&id=${dashboard}`,
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('records of the whole company, and edits that would move a record', () => {
    it('toggles a company-wide alert from any branch of the company', async () => {
      const alert = (await t.store.one<{ id: string; enabled: boolean }>(
        "select id, enabled from alert_configs where company_id = '1001' and branch_id is null and feature_key = 'long_stoppage'",
      ))!;
      const flipped = await call('POST', `${ALERTS}/toggleAlert?companyId=1001&branchId=${OTHER}`, {
        alertId: alert.id,
      });
      expect(flipped).toMatchObject({
        status: 200,
        body: { result: { data: { id: alert.id, enabled: !alert.enabled, branchId: null } } },
      });
      expect(
        (await call('POST', `${ALERTS}/toggleAlert?companyId=1001&branchId=${OWN}`, { alertId: alert.id })).body.result
          .data.enabled,
      ).toBe(alert.enabled);
    });

    it('keeps a sidebar override in its own branch whatever branch the edit is sent with', async () => {
      const branchOf = async (id: string) =>
        (await t.store.one<{ branch_id: string | null }>('select branch_id from sidebar_menu_configs where id = $1', [
          id,
        ]))!.branch_id;
      // The company's Admin override, edited with a branch chosen: still the company's.
      const admin = await call('POST', `${SB}/updateSideMenuList`, {
        key: KEY,
        id: 'sbm_tsl_admin',
        companyId: '1001',
        branchId: OTHER,
        extracontext: ['trips'],
        roles: 9,
        userId: [],
        enabled: 1,
      });
      expect(admin).toMatchObject({ status: 200, body: { result: { data: { id: 'sbm_tsl_admin', branchId: null } } } });
      expect(await branchOf('sbm_tsl_admin')).toBeNull();
      // Branch 3101's override, edited with the company alone: still 3101's.
      const branch = await call('POST', `${SB}/updateSideMenuList`, {
        key: KEY,
        id: r.sidebar,
        companyId: '1001',
        branchId: null,
        extracontext: ['trips', 'trip_list'],
        roles: null,
        userId: [],
        enabled: 1,
      });
      expect(branch).toMatchObject({ status: 200, body: { result: { data: { id: r.sidebar, branchId: OWN } } } });
      expect(await branchOf(r.sidebar)).toBe(OWN);
    });

    it('keeps a dashboard and an auto closure rule in their own branch', async () => {
      const saved = await call('POST', `${DB}/setDashboard`, {
        companyId: '1001',
        branchId: null,
        isCreate: false,
        customerConfigId: r.dashboard,
        typeDashboard: 'looker',
        dashboardName: 'looker',
        userId: [14],
        dashboardWorkspace: [{ dashboard_id: '10', name: 'Company' }],
      });
      expect(saved.status).toBe(200);
      expect(await t.store.one('select branch_id, department_id from dashboards where id = $1', [r.dashboard])).toEqual(
        { branch_id: OWN, department_id: `${OWN}1` },
      );
      const rule = await call('POST', `${AUTO}/createAndUpdateAutoClosure`, {
        companyId: '1001',
        branchId: OTHER,
        edit: true,
        customerConfigId: 'acl_tsl_epod',
        autoClosureType: 'EPOD',
        threshold: 6,
      });
      expect(rule.status).toBe(200);
      expect(await t.store.one('select branch_id from auto_closure_rules where id = $1', ['acl_tsl_epod'])).toEqual({
        branch_id: null,
      });
    });

    it("refuses a report edit that names another branch than the schedule's with 400, changing nothing", async () => {
      const before = await snapshot(t, [
        ['report_schedules', 'id', r.report],
        ['report_schedules', 'id', 'rs_tsl_daily'],
      ]);
      // Branch 3101's schedule, edited with the company alone, to branch 3102 or to the whole company.
      for (const definition of [daily(OTHER), { ...daily(OWN), branch_id: undefined }]) {
        expect(
          await call('PUT', `/saas/v1/rs/update/${r.report}?c=1001`, {
            definition: JSON.parse(JSON.stringify(definition)),
          }),
        ).toMatchObject({
          status: 400,
          body: { message: ["The report's branch_id cannot be changed"] },
        });
      }
      // The company's schedule, moved into a branch.
      expect(await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', { definition: daily(OWN) })).toMatchObject({
        status: 400,
        body: { message: ["The report's branch_id cannot be changed"] },
      });
      expect(
        await snapshot(t, [
          ['report_schedules', 'id', r.report],
          ['report_schedules', 'id', 'rs_tsl_daily'],
        ]),
      ).toEqual(before);
      // A company-level schedule is read from any branch; an edit keeping the branch works from the company.
      expect((await call('GET', `/saas/v1/rs/report/rs_tsl_daily?c=1001&b=${OTHER}`)).status).toBe(200);
      expect((await call('PUT', `/saas/v1/rs/update/${r.report}?c=1001`, { definition: daily(OWN) })).status).toBe(200);
    });
  });
});
