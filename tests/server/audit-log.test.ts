import { ALL_AUDITED } from '../../schemas/audited';
import { triggerArguments } from '../../server/store/audit-triggers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';
import {
  SERVICE_BASES,
  auditCalls,
  alertCalls,
  fullPath,
  mainCalls,
  materialCalls,
  transporterCalls,
  vehicleCalls,
} from '../../schemas/api';
import { configCopyCalls, type CopyPreview, type RevertPreview } from '../../schemas/api/config-copy';
import { AUDIT_MSG, type AuditEntry, type AuditPage } from '../../schemas/audit';
import { withQuery } from '../../engine/data/http';

const LIST = fullPath(auditCalls.list, SERVICE_BASES);
const USERS = fullPath(auditCalls.users, SERVICE_BASES);
const OBJECT_TYPES = fullPath(auditCalls.objectTypes, SERVICE_BASES);
const TATA = 'c=1001&t=CONSIGNOR';

/** Tables with a company's data that are not its configuration (org structure, look-up ids), so not audited. */
// Trips (and their search index) are what the configuration acts on: operational data, appended to by pings.
const NOT_CONFIGURATION = [
  'alert_impact_runs',
  // Preview tokens consumed, each with the change set it made.
  'applied_previews',
  'audit_log',
  'branches',
  // Change sets name the company a copy or revert wrote to; their records are audited themselves.
  'change_sets',
  // Proposals are changes not yet made: what an applied one writes is audited, as one change set.
  'change_proposals',
  'departments',
  // The kept numbers of rows of big lists (migration 200), which the database keeps as their rows change.
  'list_counts',
  'report_entities',
  // The areas a company reviews keep who required each and since when (the Changes screen's review settings).
  'review_areas',
  'report_runs',
  'trips',
  'trip_search',
];

const place = (id: string, label: string) => ({
  label,
  address: `${label}, Maharashtra, India`,
  cpCode: label.toUpperCase(),
  geofenceRadius: 3,
  google: {
    place_id: id,
    formatted_address: `${label}, Maharashtra, India`,
    geometry: { location: { lat: 19.1, lng: 72.9 } },
  },
});

describe.each(BACKENDS)('audit log on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  /** One page of the audit log for the query. */
  const log = async (query: Record<string, string | number>) => {
    const answer = await call<{ data: AuditPage }>('GET', withQuery(LIST, { t: 'CONSIGNOR', ...query }));
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const newest = async (query: Record<string, string | number>) => (await log({ ...query, size: 1 })).rows[0];
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('puts every configuration table under audit, with object types the screen knows', async () => {
    const withCompany = await t.store.query<{ table_name: string }>(
      `select distinct table_name from information_schema.columns where table_schema = current_schema() and column_name = 'company_id'`,
    );
    const triggers = await t.store.query<{ tbl: string; args: string }>(
      `select tgrelid::regclass::text as tbl, encode(tgargs, 'escape') as args from pg_trigger where tgname = 'audit_change'`,
    );
    const audited = new Map(triggers.map((row) => [row.tbl, row.args.split('\\000')[0]]));
    const expected = withCompany.map((row) => row.table_name).filter((name) => !NOT_CONFIGURATION.includes(name));
    expect(expected.filter((name) => !audited.has(name))).toEqual([]);
    // Waypoints carry no company_id: their route's is recorded.
    expect(audited.get('route_waypoints')).toBe('waypoint');
    // Every audited table is declared; each trigger is its table's declaration, each declared key its primary key.
    const declared = new Set<string>(ALL_AUDITED.map((declaration) => declaration.table));
    expect(triggers.map((trigger) => trigger.tbl).filter((name) => !declared.has(name))).toEqual([]);
    for (const declaration of ALL_AUDITED) {
      const row = triggers.find((trigger) => trigger.tbl === declaration.table);
      expect(row?.args.split('\\000').slice(0, -1), declaration.table).toEqual(triggerArguments(declaration));
      const key = await t.store.one<{ columns: string[] }>(
        `select array(select a.attname from unnest(i.indkey) with ordinality k(n, o) join pg_attribute a
                        on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[] as columns
           from pg_index i where i.indrelid = $1::regclass and i.indisprimary`,
        [declaration.table],
      );
      expect(key?.columns, declaration.table).toEqual(declaration.key);
    }
    // The screen's object type filter offers each, by name.
    const types = (await call<{ data: { value: string; label: string }[] }>('GET', `${OBJECT_TYPES}?c=1001`)).body.data;
    expect(types.map((type) => type.value)).toEqual([...new Set(audited.values())].sort());
    expect(types).toContainEqual({ value: 'route_master', label: 'Route master' });
    expect(types).toContainEqual({ value: 'place', label: 'Known place' });
  });

  it('records a change through the API with who, when, which call, the object and its fields before and after', async () => {
    const started = Date.now();
    const route = (await call('GET', `${fullPath(mainCalls.routes, SERVICE_BASES)}?${TATA}&id=rt_tsl_jsr_ccu`)).body
      .data[0];
    const saved = await call('POST', `${fullPath(mainCalls.saveRoute, SERVICE_BASES)}?${TATA}`, {
      ...route,
      label: 'Jamshedpur - Kolkata Stockyard',
      stt: 500,
    });
    expect(saved.status).toBe(200);

    const entry = await newest({ c: '1001' });
    expect(entry).toMatchObject({
      userId: 'usr_ops',
      userName: 'Priya Sharma',
      userEmail: 'ops@demo.local',
      call: 'routes.createOrUpdate',
      objectType: 'route',
      objectId: 'rt_tsl_jsr_ccu',
      action: 'update',
      branchId: '3101',
      branchName: 'Jamshedpur',
      changeSet: null,
      provenance: null,
      before: { label: 'Jamshedpur - Kolkata', stt: 480 },
      after: { label: 'Jamshedpur - Kolkata Stockyard', stt: 500 },
    });
    expect(entry.at).toBeGreaterThanOrEqual(started - 1000);
    // The changed fields only, without the bookkeeping every save touches.
    expect(entry.changes).toEqual([
      // Each field with its name in words (schemas/audited.ts), as the Audit Log shows it.
      { field: 'label', label: 'Route name', before: 'Jamshedpur - Kolkata', after: 'Jamshedpur - Kolkata Stockyard' },
      { field: 'stt', label: 'Standard transit time', before: '480', after: '500' },
    ]);

    // Saving the same content again changes nothing worth recording.
    const total = (await log({ c: '1001' })).total;
    expect(
      (
        await call('POST', `${fullPath(mainCalls.saveRoute, SERVICE_BASES)}?${TATA}`, {
          ...route,
          label: 'Jamshedpur - Kolkata Stockyard',
          stt: 500,
        })
      ).status,
    ).toBe(200);
    expect((await log({ c: '1001' })).total).toBe(total);
  });

  it('names a branch by its name beside its id in the changes it lists', async () => {
    const created = await call('POST', '/saas/lego/company_vehicles/create?c=1001&b=3101', { label: 'Branch truck' });
    expect(created.status).toBe(200);
    const entry = await newest({ c: 1001, type: 'vehicle' });
    expect(entry.changes).toContainEqual({
      field: 'branch_id',
      label: 'Branch',
      before: null,
      after: 'Jamshedpur (3101)',
    });
  });

  it('names each record by its label and each id by what it stands for: a route, an alert type, a user', async () => {
    // A freight rate's route by its code, an alert by its type's name (the seed's entries, written by the triggers).
    const rate = await newest({ c: 1001, type: 'route_master' });
    const routeId = String(rate.after?.route_id);
    const [route] = await t.store.query<{ code: string }>(
      "select coalesce(nullif(code, ''), label) as code from routes where id::text = $1",
      [routeId],
    );
    expect(rate.changes).toContainEqual(
      expect.objectContaining({ field: 'route_id', after: `${route.code} (${routeId})` }),
    );
    expect(rate.objectName).toContain(`${route.code} from `);
    const alert = await newest({ c: 1001, type: 'alert' });
    const [type] = await t.store.query<{ name: string }>(
      'select a.name from alert_types a join alert_configs c on c.feature_key = a.feature_key where c.id = $1',
      [alert.objectId],
    );
    expect(alert.objectName).toBe(type.name);

    // A sidebar menu's users, element by element; an id the company has no user for stays as it is.
    await t.store.query(
      'update sidebar_menu_configs set user_ids = \'["usr_ops", "nobody"]\' where company_id = \'1001\'',
    );
    const menu = await newest({ c: 1001, type: 'sidebar_menu' });
    expect(menu.changes).toContainEqual(
      expect.objectContaining({ field: 'user_ids', after: 'Priya Sharma (usr_ops), nobody' }),
    );
  });

  it('records creations and deletions, and a child row under its parent company and branch', async () => {
    const created = await call('POST', `${fullPath(vehicleCalls.create, SERVICE_BASES)}?c=1001&b=3102&t=CONSIGNOR`, {
      label: 'Audit Reefer 32 ft',
    });
    const vehicleId = created.body.data.vehicleId;
    // The fields the creation set, without the empty ones (department, standard vehicle) and the bookkeeping (id, company, time).
    const setFields = [
      { field: 'branch_id', label: 'Branch', before: null, after: 'Kolkata (3102)' },
      { field: 'label', label: 'Vehicle', before: null, after: 'Audit Reefer 32 ft' },
    ];
    expect(await newest({ c: '1001' })).toMatchObject({
      action: 'insert',
      objectType: 'vehicle',
      objectId: vehicleId,
      branchId: '3102',
      call: 'vehicles.create',
      before: null,
      after: { id: vehicleId, company_id: '1001', department_id: null },
      changes: setFields,
    });
    expect(
      (await call('DELETE', `${fullPath(vehicleCalls.remove, SERVICE_BASES)}?c=1001&t=CONSIGNOR&id=${vehicleId}`))
        .status,
    ).toBe(200);
    // A deletion names the fields the record had, from their values to none.
    expect(await newest({ c: '1001' })).toMatchObject({
      action: 'delete',
      objectType: 'vehicle',
      objectId: vehicleId,
      call: 'vehicles.delete',
      after: null,
      before: { label: 'Audit Reefer 32 ft' },
      changes: setFields.map(({ field, label, after }) => ({ field, label, before: after, after: null })),
    });

    const waypoint = await call(
      'POST',
      `${fullPath(mainCalls.createWaypoint, SERVICE_BASES)}?${TATA}&routeId=rt_tsl_jsr_hal`,
      place('in:po:721604:haldia', 'Haldia Gate'),
    );
    expect(waypoint.status).toBe(200);
    expect(await newest({ c: '1001' })).toMatchObject({
      action: 'insert',
      objectType: 'waypoint',
      objectId: waypoint.body.data.id,
      branchId: '3101',
      call: 'waypoints.create',
      after: { route_id: 'rt_tsl_jsr_hal', place: { label: 'Haldia Gate' } },
    });
  });

  it('shows a switch flipped as old → new, and a change made outside the API as the system', async () => {
    const [transporter] = (await call('GET', `${fullPath(transporterCalls.list, SERVICE_BASES)}?${TATA}`)).body.data;
    const path = fullPath(transporterCalls.update, SERVICE_BASES).replace(':id', transporter.id);
    expect((await call('PATCH', `${path}?${TATA}`, { active: !transporter.active })).status).toBe(200);
    expect(await newest({ c: '1001' })).toMatchObject({
      objectType: 'transporter',
      objectId: transporter.id,
      call: 'transporters.update',
      changes: [{ field: 'active', before: String(transporter.active), after: String(!transporter.active) }],
    });

    await t.store.tx((q) =>
      q.query(
        "update company_materials set label = label || ' (renamed)' where id = (select min(id) from company_materials where company_id = '1001')",
      ),
    );
    expect(await newest({ c: '1001' })).toMatchObject({
      objectType: 'material',
      action: 'update',
      userId: null,
      userName: null,
      call: null,
    });
  });

  it('names each caller on their own changes when two operators save at the same time', async () => {
    await t.store.query(
      `insert into users (id, email, phone, name, password_hash, pwd_exp, desk_id, masks)
       select 'usr_audit2', 'second.ops@demo.local', '9876500000', 'Second Operator', password_hash, pwd_exp, 'desk-ops-09', masks from users where id = 'usr_ops'`,
    );
    const second = (await t.login('second.ops@demo.local')).call;
    const save = (as: Call, label: string) =>
      as('POST', `${fullPath(materialCalls.create, SERVICE_BASES)}?c=1003&t=CONSIGNOR`, { label });
    const saved = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(i % 2 ? second : call, `Concurrent ${i}`)),
    );
    expect(saved.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const entries = (await log({ c: '1003', type: 'material', size: 20 })).rows.filter((row) =>
      String(row.after?.label).startsWith('Concurrent'),
    );
    expect(entries).toHaveLength(6);
    for (const entry of entries) {
      const i = Number(String(entry.after!.label).split(' ')[1]);
      expect(entry.userId).toBe(i % 2 ? 'usr_audit2' : 'usr_ops');
    }
    expect((await call('GET', `${USERS}?c=1003`)).body.data).toEqual([
      { id: 'usr_ops', name: 'Priya Sharma' },
      { id: 'usr_audit2', name: 'Second Operator' },
    ]);
  });

  it('leaves no entry for a call that fails or a transaction that rolls back', async () => {
    const entries = await count(t.store, 'audit_log');
    const bad = await call('POST', `${fullPath(mainCalls.saveRoute, SERVICE_BASES)}?${TATA}`, {
      label: '  ',
      origin: place('a', 'A'),
      destination: {},
    });
    expect(bad.status).toBe(400);
    // All or none: the first row is stored, the second fails, so the first is rolled back with its entry.
    const alerts = await count(t.store, 'alert_configs');
    await call('POST', '/saas/data/automation/setAlerts?key=lego-console&allOrNone=true&companyId=1003', [
      { CompanyId: '1003', Alert_Name: 'overspeed', enable_ticket: true },
      { CompanyId: '999999', Alert_Name: 'overspeed' },
    ]);
    expect(await count(t.store, 'alert_configs')).toBe(alerts);
    await expect(
      t.store.tx(async (q) => {
        await q.query("update routes set label = 'Rolled back' where id = 'rt_tsl_jsr_hal'");
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count(t.store, 'audit_log')).toBe(entries);
  });

  it("lists one company's entries only, and its branch's when one is chosen", async () => {
    const hul = await call('POST', `${fullPath(materialCalls.create, SERVICE_BASES)}?c=1002&t=CONSIGNOR`, {
      label: 'Detergent Audit Cartons',
    });
    const materialId = hul.body.data.materialId;
    expect(await newest({ c: '1002' })).toMatchObject({ objectId: materialId });
    const tata = await log({ c: '1001', size: 100 });
    expect(tata.rows.some((row) => row.objectId === materialId)).toBe(false);
    const all = await t.store.query<{ company_id: string }>('select distinct company_id from audit_log');
    expect(all.length).toBeGreaterThan(1);
    // Every entry of the company, across pages: none of another company.
    const ids = await t.store.query<{ id: number }>("select id from audit_log where company_id = '1001'");
    expect(tata.total).toBe(ids.length);

    const branch = await log({ c: '1001', b: '3101', size: 100 });
    expect(branch.rows.length).toBeGreaterThan(0);
    expect(branch.rows.every((row) => row.branchId === '3101')).toBe(true);
    expect(branch.total).toBeLessThan(tata.total);
    // Another company's branch, or an unknown company, is not found.
    expect((await call('GET', `${LIST}?c=1001&b=3201`)).status).toBe(404);
    expect((await call('GET', `${LIST}?c=99999`)).status).toBe(404);
    expect(await call('GET', LIST)).toMatchObject({ status: 400, body: { message: ['Select a company to continue'] } });
  });

  it('filters by user, object type and time, pages newest first, and offers the users as options', async () => {
    const all = await log({ c: '1001', size: 100 });
    const times = all.rows.map((row) => [row.at, row.id]);
    expect(times).toEqual([...times].sort((a, b) => b[0] - a[0] || b[1] - a[1]));

    const byUser = await log({ c: '1001', user: 'usr_ops', size: 100 });
    expect(byUser.total).toBeGreaterThan(0);
    expect(byUser.rows.every((row) => row.userId === 'usr_ops')).toBe(true);
    expect(byUser.total).toBeLessThan(all.total);
    expect((await log({ c: '1001', user: 'usr_nobody' })).total).toBe(0);

    const routes = await log({ c: '1001', type: 'route', size: 100 });
    expect(routes.total).toBeGreaterThan(0);
    expect(routes.rows.every((row) => row.objectType === 'route')).toBe(true);

    const latest = all.rows[0];
    const exact = await log({ c: '1001', from: latest.at, to: latest.at, size: 100 });
    expect(exact.rows.map((row) => row.id)).toContain(latest.id);
    expect(exact.rows.every((row) => row.at === latest.at)).toBe(true);
    expect((await log({ c: '1001', from: latest.at + 1 })).total).toBe(0);
    expect((await log({ c: '1001', to: latest.at - 1 })).total).toBe(all.total - exact.total);

    const first = await log({ c: '1001', size: 2, page: 1 });
    const second = await log({ c: '1001', size: 2, page: 2 });
    expect(first).toMatchObject({ page: 1, size: 2, total: all.total });
    expect([...first.rows, ...second.rows].map((row: AuditEntry) => row.id)).toEqual(
      all.rows.slice(0, 4).map((row) => row.id),
    );
    expect((await log({ c: '1001', size: 100, page: 1000 })).rows).toEqual([]);

    const users = await call('GET', `${USERS}?c=1001`);
    expect(users.body.data).toEqual([{ id: 'usr_ops', name: 'Priya Sharma' }]);
  });

  it('searches who, the call, the object and its record before and after, any case, LIKE wildcards literal', async () => {
    const saved = await call('POST', '/saas/lego/company_vehicles/create?c=1001', { label: 'Searchable Tipper 7' });
    expect(saved.status).toBe(200);
    const all = await log({ c: '1001', size: 100 });
    // In the record after: the new vehicle, and nothing else of the company.
    const byRecord = await log({ c: '1001', q: 'searchable TIPPER', size: 100 });
    expect(byRecord.total).toBe(1);
    expect(byRecord.rows[0]).toMatchObject({
      objectType: 'vehicle',
      action: 'insert',
      call: expect.stringMatching(/\w/),
    });
    // By who made it (name or e-mail), by the call, by the object's id: each keeps only entries that hold it.
    const byName = await log({ c: '1001', q: 'priya', size: 100 });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.rows.every((row) => row.userName === 'Priya Sharma')).toBe(true);
    expect(byName.total).toBeLessThan(all.total);
    // The e-mail in who made it, or in a record (its `updated_by`): every entry found holds it somewhere.
    const byEmail = await log({ c: '1001', q: 'OPS@DEMO', size: 100 });
    expect(byEmail.total).toBeGreaterThanOrEqual(byName.total);
    for (const row of byEmail.rows)
      expect(JSON.stringify([row.userEmail, row.before, row.after]).toLowerCase()).toContain('ops@demo');
    const made = byRecord.rows[0].call!;
    const byCall = await log({ c: '1001', q: made.toUpperCase(), size: 100 });
    expect(byCall.rows.map((row) => row.id)).toContain(byRecord.rows[0].id);
    expect(byCall.rows.every((row) => row.call === made)).toBe(true);
    const byId = await log({ c: '1001', q: byRecord.rows[0].objectId, size: 100 });
    expect(byId.rows.map((row) => row.id)).toContain(byRecord.rows[0].id);
    // The search narrows the other filters, and its count matches its rows.
    expect((await log({ c: '1001', q: 'searchable', type: 'route' })).total).toBe(0);
    // A LIKE wildcard is a character like any other; spaces around the text are not searched.
    expect((await log({ c: '1001', q: '%' })).total).toBe(0);
    expect((await log({ c: '1001', q: '  Searchable Tipper 7  ' })).total).toBe(1);
    expect((await log({ c: '1001', q: '' })).total).toBe(all.total);
    // Too long a search is refused with its message, and another company's entries are never found.
    expect((await call('GET', `${LIST}?c=1001&q=${'x'.repeat(101)}`)).body).toMatchObject({
      success: false,
      message: [AUDIT_MSG.search],
    });
    expect((await log({ c: '1003', q: 'searchable tipper' })).total).toBe(0);
  });

  it("tells where a change set's entries came from: a copy's source, what a revert reverts", async () => {
    const post = async <T>(call_: Parameters<typeof fullPath>[0], body: object) => {
      const answer = await call<{ data: T }>('POST', fullPath(call_, SERVICE_BASES), body);
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const copy = async (body: { c: string; b?: string; tc: string; tb?: string; items: object[] }) => {
      const plan = await post<CopyPreview>(configCopyCalls.copyPreview, body);
      return (await post<{ changeSet: string }>(configCopyCalls.copyApply, { ...body, token: plan.token })).changeSet;
    };
    const revert = async (body: { c: string; entry?: number; changeSet?: string }) => {
      const plan = await post<RevertPreview>(configCopyCalls.revertPreview, body);
      await post(configCopyCalls.revert, { ...body, token: plan.token });
    };
    /** The company's entries of a change set, newest first. */
    const entriesOf = async (c: string, changeSet: string) =>
      (await log({ c, size: 100 })).rows.filter((row) => row.changeSet === changeSet);

    // A copy from Tata Steel (the whole company) to UltraTech: each entry names its source.
    const copied = await copy({ c: '1001', tc: '1003', items: [{ area: 'autoClosure' }] });
    const entries = await entriesOf('1003', copied);
    expect(entries.length).toBeGreaterThan(1);
    for (const entry of entries)
      expect(entry).toMatchObject({
        userName: 'Priya Sharma',
        call: 'config.copyApply',
        provenance: {
          kind: 'copy',
          source: { companyId: '1001', companyName: 'Tata Steel Limited', branchId: null, branchName: null },
          reverts: null,
        },
      });

    // The copy reverted: the revert's entries name the change set they revert.
    await revert({ c: '1003', changeSet: copied });
    const undone = (await log({ c: '1003', size: entries.length })).rows;
    expect(undone.map((row) => row.objectId).sort()).toEqual(entries.map((row) => row.objectId).sort());
    for (const entry of undone)
      expect(entry).toMatchObject({
        call: 'audit.revert',
        provenance: { kind: 'revert', source: null, reverts: { entry: null, changeSet: copied } },
      });
    expect(undone[0].changeSet).not.toBe(copied);

    // One entry reverted (an alert switched off): the revert's entry names that entry.
    const [alert] = await t.store.query<{ id: string }>(
      "select id from alert_configs where company_id = '1002' order by id limit 1",
    );
    const toggled = await call('POST', `${fullPath(alertCalls.toggle, SERVICE_BASES)}?companyId=1002`, {
      alertId: alert.id,
    });
    expect(toggled.status).toBe(200);
    const switched = await newest({ c: '1002' });
    expect(switched).toMatchObject({ objectId: alert.id, changeSet: null, provenance: null });
    await revert({ c: '1002', entry: switched.id });
    expect(await newest({ c: '1002' })).toMatchObject({
      call: 'audit.revert',
      objectId: alert.id,
      provenance: { kind: 'revert', source: null, reverts: { entry: switched.id, changeSet: null } },
    });

    // A copy from a branch: its name too.
    const fromBranch = await copy({ c: '1001', b: '3102', tc: '1002', tb: '3203', items: [{ area: 'uiConfig' }] });
    const [branchEntry] = await entriesOf('1002', fromBranch);
    expect(branchEntry).toMatchObject({
      branchId: '3203',
      branchName: 'Kolkata',
      provenance: {
        kind: 'copy',
        source: { companyId: '1001', companyName: 'Tata Steel Limited', branchId: '3102', branchName: 'Kolkata' },
      },
    });
  });

  it('refuses bad filters with clear messages', async () => {
    const refused = async (query: string) => (await call('GET', `${LIST}?c=1001&${query}`)).body;
    expect(await refused('size=1000')).toMatchObject({ success: false, message: [AUDIT_MSG.size] });
    expect(await refused('page=0')).toMatchObject({ success: false, message: [AUDIT_MSG.page] });
    expect(await refused('type=users')).toMatchObject({ success: false, message: [AUDIT_MSG.type] });
    expect(await refused('type=Route%20master')).toMatchObject({ success: false, message: [AUDIT_MSG.type] });
    expect(await refused(`type=${'x'.repeat(33)}`)).toMatchObject({ success: false, message: [AUDIT_MSG.type] });
    expect(await refused('from=yesterday')).toMatchObject({ success: false, message: [AUDIT_MSG.from] });
    expect(await refused('to=1e30')).toMatchObject({ success: false, message: [AUDIT_MSG.to] });
    expect(await refused('from=2000&to=1000')).toMatchObject({ success: false, message: [AUDIT_MSG.range] });
    expect(await refused(`user=${'u'.repeat(65)}`)).toMatchObject({
      success: false,
      message: ['User must be a single id of at most 64 characters'],
    });
  });
});
