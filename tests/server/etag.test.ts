import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../schemas/api/all-calls';
import { MSG } from '../../schemas/messages';
import { BACKENDS, bootFresh, count, dataFailure, type Answer, type Call, type TestApp } from './helper';

/**
 * No lost updates (API.md "Lost updates"): record reads answer an ETag, a write with a stale If-Match gets 412 and
 * changes nothing, a write without If-Match works as the spec's clients expect.
 */

const TATA = 'c=1001&t=CONSIGNOR';
const UI = '/saas/data/onBoardingAPI';
const AUTO = '/saas/data/autoclosure';

/** A record type the console edits: how to read it, change one of its values, and delete or flip it. */
interface Kind {
  name: string;
  /** The failure body of a 412 in the type's envelope. */
  stale: unknown;
  read(call: Call): Promise<Answer>;
  /** The value {@link update} sets, as a read shows it. */
  value(read: Answer): unknown;
  /** Sets the value to `n` (a distinct number per call). */
  update(call: Call, n: number, headers?: Record<string, string>): Promise<Answer>;
}

/** A record type with a delete call, or (where the API deletes nothing) a switch flip. */
interface Removable extends Kind {
  remove(call: Call, headers?: Record<string, string>): Promise<Answer>;
  /** Whether {@link remove} deletes the record (else: it flips the switch {@link removed} reads). */
  deletes: boolean;
  removed(read: Answer): unknown;
}

const mainStale = { success: false, data: null, message: [MSG.staleRecord] };

/** The transporters of the older screens: GET / PATCH / DELETE /tms/transporters/{id}. */
const transporter: Removable = {
  name: 'transporter',
  stale: mainStale,
  read: (call) => call('GET', '/tms/transporters/trn_tsl_vrl?c=1001'),
  value: (read) => read.body.data?.contactPerson,
  update: (call, n, headers) =>
    call('PATCH', '/tms/transporters/trn_tsl_vrl?c=1001', { contactPerson: `Contact ${n}` }, { headers }),
  remove: (call, headers) => call('DELETE', '/tms/transporters/trn_tsl_vrl?c=1001', undefined, { headers }),
  deletes: true,
  removed: (read) => read.status,
};

/** Routes: fetch by id (a list of one) and create_or_update with the id (the API deletes no route). */
const route: Kind = {
  name: 'route',
  stale: mainStale,
  read: (call) => call('GET', `/saas/lego/company_routes/fetch?${TATA}&id=rt_tsl_jsr_hal`),
  value: (read) => read.body.data?.[0]?.stt,
  async update(call, n, headers) {
    const { updatedBy: _by, updatedAt: _at, ...current } = (await route.read(call)).body.data[0];
    return call('POST', `/saas/lego/company_routes/create_or_update?${TATA}`, { ...current, stt: n }, { headers });
  },
};

/** Known places: fetch with cpId (a list of one) and update (the radius; the Google place stays as read). */
const knownPlace: Kind = {
  name: 'known place',
  stale: mainStale,
  read: (call) => call('GET', `/saas/lego/company_places/fetch?${TATA}&cpId=cp_tsl_works`),
  value: (read) => read.body.data?.[0]?.geofenceRadius,
  async update(call, n, headers) {
    const { cpId, label, address, cpCode } = (await knownPlace.read(call)).body.data[0];
    return call(
      'POST',
      `/saas/lego/company_places/update?${TATA}`,
      { cpId, label, address, cpCode, geofenceRadius: 1 + (n % 40) },
      { headers },
    );
  },
};

/** Consignees: company_partners/fetch with pt=CONSIGNEE and id (a list of one) and update (the name). */
const CONSIGNEE = 'c=1001&t=CONSIGNOR&pt=CONSIGNEE';
const consignee: Kind = {
  name: 'consignee',
  stale: mainStale,
  read: (call) => call('GET', `/saas/lego/company_partners/fetch?${CONSIGNEE}&id=cee_tsl_haldia_wh`),
  value: (read) => read.body.data?.[0]?.name,
  async update(call, n, headers) {
    const { updatedBy: _by, updatedAt: _at, partnerId: _p, ...current } = (await consignee.read(call)).body.data[0];
    return call(
      'POST',
      `/saas/lego/company_partners/update?${CONSIGNEE}`,
      { ...current, name: `Haldia Warehouse ${n}` },
      { headers },
    );
  },
};

/** Notification configurations: edit-configuration, save-configuration with the id, toggle-config (the seeded SMS one, id 1). */
const NOTIFY = 'company_id=1001&branch_id=3101';
const notificationConfig: Removable = {
  name: 'notification configuration',
  stale: mainStale,
  read: (call) => call('GET', `/notification/edit-configuration?customer_config_id=1&${NOTIFY}`),
  value: (read) => read.body.value?.body,
  async update(call, n, headers) {
    const { eventName: _name, isEnabled: _enabled, ...current } = (await notificationConfig.read(call)).body.value;
    return call(
      'POST',
      '/notification/save-configuration',
      { ...current, companyId: 1001, branchId: 3101, body: `Trip {{trip_id}} ${n}` },
      { headers },
    );
  },
  remove: (call, headers) => call('POST', `/notification/toggle-config/1?${NOTIFY}`, undefined, { headers }),
  deletes: false,
  removed: (read) => read.body.value?.isEnabled,
};

/** AP configs: GET and PUT /saas/v1/ap/config/{id} (the seeded DESK config of HUL, 1002; ap-config.test.ts covers delete). */
const AP = '/saas/v1/ap/config';
const apConfig: Kind = {
  name: 'AP config',
  stale: mainStale,
  async read(call) {
    const page = (await call('GET', `${AP}/fetch/all?c=1002`)).body.data.data as { id: number; type: string }[];
    return call('GET', `${AP}/${page.find((row) => row.type === 'DESK')!.id}?c=1002`);
  },
  value: (read) => read.body.data?.value?.autoApproveBelow,
  async update(call, n, headers) {
    const { id, ...current } = (await apConfig.read(call)).body.data;
    return call(
      'PUT',
      `${AP}/${id}?c=1002`,
      { ...current, value: { ...current.value, autoApproveBelow: n } },
      { headers },
    );
  },
};

/** Auto closure rules: getAutoClosureById, createAndUpdateAutoClosure with edit, toggleAutoClosure. */
const autoClosure: Removable = {
  name: 'auto closure rule',
  stale: dataFailure(MSG.staleRecord),
  read: (call) => call('GET', `${AUTO}/getAutoClosureById?id=acl_tsl_epod&companyId=1001`),
  value: (read) => read.body.result?.data?.threshold,
  update: (call, n, headers) =>
    call(
      'POST',
      `${AUTO}/createAndUpdateAutoClosure`,
      {
        companyId: '1001',
        branchId: null,
        edit: true,
        customerConfigId: 'acl_tsl_epod',
        autoClosureType: 'EPOD',
        threshold: n,
      },
      { headers },
    ),
  remove: (call, headers) =>
    call('POST', `${AUTO}/toggleAutoClosure?companyId=1001`, { customerConfigId: 'acl_tsl_epod' }, { headers }),
  deletes: false,
  removed: (read) => read.body.result?.data?.active,
};

/** The alert-and-ticket UI configs: fetchUIConfigById, updateUIConfig with the id, toggleUIConfig. */
const ALERTS = ['long_stoppage', 'route_deviation', 'untracked', 'ewb_expiry', 'sta_breach', 'detention'];
const uiConfig: Removable = {
  name: 'UI config',
  stale: dataFailure(MSG.staleRecord),
  read: (call) => call('GET', `${UI}/fetchUIConfigById?id=uic_tsl_alerts&companyId=1001`),
  value: (read) => read.body.result?.data?.extraContext,
  update: (call, n, headers) =>
    call(
      'POST',
      `${UI}/updateUIConfig`,
      {
        id: 'uic_tsl_alerts',
        companyId: '1001',
        featureKey: 'useNeoAlertModule',
        extracontext: [ALERTS[n % ALERTS.length]],
        enabled: 1,
      },
      { headers },
    ),
  remove: (call, headers) =>
    call('POST', `${UI}/toggleUIConfig?companyId=1001`, { customerConfigId: 'uic_tsl_alerts' }, { headers }),
  deletes: false,
  removed: (read) => read.body.result?.data?.enabled,
};

/** The sidebar menu overrides: fetchSideBarMenuConfigById and updateSideMenuList with the id (no delete or switch). */
const MENU = ['trips', 'trip_list', 'create_trip', 'control_tower', 'alerts', 'tickets'];
const sidebar: Kind = {
  name: 'sidebar menu override',
  stale: dataFailure(MSG.staleRecord),
  read: (call) => call('GET', `${UI}/fetchSideBarMenuConfigById?key=lego-console&companyId=1001&id=sbm_tsl_admin`),
  value: (read) => read.body.result?.data?.extracontext,
  update: (call, n, headers) =>
    call(
      'POST',
      `${UI}/updateSideMenuList`,
      {
        key: 'lego-console',
        id: 'sbm_tsl_admin',
        companyId: '1001',
        branchId: null,
        roles: 9,
        userId: [],
        extracontext: ['trips', MENU[n % MENU.length]],
        enabled: 1,
      },
      { headers },
    ),
};

/** Dashboards: getDashboardbyId, setDashboard with isCreate false, toggleDashboard. */
const DASH = '/saas/data/automationdashboard';
const dashboard: Removable = {
  name: 'dashboard',
  stale: dataFailure(MSG.staleRecord),
  read: (call) => call('GET', `${DASH}/getDashboardbyId?companyId=1001&id=dsh_tsl_looker`),
  value: (read) => read.body.result?.extraContext,
  update: (call, n, headers) =>
    call(
      'POST',
      `${DASH}/setDashboard`,
      {
        companyId: '1001',
        isCreate: false,
        customerConfigId: 'dsh_tsl_looker',
        typeDashboard: 'looker',
        dashboardName: 'looker',
        userId: [n],
        dashboardWorkspace: [{ dashboard_id: '42', name: 'Freight Overview' }],
      },
      { headers },
    ),
  remove: (call, headers) =>
    call('POST', `${DASH}/toggleDashboard?companyId=1001`, { customerConfigId: 'dsh_tsl_looker' }, { headers }),
  deletes: false,
  removed: (read) => read.body.result?.enabled,
};

/** Report schedules: GET report/{id}, PUT update/{id} with a definition, or with the active flag (the list's switch). */
const REPORT = 'rs_tsl_daily';
const report: Removable = {
  name: 'report schedule',
  stale: mainStale,
  read: (call) => call('GET', `/saas/v1/rs/report/${REPORT}?c=1001`),
  value: (read) => read.body.data?.definition?.email_recipients,
  update: (call, n, headers) =>
    call(
      'PUT',
      `/saas/v1/rs/update/${REPORT}?c=1001`,
      {
        definition: {
          email_recipients: `ops${n}@demo.local`,
          company_id: '1001',
          schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
        },
      },
      { headers },
    ),
  async remove(call, headers) {
    const active = (await report.read(call)).body.data.active;
    return call('PUT', `/saas/v1/rs/update/${REPORT}?c=1001`, { active: active === 1 ? 0 : 1 }, { headers });
  },
  deletes: false,
  removed: (read) => read.body.data?.active === 1,
};

const etagOf = (answer: Answer) => answer.headers.etag as string | undefined;
const ifMatch = (etag: string | undefined) => ({ 'if-match': etag ?? 'missing' });

describe.each(BACKENDS)('ETag and If-Match on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  describe.each([
    transporter,
    route,
    knownPlace,
    consignee,
    autoClosure,
    uiConfig,
    sidebar,
    dashboard,
    report,
    notificationConfig,
    apConfig,
  ])('a $name', (kind) => {
    let n = 0;
    const next = () => (n += 1);

    it('is read with a strong ETag in the header and an unchanged body', async () => {
      const read = await kind.read(call);
      expect(read.status).toBe(200);
      expect(etagOf(read)).toMatch(/^"\d+"$/);
      expect(JSON.stringify(read.body)).not.toContain('version');
    });

    it('saves with the ETag it was read with, answers the new one, and refuses the old one with 412, changing nothing', async () => {
      const read = await kind.read(call);
      const first = next();
      const saved = await kind.update(call, first, ifMatch(etagOf(read)));
      expect(saved.status).toBe(200);
      expect(etagOf(saved)).toMatch(/^"\d+"$/);
      // The route layer sends the version as the ETag, never in the body (server/http/route.ts versionAsEtag).
      expect(JSON.stringify(saved.body)).not.toContain('"version"');
      expect(etagOf(saved)).not.toBe(etagOf(read));
      const after = await kind.read(call);
      expect(etagOf(after)).toBe(etagOf(saved));
      const changed = kind.value(after);

      // A second operator still holding the first read saves over it: refused.
      const stale = await kind.update(call, next(), ifMatch(etagOf(read)));
      expect(stale).toMatchObject({ status: 412, body: kind.stale });
      expect(etagOf(stale)).toBeUndefined();
      const unchanged = await kind.read(call);
      expect(kind.value(unchanged)).toEqual(changed);
      expect(etagOf(unchanged)).toBe(etagOf(saved));
    });

    it("saves without If-Match (the spec's clients), and with If-Match * or a list holding the current ETag", async () => {
      const plain = await kind.update(call, next(), {});
      expect(plain.status).toBe(200);
      const any = await kind.update(call, next(), { 'if-match': '*' });
      expect(any.status).toBe(200);
      expect(etagOf(any)).not.toBe(etagOf(plain));
      const listed = await kind.update(call, next(), { 'if-match': `"999999", ${etagOf(any)}` });
      expect(listed.status).toBe(200);
      expect(etagOf(await kind.read(call))).toBe(etagOf(listed));
    });

    it('refuses a weak or foreign ETag with 412 and a malformed If-Match with 400, changing nothing', async () => {
      const read = await kind.read(call);
      const before = kind.value(read);
      const current = etagOf(read)!;
      expect((await kind.update(call, next(), { 'if-match': `W/${current}` })).status).toBe(412);
      expect((await kind.update(call, next(), { 'if-match': '"not-a-version"' })).status).toBe(412);
      for (const bad of [
        current.slice(1, -1),
        `${current} ${current}`,
        '"unterminated',
        'W/',
        `"${'9'.repeat(2000)}"`,
      ]) {
        const answer = await kind.update(call, next(), { 'if-match': bad });
        expect(answer.status, bad).toBe(400);
        expect(JSON.stringify(answer.body)).toContain(MSG.badIfMatch.replace(/"/g, '\\"'));
      }
      const after = await kind.read(call);
      expect(kind.value(after)).toEqual(before);
      expect(etagOf(after)).toBe(current);
    });

    it('lets exactly one of two saves made from the same read win', async () => {
      const read = await kind.read(call);
      const answers = await Promise.all([
        kind.update(call, next(), ifMatch(etagOf(read))),
        kind.update(call, next(), ifMatch(etagOf(read))),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
      const winner = answers.find((a) => a.status === 200)!;
      expect(etagOf(await kind.read(call))).toBe(etagOf(winner));
    });
  });

  describe.each([transporter, autoClosure, uiConfig, dashboard, report])('a $name (delete or switch)', (kind) => {
    let n = 100;
    const next = () => (n += 1);

    it('refuses a stale delete or switch flip with 412, then takes the current ETag', async () => {
      const read = await kind.read(call);
      await kind.update(call, next(), {});
      const stale = await kind.remove(call, ifMatch(etagOf(read)));
      expect(stale).toMatchObject({ status: 412, body: kind.stale });
      const still = await kind.read(call);
      expect(still.status).toBe(200);
      expect(kind.removed(still)).toEqual(kind.removed(read));

      const done = await kind.remove(call, ifMatch(etagOf(still)));
      expect(done.status).toBe(200);
      const after = await kind.read(call);
      if (kind.deletes) {
        expect(after.status).toBe(404);
        // Gone: a conditional write now says so (404), not that it changed (412).
        expect((await kind.update(call, next(), ifMatch(etagOf(still)))).status).toBe(404);
      } else {
        expect(kind.removed(after)).toBe(!kind.removed(still));
        expect(etagOf(done)).toBe(etagOf(after));
        // Flipped back by a client that sends no If-Match.
        expect((await kind.remove(call, {})).status).toBe(200);
      }
    });
  });

  it("answers 404, not 412, for another company's record whatever the If-Match", async () => {
    const hul = await t.store.one<{ version: number }>('select version from transporters where id = $1', [
      'trn_hul_gati',
    ]);
    const patch = await call(
      'PATCH',
      '/tms/transporters/trn_hul_gati?c=1001',
      { contactPerson: 'Hijacked' },
      { headers: { 'if-match': '"999"' } },
    );
    expect(patch.status).toBe(404);
    const route = await call(
      'POST',
      `/saas/lego/company_routes/create_or_update?${TATA}`,
      {
        id: 'rt_hul_bhw_ckn',
        label: 'Hijacked',
        origin: { google: { place_id: 'a' } },
        destination: { google: { place_id: 'b' } },
      },
      { headers: { 'if-match': '"999"' } },
    );
    expect(route.status).toBe(404);
    expect(await t.store.one('select version from transporters where id = $1', ['trn_hul_gati'])).toEqual(hul);
  });

  it('a new transporter answers its ETag, which a later save takes', async () => {
    const created = await call('POST', '/tms/transporters?c=1001', {
      transporterName: 'Safexpress',
      branch: 'Pune',
      address: 'Chakan',
      state: 'Maharashtra',
      city: 'Pune',
      contactPerson: 'Meera',
      phoneNumber: '9890012345',
      active: true,
      uid: 'SFX',
    });
    expect(created.status).toBe(200);
    const saved = await call(
      'PATCH',
      `/tms/transporters/${created.body.data.id}?c=1001`,
      { city: 'Chakan' },
      { headers: ifMatch(etagOf(created)) },
    );
    expect(saved.status).toBe(200);
  });

  describe('an alert config (no call reads one alone: its switch flips answer the ETag)', () => {
    const ALERT = '/saas/data/automation';
    let id: string;
    const state = () => t.store.one('select enabled, extra_context, version from alert_configs where id = $1', [id]);
    const flip = (headers: Record<string, string> = {}) =>
      call('POST', `${ALERT}/toggleAlert?companyId=1001`, { alertId: id }, { headers });
    const flipTickets = (headers: Record<string, string> = {}) =>
      call('POST', `${ALERT}/toggleAlertTickets?companyId=1001`, { alertId: id }, { headers });
    beforeAll(async () => {
      id = (await t.store.one<{ id: string }>(
        "select id from alert_configs where company_id = '1001' and branch_id is null and feature_key = 'detention'",
      ))!.id;
    });

    it('answers a new ETag on each flip, takes it as If-Match and refuses a stale, weak or foreign one with 412, changing nothing', async () => {
      const first = await flip();
      expect(first.status).toBe(200);
      expect(etagOf(first)).toMatch(/^"\d+"$/);
      expect(JSON.stringify(first.body)).not.toContain('version');
      const second = await flipTickets(ifMatch(etagOf(first)));
      expect(second.status).toBe(200);
      expect(etagOf(second)).not.toBe(etagOf(first));
      const before = await state();
      for (const tag of [etagOf(first)!, '"99999"', `W/${etagOf(second)}`]) {
        expect(await flip({ 'if-match': tag }), tag).toMatchObject({ status: 412, body: dataFailure(MSG.staleRecord) });
        expect(await flipTickets({ 'if-match': tag }), tag).toMatchObject({
          status: 412,
          body: dataFailure(MSG.staleRecord),
        });
      }
      expect((await flip({ 'if-match': 'not-a-tag' })).status).toBe(400);
      expect(await state()).toEqual(before);
      const third = await flip({ 'if-match': `"99999", ${etagOf(second)}` });
      expect(third.status).toBe(200);
      expect(third.body.result.data.enabled).toBe(!(before as { enabled: boolean }).enabled);
      expect(await flip({ 'if-match': '*' })).toMatchObject({
        status: 200,
        body: { result: { data: { enabled: (before as { enabled: boolean }).enabled } } },
      });
    });

    it('lets exactly one of two flips made from the same ETag win', async () => {
      const current = etagOf(await flip());
      const answers = await Promise.all([flip(ifMatch(current)), flipTickets(ifMatch(current))]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 412]);
    });

    it('answers 404, not 412, for an unknown alert whatever the If-Match', async () => {
      expect(
        (
          await call(
            'POST',
            `${ALERT}/toggleAlert?companyId=1001`,
            { alertId: 'no_such_alert' },
            { headers: { 'if-match': '"1"' } },
          )
        ).status,
      ).toBe(404);
    });
  });

  describe.each([sidebar, dashboard, report])('a $name saved unchanged', (kind) => {
    it('moves to a new ETag but writes no audit entry (the version is not a change of the configuration)', async () => {
      await kind.update(call, 7, {});
      const entries = await count(t.store, 'audit_log');
      const read = await kind.read(call);
      const again = await kind.update(call, 7, ifMatch(etagOf(read)));
      expect(again.status).toBe(200);
      expect(etagOf(again)).not.toBe(etagOf(read));
      expect(await count(t.store, 'audit_log')).toBe(entries);
      // A real change is logged.
      expect((await kind.update(call, 8, {})).status).toBe(200);
      expect(await count(t.store, 'audit_log')).toBe(entries + 1);
    });
  });

  it("a sidebar override's version moves on when its landing page changes (the override is read with it)", async () => {
    const read = await sidebar.read(call);
    const page = read.body.result.data.landingPage === '/trips' ? '/trips/create' : '/trips';
    const landing = await call('POST', `${UI}/updateLandingPage`, {
      key: 'lego-console',
      companyId: '1001',
      branchId: null,
      roles: 9,
      userId: [],
      landingPage: page,
      enabled: 1,
    });
    expect(landing.status).toBe(200);
    const stale = await sidebar.update(call, 1, ifMatch(etagOf(read)));
    expect(stale).toMatchObject({ status: 412, body: sidebar.stale });
    const now = await sidebar.read(call);
    expect(now.body.result.data.landingPage).toBe(page);
    // Setting the same page again changes nothing, so a form read now still saves.
    await call('POST', `${UI}/updateLandingPage`, {
      key: 'lego-console',
      companyId: '1001',
      branchId: null,
      roles: 9,
      userId: [],
      landingPage: page,
      enabled: 1,
    });
    expect((await sidebar.update(call, 1, ifMatch(etagOf(now)))).status).toBe(200);
  });

  it('a new dashboard and a new report schedule answer their ETag, which a later save takes', async () => {
    // A create ignores If-Match, even a malformed one (API.md "Lost updates").
    const dash = await call(
      'POST',
      `${DASH}/setDashboard`,
      {
        companyId: '1001',
        isCreate: true,
        typeDashboard: 'looker',
        dashboardName: 'looker',
        userId: [3],
        dashboardWorkspace: [{ dashboard_id: '5', name: 'New' }],
      },
      { headers: { 'if-match': 'not a tag' } },
    );
    expect(etagOf(dash)).toMatch(/^"\d+"$/);
    expect(
      (
        await call(
          'POST',
          `${DASH}/toggleDashboard?companyId=1001`,
          { customerConfigId: dash.body.result.data.id },
          { headers: ifMatch(etagOf(dash)) },
        )
      ).status,
    ).toBe(200);
    const entity = (await call('GET', '/saas/lego/cbdt?c=1001')).body.data.id;
    const created = await call('POST', '/saas/v1/rs/definition/create?c=1001', {
      entity_id: entity,
      type: 'DAILY_TRIP_SUMMARY',
      definition: {
        email_recipients: 'new@demo.local',
        company_id: '1001',
        schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
      },
    });
    expect(etagOf(created)).toMatch(/^"\d+"$/);
    expect(
      (
        await call(
          'PUT',
          `/saas/v1/rs/update/${created.body.data.id}?c=1001`,
          { active: 0 },
          { headers: ifMatch(etagOf(created)) },
        )
      ).status,
    ).toBe(200);
  });

  it("a report run is made, never changed: 'Run now' edits no schedule (its ETag stays), and runs answer no ETag", async () => {
    const read = await call('GET', '/saas/v1/rs/report/rs_tsl_daily?c=1001');
    const ran = await call('POST', '/saas/v1/rs/report/rs_tsl_daily/run?c=1001');
    expect(ran.status).toBe(200);
    expect(ran.headers.etag).toBeUndefined();
    const runs = await call('GET', '/saas/v1/rs/report/rs_tsl_daily/runs?c=1001');
    expect(runs.body.data[0].id).toBe(ran.body.data.id);
    expect(runs.headers.etag).toBeUndefined();
    // The schedule read before the run still saves with its ETag: a run is no change of the schedule.
    expect(etagOf(await call('GET', '/saas/v1/rs/report/rs_tsl_daily?c=1001'))).toBe(etagOf(read));
    expect(
      (await call('PUT', '/saas/v1/rs/update/rs_tsl_daily?c=1001', { active: 1 }, { headers: ifMatch(etagOf(read)) }))
        .status,
    ).toBe(200);
  });

  it('route master entries are only listed and created: no call changes or deletes one, so none can be lost', () => {
    const writes = Object.values(allCalls).filter(
      (c) => c.path.includes('company_routes_master') && c.method !== 'GET',
    );
    expect(writes.map((c) => c.id).sort()).toEqual(['routeMaster.bulkCreate', 'routeMaster.create']);
  });

  it("the viewers' calls only read (ft_to_lego_config computes from its body and stores nothing): no ETag to keep", async () => {
    const viewers = allCalls.filter((c) => c.id.startsWith('viewers.'));
    expect(viewers.filter((c) => c.method !== 'GET').map((c) => c.id)).toEqual(['viewers.ftToLegoConfig']);
    const before = await count(t.store, 'audit_log');
    const lego = await call('POST', '/v1/ticketing/ft_to_lego_config', {
      data: [{ companyId: '1001', companyType: 'CONSIGNOR', alerts: [{ featureKey: 'untracked', enabled: true }] }],
    });
    expect(lego.status).toBe(200);
    expect(etagOf(lego)).toBeUndefined();
    expect(await count(t.store, 'audit_log')).toBe(before);
  });
});
