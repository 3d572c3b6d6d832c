import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCalls, fullPath, SERVICE_BASES } from '../../schemas/api';
import { BACKENDS, bootFresh, count, dataFailure, type Call, type TestApp } from './helper';

const SB = '/saas/data/onBoardingAPI';
const DB = '/saas/data/automationdashboard';
const KEY = 'key=lego-console';

describe.each(BACKENDS)('sidebar menu and dashboards on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('lists the platform menu and the company overrides', async () => {
    const menu = await call('GET', `${SB}/fetchSideBarMenuList?${KEY}&companyId=1&active=1`);
    expect(menu.status).toBe(200);
    expect(menu.body.result.status).toBe(1);
    expect(menu.body.result.data).toHaveLength(21);
    expect(menu.body.result.data).toContainEqual({
      id: 2,
      name: 'Trip List',
      slug: 'trip_list',
      parent: 'trips',
      url: '/trips',
    });

    const configs = await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}&companyId=1001&enabled=1`);
    expect(configs.body.result.data).toEqual([
      expect.objectContaining({
        id: 'sbm_tsl_admin',
        featureKey: 'sidebar_menu_Admin',
        roles: 9,
        landingPage: '/trips',
        enabled: 1,
      }),
    ]);
    expect((await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}&companyId=1002`)).body.result.data).toEqual([]);
    expect(await call('GET', `${SB}/fetchSideBarMenuConfig?key=wrong&companyId=1001`)).toMatchObject({
      status: 400,
      body: dataFailure('Invalid access key'),
    });
    expect(await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}`)).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
  });

  it('saves a user override with its landing page and reads it back by user and by id', async () => {
    const saved = await call('POST', `${SB}/updateSideMenuList`, {
      key: 'lego-console',
      companyId: 1002,
      branchId: null,
      extracontext: ['trips', 'trip_list'],
      roles: null,
      userId: [702, 701],
      enabled: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      status: 1,
      message: 'Side menu updated successfully',
      data: { featureKey: 'sidebar_menu_users_701_702', userId: [702, 701] },
    });
    const landing = await call('POST', `${SB}/updateLandingPage`, {
      key: 'lego-console',
      companyId: 1002,
      roles: null,
      userId: [701, 702],
      landingPage: '/trips',
      enabled: 1,
    });
    expect(landing.body.result).toMatchObject({ status: 1, message: 'Landing page updated successfully' });

    const byUsers = await call('GET', `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1002&userId=701,702`);
    expect(byUsers.body.result.data).toMatchObject({ extracontext: ['trips', 'trip_list'], landingPage: '/trips' });
    const byId = await call(
      'GET',
      `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1002&id=${saved.body.result.data.id}`,
    );
    expect(byId.body.result.data.id).toBe(saved.body.result.data.id);
    expect((await call('GET', `${SB}/fetchLandingPage?${KEY}&companyId=1002&userId=702,701`)).body.result.data).toEqual(
      { landingPage: '/trips' },
    );
    const none = await call('GET', `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1002&userId=999`);
    expect(none.body.result).toMatchObject({ status: 1, data: null, message: 'No sidebar menu found' });

    const edited = await call('POST', `${SB}/updateSideMenuList`, {
      key: 'lego-console',
      id: saved.body.result.data.id,
      companyId: '1002',
      extracontext: ['reports'],
      roles: 10,
      userId: [],
      enabled: 1,
    });
    expect(edited.body.result.data).toMatchObject({
      id: saved.body.result.data.id,
      roles: 10,
      extracontext: ['reports'],
      featureKey: 'sidebar_menu_Transporter-Operator',
    });
  });

  it('rejects bad sidebar bodies and changes nothing', async () => {
    const before = await count(t.store, 'sidebar_menu_configs');
    const base = { key: 'lego-console', companyId: 1003, enabled: 1 };
    expect(await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: [] })).toMatchObject({
      status: 400,
      body: dataFailure('Please select menulist'),
    });
    expect(await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: ['no_such_menu'] })).toMatchObject({
      status: 400,
      body: dataFailure('Please select menulist'),
    });
    expect(
      await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: ['trips', 'trip_map_old'] }),
    ).toMatchObject({ status: 400, body: dataFailure('Please select menulist') });
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(
      await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: ['trips'], userId: many }),
    ).toMatchObject({ status: 400, body: dataFailure('You can only add up to 100 user IDs') });
    expect(
      await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: ['trips'], userId: ['abc'] }),
    ).toMatchObject({ status: 400, body: dataFailure('Only numbers and commas are allowed') });
    expect(
      (await call('POST', `${SB}/updateSideMenuList`, { ...base, extracontext: ['trips'], roles: 9, userId: [1] }))
        .status,
    ).toBe(400);
    expect(
      (await call('POST', `${SB}/updateSideMenuList`, { ...base, key: 'nope', extracontext: ['trips'] })).status,
    ).toBe(400);
    expect(await call('POST', `${SB}/updateLandingPage`, { ...base })).toMatchObject({
      status: 400,
      body: dataFailure('Please Select Landing Page'),
    });
    expect(await call('POST', `${SB}/updateLandingPage`, { ...base, landingPage: '/not-a-menu' })).toMatchObject({
      status: 400,
      body: dataFailure('Please Select Landing Page'),
    });
    expect(await call('GET', `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1003&userId=1,x`)).toMatchObject({
      status: 400,
      body: dataFailure('Only numbers and commas are allowed'),
    });
    expect(await count(t.store, 'sidebar_menu_configs')).toBe(before);
  });

  it("answers 404 for another company's override and leaves it unchanged", async () => {
    const before = await t.store.one("select extracontext, roles from sidebar_menu_configs where id = 'sbm_tsl_admin'");
    expect(await call('GET', `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1002&id=sbm_tsl_admin`)).toMatchObject({
      status: 404,
      body: dataFailure('Not found'),
    });
    expect(
      (
        await call('POST', `${SB}/updateSideMenuList`, {
          key: 'lego-console',
          id: 'sbm_tsl_admin',
          companyId: 1002,
          extracontext: ['trips'],
          enabled: 1,
        })
      ).status,
    ).toBe(404);
    expect(
      await t.store.one("select extracontext, roles from sidebar_menu_configs where id = 'sbm_tsl_admin'"),
    ).toEqual(before);
    expect((await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}&companyId=1001&branchId=3201`)).status).toBe(404);
  });

  it("sets a role's menu in place, one override per target, and refuses an edit onto another's target", async () => {
    const body = { key: 'lego-console', companyId: '1003', branchId: null, roles: 12, userId: [], enabled: 1 };
    const first = await call('POST', `${SB}/updateSideMenuList`, { ...body, extracontext: ['trips'] });
    expect(first.status).toBe(200);
    // No id: the menu of the scope's override of that role, changed in place (the spec's "set the menu of a role").
    const second = await call('POST', `${SB}/updateSideMenuList`, { ...body, extracontext: ['reports', 'reports'] });
    expect(second.body.result).toMatchObject({
      message: 'Side menu updated successfully',
      data: { id: first.body.result.data.id, extracontext: ['reports'], featureKey: 'sidebar_menu_Truck-Driver' },
    });
    const version = (answer: typeof first) => Number(String(answer.headers.etag).replace(/\D/g, ''));
    expect(version(second)).toBeGreaterThan(version(first));
    // The same again changes nothing: no new version, no audit entry.
    const entries = await count(t.store, 'audit_log');
    const again = await call('POST', `${SB}/updateSideMenuList`, { ...body, extracontext: ['reports'] });
    expect(again.headers.etag).toBe(second.headers.etag);
    expect(await count(t.store, 'audit_log')).toBe(entries);
    const listed = await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}&companyId=1003&enabled=1`);
    expect(listed.body.result.data.filter((c: { roles: number }) => c.roles === 12)).toHaveLength(1);
    expect(
      (await call('GET', `${SB}/fetchSideBarMenuConfig?${KEY}&companyId=1003&enabled=0`)).body.result.data,
    ).toEqual([]);

    // An edit of another override onto that role is refused in the declaration's words, and changes nothing.
    const other = await call('POST', `${SB}/updateSideMenuList`, { ...body, roles: 8, extracontext: ['trips'] });
    const clash = await call('POST', `${SB}/updateSideMenuList`, {
      ...body,
      id: other.body.result.data.id,
      extracontext: ['alerts'],
    });
    expect(clash).toMatchObject({
      status: 409,
      body: dataFailure('A side menu for this role or these users already exists'),
    });
    const kept = await call(
      'GET',
      `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1003&id=${other.body.result.data.id}`,
    );
    expect(kept.body.result.data).toMatchObject({ roles: 8, extracontext: ['trips'] });
  });

  it("moves an override's version on whatever writes its landing page (a copy, a revert), and takes an empty id as none", async () => {
    const read = () => call('GET', `${SB}/fetchSideBarMenuConfigById?${KEY}&companyId=1001&id=sbm_tsl_admin`);
    const before = (await read()).headers.etag;
    await t.store.query("update sidebar_landing_pages set landing_page = '/trips/create' where id = 'lp_tsl_admin'");
    const after = await read();
    expect(after.headers.etag).not.toBe(before);
    expect(after.body.result.data.landingPage).toBe('/trips/create');
    const made = await call('POST', `${SB}/updateSideMenuList`, {
      key: 'lego-console',
      id: '',
      companyId: '1003',
      roles: 10,
      extracontext: ['trips'],
      enabled: 1,
    });
    expect(made.body.result).toMatchObject({ status: 1, data: { roles: 10, companyId: '1003' } });
  });

  it('logs overrides and landing pages in words, and compares and copies them by role or users', async () => {
    const landing = await call('POST', `${SB}/updateLandingPage`, {
      key: 'lego-console',
      companyId: 1003,
      roles: 12,
      landingPage: '/reports/trips',
      enabled: 1,
    });
    expect(landing.status).toBe(200);
    const log = await call(
      'GET',
      `${fullPath(auditCalls.list, SERVICE_BASES)}?c=1003&t=CONSIGNOR&objectType=landing_page`,
    );
    expect(log.body.data.rows[0]).toMatchObject({ objectName: 'role:12', action: 'insert' });
    expect(log.body.data.rows[0].changes).toContainEqual(
      expect.objectContaining({ label: 'Landing page', after: '/reports/trips' }),
    );
    const compared = await call('GET', '/saas/lego/config/compare?c=1003&rc=1002');
    const pages = compared.body.data.areas.find((area: { area: string }) => area.area === 'landingPages');
    expect(pages).toMatchObject({ label: 'Landing pages', key: 'role or users' });
    expect(pages.items).toContainEqual(expect.objectContaining({ key: 'role:12', state: 'left' }));
    // A landing page for some users names the source's users: its copy is refused by their names.
    const preview = await call('POST', '/saas/lego/config/copy/preview', {
      c: '1002',
      tc: '1003',
      items: [{ area: 'landingPages', key: 'users:701,702' }],
    });
    expect(preview.body.data.items).toEqual([
      expect.objectContaining({ action: 'refuse', reason: expect.stringContaining('Names users of') }),
    ]);
  });

  // Only PostgreSQL has a second connection: two desks setting one role's menu at once keep one override.
  it.runIf(backend.name === 'postgres')('keeps one override when two desks set the same role at once', async () => {
    const body = { key: 'lego-console', companyId: '1002', branchId: '3202', roles: 35, userId: [], enabled: 1 };
    const saves = await Promise.all([
      call('POST', `${SB}/updateSideMenuList`, { ...body, extracontext: ['trips'] }),
      call('POST', `${SB}/updateSideMenuList`, { ...body, extracontext: ['reports'] }),
    ]);
    expect(saves.map((save) => save.status)).toEqual([200, 200]);
    const rows = await t.store.query(
      "select extracontext from sidebar_menu_configs where company_id = '1002' and branch_id = '3202' and target = 'role:35'",
    );
    expect(rows).toHaveLength(1);
  });

  it('lists, toggles and reads dashboards; serves the dashboard menu', async () => {
    const list = await call('GET', `${DB}/getDashboardList?companyId=1001&active=1`);
    expect(list.body.result.data).toHaveLength(2);
    expect(list.body.result.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'dsh_tsl_looker',
          customerConfigId: 'dsh_tsl_looker',
          featureKey: 'looker',
          enabled: true,
        }),
        expect.objectContaining({
          id: 'dsh_tsl_powerbi',
          customerConfigId: 'dsh_tsl_powerbi',
          featureKey: 'zoho',
          enabled: true,
        }),
      ]),
    );
    const toggled = await call('POST', `${DB}/toggleDashboard?companyId=1001`, { customerConfigId: 'dsh_tsl_looker' });
    expect(toggled.body.result).toMatchObject({ status: 1, data: { enabled: false } });
    const one = await call('GET', `${DB}/getDashboardbyId?companyId=1001&id=dsh_tsl_powerbi`);
    expect(one.body.result).toMatchObject({ status: 1, dashboardType: 'zoho' });
    expect(JSON.parse(one.body.result.extraContext).trip_analytics.rlsRoles).toEqual(['Shipper_Company_Trips']);
    const menu = await call('GET', `${DB}/getDashboardMenu?${KEY}&companyId=1`);
    expect(menu.body.result.data.map((m: { slug: string }) => m.slug)).toEqual([
      'trip_analytics',
      'indent_analytics',
      'freight_analytics',
      'carbon_dashboard',
    ]);
  });

  it('creates and updates dashboards of both types', async () => {
    const created = await call('POST', `${DB}/setDashboard`, {
      companyId: 1003,
      branchId: null,
      isCreate: true,
      typeDashboard: 'zoho',
      dashboardName: 'zoho',
      dashboardSlug: ['freight_analytics'],
      dashboardReportId: ['r-1'],
      dashboardWorkspaceId: ['w-1'],
      dashboardRlsRoles: [['All']],
    });
    expect(created.body.result).toMatchObject({
      status: 1,
      companyId: ['1003'],
      message: 'Dashboard set successfully for companyIds [ 1003 ]',
    });
    const id = created.body.result.data.id;
    const updated = await call('POST', `${DB}/setDashboard`, {
      companyId: 1003,
      isCreate: false,
      customerConfigId: id,
      typeDashboard: 'looker',
      dashboardName: 'looker',
      userId: [11, 12],
      dashboardWorkspace: [{ dashboard_id: '7', name: 'Ops' }],
    });
    expect(updated.status).toBe(200);
    const read = await call('GET', `${DB}/getDashboardbyId?companyId=1003&id=${id}`);
    expect(read.body.result.dashboardType).toBe('looker');
    expect(JSON.parse(read.body.result.extraContext)).toEqual({
      enabled_users: [11, 12],
      dashboard_tab: [{ dashboard_id: '7', name: 'Ops' }],
    });
  });

  it('refuses a PowerBI dashboard chosen twice, saving nothing', async () => {
    const before = await count(t.store, 'dashboards');
    const twice = await call('POST', `${DB}/setDashboard`, {
      companyId: 1003,
      isCreate: true,
      typeDashboard: 'zoho',
      dashboardSlug: ['freight_analytics', 'freight_analytics'],
      dashboardReportId: ['r-1', 'r-2'],
      dashboardWorkspaceId: ['w-1', 'w-2'],
      dashboardRlsRoles: [['All'], ['All']],
    });
    expect(twice).toMatchObject({ status: 400, body: dataFailure('Each dashboard can be chosen only once') });
    expect(await count(t.store, 'dashboards')).toBe(before);
  });

  it('names the PowerBI list that lacks an entry, and the looker field that is missing', async () => {
    const before = await count(t.store, 'dashboards');
    const powerbi = {
      companyId: 1003,
      isCreate: true,
      typeDashboard: 'zoho',
      dashboardSlug: ['freight_analytics', 'trip_analytics'],
    };
    const full = {
      dashboardReportId: ['r-1', 'r-2'],
      dashboardWorkspaceId: ['w-1', 'w-2'],
      dashboardRlsRoles: [['All'], ['All']],
    };
    const message = async (body: object) => (await call('POST', `${DB}/setDashboard`, body)).body.result.message;
    expect(await message({ ...powerbi, ...full, dashboardReportId: ['r-1'] })).toBe(
      'Please enter valid PowerBI ReportId',
    );
    // A list that lacks an entry is said before the menus are looked up (one of these is no dashboard menu).
    expect(
      await message({
        ...powerbi,
        ...full,
        dashboardSlug: ['trip_analytics', 'no_such_menu'],
        dashboardReportId: ['r-1'],
      }),
    ).toBe('Please enter valid PowerBI ReportId');
    expect(await message({ ...powerbi, ...full, dashboardWorkspaceId: ['w-1'] })).toBe(
      'Please enter valid PowerBI WorkspaceId',
    );
    expect(await message({ ...powerbi, ...full, dashboardRlsRoles: [['All']] })).toBe(
      'Please enter valid PowerBI Rls Roles',
    );
    expect(await message({ ...powerbi, ...full, dashboardRlsRoles: [['All'], []] })).toBe(
      'Please enter valid PowerBI Rls Roles',
    );
    expect(await message({ ...powerbi, dashboardReportId: ['r-1', 'r-2'] })).toBe(
      'Please enter valid PowerBI WorkspaceId; Please enter valid PowerBI Rls Roles',
    );
    expect(
      await message({ ...powerbi, dashboardReportId: [], dashboardWorkspaceId: ['w-1'], dashboardRlsRoles: [] }),
    ).toBe(
      'Please enter valid PowerBI ReportId; Please enter valid PowerBI WorkspaceId; Please enter valid PowerBI Rls Roles',
    );
    // An entry beyond the last chosen dashboard belongs to none.
    expect(await message({ ...powerbi, ...full, dashboardSlug: ['freight_analytics'] })).toBe('Please select menulist');
    expect(await message({ companyId: 1003, isCreate: true, dashboardSlug: ['freight_analytics'] })).toBe(
      'Please select dashboard type',
    );
    const looker = { companyId: 1003, isCreate: true, typeDashboard: 'looker' };
    expect(await message({ ...looker, dashboardWorkspace: [{ dashboard_id: '7', name: 'Ops' }] })).toBe(
      'Please input userId',
    );
    expect(await message({ ...looker, userId: [1], dashboardWorkspace: [{ dashboard_id: '7' }] })).toBe(
      'Please enter valid dashboard name',
    );
    expect(await message({ ...looker, userId: [1], dashboardWorkspace: [{ name: 'Ops' }] })).toBe(
      'Please enter valid dashboard workspace',
    );
    expect(await message({ ...looker, userId: [1] })).toBe(
      'Please enter valid dashboard name; Please enter valid dashboard workspace',
    );
    expect(await message({ ...looker, userId: [1], dashboardWorkspace: [] })).toBe(
      'Please enter valid dashboard name; Please enter valid dashboard workspace',
    );
    expect(await count(t.store, 'dashboards')).toBe(before);
  });

  it("rejects bad dashboards and another company's ids", async () => {
    const before = await count(t.store, 'dashboards');
    expect(await call('POST', `${DB}/setDashboard`, { companyId: 1003, isCreate: true })).toMatchObject({
      status: 400,
      body: dataFailure('Please select dashboard type'),
    });
    expect(
      (
        await call('POST', `${DB}/setDashboard`, {
          companyId: 1003,
          isCreate: true,
          typeDashboard: 'zoho',
          dashboardSlug: [],
        })
      ).body.result.message.split('; '),
    ).toContain('Please select menulist');
    expect(
      (
        await call('POST', `${DB}/setDashboard`, {
          companyId: 1003,
          isCreate: true,
          typeDashboard: 'zoho',
          dashboardSlug: ['trips'],
          dashboardReportId: ['r'],
          dashboardWorkspaceId: ['w'],
          dashboardRlsRoles: [['All']],
        })
      ).body.result.message.split('; '),
    ).toEqual(['Please select menulist']);
    expect(
      (
        await call('POST', `${DB}/setDashboard`, {
          companyId: 1003,
          isCreate: true,
          typeDashboard: 'looker',
          dashboardWorkspace: [{ dashboard_id: '', name: '' }],
        })
      ).body.result.message.split('; '),
    ).toEqual(
      expect.arrayContaining([
        'Please input userId',
        'Please enter valid dashboard workspace',
        'Please enter valid dashboard name',
      ]),
    );
    expect(await count(t.store, 'dashboards')).toBe(before);

    const enabled = await t.store.one("select enabled, extra_context from dashboards where id = 'dsh_tsl_powerbi'");
    expect(await call('GET', `${DB}/getDashboardbyId?companyId=1002&id=dsh_tsl_powerbi`)).toMatchObject({
      status: 404,
      body: dataFailure('Not found'),
    });
    expect(
      (await call('POST', `${DB}/toggleDashboard?companyId=1002`, { customerConfigId: 'dsh_tsl_powerbi' })).status,
    ).toBe(404);
    expect(
      (
        await call('POST', `${DB}/setDashboard`, {
          companyId: 1002,
          isCreate: false,
          customerConfigId: 'dsh_tsl_powerbi',
          typeDashboard: 'looker',
          userId: [1],
          dashboardWorkspace: [{ dashboard_id: '1', name: 'x' }],
        })
      ).status,
    ).toBe(404);
    expect(await t.store.one("select enabled, extra_context from dashboards where id = 'dsh_tsl_powerbi'")).toEqual(
      enabled,
    );
    expect(await call('GET', `${DB}/getDashboardList`)).toMatchObject({
      status: 400,
      body: dataFailure('Select a company to continue'),
    });
  });
});
