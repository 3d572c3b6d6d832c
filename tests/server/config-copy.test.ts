import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, count, type Call, type TestApp } from './helper';
import { SERVICE_BASES, auditCalls, alertCalls, fullPath, vehicleCalls } from '../../schemas/api';
import { configCopyCalls, type Comparison, type CopyPreview, type RevertPreview } from '../../schemas/api/config-copy';
import { ALL_AUDITED } from '../../schemas/audited';
import { ALL_RESOURCES } from '../../schemas/resources';
import { COPY_MSG, compareSectionOf } from '../../schemas/config-copy';
import type { AuditPage } from '../../schemas/audit';
import { withQuery } from '../../engine/data/http';

const path = (call: Parameters<typeof fullPath>[0]) => fullPath(call, SERVICE_BASES);
const COMPARE = path(configCopyCalls.compare);
const PREVIEW = path(configCopyCalls.copyPreview);
const APPLY = path(configCopyCalls.copyApply);
const REVERT_PREVIEW = path(configCopyCalls.revertPreview);
const REVERT = path(configCopyCalls.revert);

describe.each(BACKENDS)('compare, copy and revert on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  const compare = async (query: Record<string, string>) => {
    const answer = await call<{ data: Comparison }>('GET', withQuery(COMPARE, query));
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  const areaOf = (comparison: Comparison, area: string) => comparison.areas.find((a) => a.area === area)!;
  const preview = async (body: object) => {
    const answer = await call<{ data: CopyPreview }>('POST', PREVIEW, body);
    expect(answer.status).toBe(200);
    return answer.body.data;
  };
  /** Everything of the audit log and the configuration tables, to check that nothing was written. */
  const snapshot = async () =>
    Promise.all(
      ['audit_log', 'change_sets', 'alert_configs', 'ui_configs', 'auto_closure_rules', 'report_schedules'].map(
        (table) => count(t.store, table),
      ),
    );

  it('compares two companies area by area, matching items by their natural key', async () => {
    const comparison = await compare({ c: '1001', rc: '1002' });
    expect(comparison.left).toMatchObject({ companyId: '1001', companyName: 'Tata Steel Limited', branchId: null });
    expect(comparison.right.companyName).toBe('Hindustan Unilever Limited');
    // Each compared resource's, in the order of its declaration.
    expect(comparison.areas.map((a) => a.area)).toEqual(
      ALL_RESOURCES.filter((resource) => resource.compare).map((resource) => resource.name),
    );
    const closure = areaOf(comparison, 'autoClosure');
    const epod = closure.items.find((item) => item.key === 'EPOD');
    expect(epod?.state).toBe('left');
    expect(epod?.fields).toContainEqual({ field: 'Rule › threshold', left: '5', right: null, differs: true });
    // The same item on both sides, different in a field: that field is marked.
    const both = areaOf(comparison, 'alerts').items.filter(
      (item) => item.state === 'different' || item.state === 'same',
    );
    for (const item of both) expect(item.fields.some((f) => f.differs)).toBe(item.state === 'different');
    // A branch chosen: areas kept per company say so instead of comparing.
    const branches = await compare({ c: '1001', b: '3102', rc: '1002', rb: '3203' });
    expect(areaOf(branches, 'etaPreferences')).toMatchObject({
      items: [],
      note: expect.stringContaining('Kept per company'),
    });
  });

  it("reads each area's table as its declaration says: its version column, and departments where it has them", async () => {
    const columns = await t.store.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and column_name in ('version', 'department_id')`,
    );
    const has = (table: string, column: string) =>
      columns.some((row) => row.table_name === table && row.column_name === column);
    for (const declaration of ALL_AUDITED)
      expect(has(declaration.table, 'version'), declaration.table).toBe(declaration.versioned === true);
    for (const resource of ALL_RESOURCES.filter((compared) => compared.compare))
      expect(has(resource.table, 'department_id'), resource.name).toBe(compareSectionOf(resource).departments === true);
  });

  it('refuses the same scope twice, and another company or branch it cannot resolve', async () => {
    expect((await call('GET', withQuery(COMPARE, { c: '1001', rc: '1001' }))).body.message).toEqual([
      COPY_MSG.sameScope,
    ]);
    expect((await call('GET', withQuery(COMPARE, { c: '1001', rc: '9999' }))).status).toBe(404);
    // A branch of another company, on either side.
    expect((await call('GET', withQuery(COMPARE, { c: '1001', rc: '1002', rb: '3101' }))).status).toBe(404);
    expect(
      (await call('POST', PREVIEW, { c: '1001', b: '3201', tc: '1002', items: [{ area: 'alerts' }] })).status,
    ).toBe(404);
    expect((await call('POST', PREVIEW, { c: '1001', tc: '1002', items: [{ area: 'nope' }] })).status).toBe(400);
  });

  it('previews a copy without writing, then applies exactly that in one change set', async () => {
    const before = await snapshot();
    const plan = await preview({ c: '1001', tc: '1003', items: [{ area: 'autoClosure' }] });
    expect(await snapshot()).toEqual(before);
    const epod = plan.items.find((item) => item.key === 'EPOD')!;
    expect(epod).toMatchObject({ action: 'create', reason: null });
    expect(epod.changes).toContainEqual({ field: 'Rule › threshold', before: null, after: '5' });
    // The same selection previewed again (nothing changed): the same result, and a token of its own (each is used once).
    const twice = await preview({ c: '1001', tc: '1003', items: [{ area: 'autoClosure' }] });
    expect(twice.items).toEqual(plan.items);
    expect(twice.token).not.toBe(plan.token);

    const applied = await call<{ data: { changeSet: string; items: unknown[] } }>('POST', APPLY, {
      c: '1001',
      tc: '1003',
      items: [{ area: 'autoClosure' }],
      token: plan.token,
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data.items).toEqual(plan.items);
    const after = await compare({ c: '1001', rc: '1003' });
    for (const item of areaOf(after, 'autoClosure').items.filter((i) => i.state !== 'right'))
      expect(item.state).toBe('same');
    // One change set in the audit log: its entries carry its id.
    const changeSet = applied.body.data.changeSet;
    const entries = await t.store.query<{ n: number }>(
      'select count(*)::int as n from audit_log where change_set = $1 and company_id = $2',
      [changeSet, '1003'],
    );
    expect(entries[0].n).toBe(plan.items.filter((i) => i.action === 'create' || i.action === 'overwrite').length);
    const page = (await call<{ data: AuditPage }>('GET', withQuery(path(auditCalls.list), { c: '1003' }))).body.data;
    expect(page.rows[0]).toMatchObject({ changeSet, call: 'config.copyApply' });

    // Applied again with the same token: already applied (409, naming the change set), nothing written.
    const again = await call('POST', APPLY, {
      c: '1001',
      tc: '1003',
      items: [{ area: 'autoClosure' }],
      token: plan.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message[0]).toContain(`${COPY_MSG.alreadyApplied} as change set ${changeSet}`);
    // The second preview's token: what it read has changed since (412), nothing written.
    const stale = await call('POST', APPLY, {
      c: '1001',
      tc: '1003',
      items: [{ area: 'autoClosure' }],
      token: twice.token,
    });
    expect(stale.status).toBe(412);
    expect(stale.body.message).toEqual([COPY_MSG.stale]);
  });

  it('maps what names the source company and refuses by name what it cannot map', async () => {
    // A report schedule of Tata's Kolkata branch: its branch becomes HUL's Kolkata, the company HUL.
    await t.store.query(
      `insert into report_schedules (id, entity_id, company_id, branch_id, type, active, definition, cron, job_uuid)
       select 'rs_copy_kol', e.id, '1001', '3102', 'DAILY_TRIP_SUMMARY', 1, $1::jsonb, '0 9 * * *', 'job-kol'
         from report_entities e where e.company_id = '1001'`,
      [JSON.stringify({ company_id: '1001', branch_id: '3102', email_recipients: ['ops@demo.local'], schedule: {} })],
    );
    await t.store.query(
      "insert into report_entities (id, company_id) values ('ent_test_1001', '1001') on conflict (company_id) do nothing",
    );
    const kolkata = await preview({
      c: '1001',
      b: '3102',
      tc: '1002',
      tb: '3203',
      items: [{ area: 'reportSchedules' }],
    });
    const schedule = kolkata.items.find((item) => item.key === 'DAILY_TRIP_SUMMARY · 0 9 * * *');
    expect(schedule).toMatchObject({ action: 'create' });
    expect(schedule?.changes).toContainEqual({ field: 'Definition › branch id', before: null, after: '3203' });
    expect(schedule?.changes).toContainEqual({ field: 'Definition › company id', before: null, after: '1002' });
    // Jamshedpur has no namesake at HUL: refused, by the branch's name.
    await t.store.query(
      `insert into report_schedules (id, entity_id, company_id, branch_id, type, active, definition, cron, job_uuid)
       select 'rs_copy_jsr', e.id, '1001', '3102', 'ALERT', 1, $1::jsonb, '0 7 * * *', 'job-jsr'
         from report_entities e where e.company_id = '1001'`,
      [
        JSON.stringify({
          company_id: '1001',
          branch_id: '3102',
          also: ['3101'],
          email_recipients: ['a@b.c'],
          schedule: {},
        }),
      ],
    );
    const refused = await preview({
      c: '1001',
      b: '3102',
      tc: '1002',
      tb: '3203',
      items: [{ area: 'reportSchedules', key: 'ALERT · 0 7 * * *' }],
    });
    expect(refused.items).toEqual([
      expect.objectContaining({
        action: 'refuse',
        reason: 'Branch Jamshedpur has no branch of that name in the target',
      }),
    ]);
    // A notification configuration for one user of the source: refused, naming the user.
    await t.store.query(
      `insert into notification_configs (company_id, event_id, mode, user_id, settings)
       select '1001', id, 'SMS', 101, '{}'::jsonb from notification_events order by id limit 1`,
    );
    const notifications = await preview({ c: '1001', tc: '1002', items: [{ area: 'notifications' }] });
    expect(notifications.items.find((item) => item.key.includes('user 101'))).toMatchObject({
      action: 'refuse',
      reason: expect.stringContaining('user 101 of Tata Steel Limited'),
    });
  });

  it('writes nothing when one write fails midway', async () => {
    const plan = await preview({ c: '1001', tc: '1002', items: [{ area: 'alerts' }] });
    const writes = plan.items.filter((item) => item.action === 'create' || item.action === 'overwrite');
    expect(writes.length).toBeGreaterThan(1);
    const last = writes.at(-1)!.key;
    // The alert is named in words (its type's name), matched by its feature key.
    const lastName = writes.at(-1)!.label;
    // A database that refuses the last row (as a constraint added meanwhile would): the whole copy is refused.
    await t.store.exec(`create function refuse_last() returns trigger language plpgsql as $$
      begin if new.company_id = '1002' and new.feature_key = '${last}' then raise exception 'refused for the test'; end if; return new; end $$;
      create trigger refuse_last before insert or update on alert_configs for each row execute function refuse_last();`);
    try {
      const before = await snapshot();
      const applied = await call('POST', APPLY, {
        c: '1001',
        tc: '1002',
        items: [{ area: 'alerts' }],
        token: plan.token,
      });
      expect(applied.status).toBe(409);
      expect(applied.body.message[0]).toContain(lastName);
      expect(await snapshot()).toEqual(before);
    } finally {
      await t.store.exec('drop trigger refuse_last on alert_configs; drop function refuse_last();');
    }
  });

  it('reverts an update, a creation and a deletion, each audited, and refuses after a later change', async () => {
    const revert = async (body: object) => {
      const seen = await call<{ data: RevertPreview }>('POST', REVERT_PREVIEW, body);
      expect(seen.status).toBe(200);
      const done = await call('POST', REVERT, { ...body, token: seen.body.data.token });
      expect(done.status).toBe(200);
      return seen.body.data;
    };
    const newestEntry = async (c: string) =>
      (await call<{ data: AuditPage }>('GET', withQuery(path(auditCalls.list), { c, size: 1 }))).body.data.rows[0];

    // An update: an alert switched off, then the change reverted.
    const [alert] = await t.store.query<{ id: string; enabled: boolean }>(
      "select id, enabled from alert_configs where company_id = '1002' order by id limit 1",
    );
    expect((await call('POST', `${path(alertCalls.toggle)}?companyId=1002`, { alertId: alert.id })).status).toBe(200);
    const toggled = await newestEntry('1002');
    const update = await revert({ c: '1002', entry: toggled.id });
    expect(update.items).toEqual([expect.objectContaining({ action: 'restore', objectId: alert.id })]);
    expect(
      (await t.store.one<{ enabled: boolean }>('select enabled from alert_configs where id = $1', [alert.id]))?.enabled,
    ).toBe(alert.enabled);
    expect(await newestEntry('1002')).toMatchObject({ call: 'audit.revert', objectId: alert.id, action: 'update' });

    // A deletion: a vehicle deleted, then re-created as it was.
    const vehicle = { id: 'veh_hul_revert', label: 'Revert test truck' };
    await t.store.query(
      "insert into company_vehicles (id, company_id, label, ft_vehicle_id) values ($1, '1002', $2, 'sv-closed-32ft-7mt')",
      [vehicle.id, vehicle.label],
    );
    const deleted = await call('DELETE', withQuery(path(vehicleCalls.remove), { c: '1002', id: vehicle.id }));
    expect(deleted.status).toBe(200);
    const gone = await newestEntry('1002');
    expect(gone).toMatchObject({ action: 'delete', objectId: vehicle.id });
    expect((await revert({ c: '1002', entry: gone.id })).items[0].action).toBe('recreate');
    expect(await t.store.one('select label from company_vehicles where id = $1', [vehicle.id])).toEqual({
      label: vehicle.label,
    });

    // Creations: a copy's change set reverted removes what it created.
    const plan = await preview({ c: '1001', tc: '2003', items: [{ area: 'autoClosure' }] });
    const copied = await call<{ data: { changeSet: string } }>('POST', APPLY, {
      c: '1001',
      tc: '2003',
      items: [{ area: 'autoClosure' }],
      token: plan.token,
    });
    const rules = () => t.store.query("select id from auto_closure_rules where company_id = '2003'");
    const created = (await rules()).length;
    expect(created).toBeGreaterThan(0);
    const undone = await revert({ c: '2003', changeSet: copied.body.data.changeSet });
    expect(undone.items.every((item) => item.action === 'delete')).toBe(true);
    expect(await rules()).toEqual([]);

    // A later change: the revert names who made it and when, and writes nothing.
    const again = await preview({ c: '1001', tc: '2003', items: [{ area: 'alerts' }] });
    const copy = await call<{ data: { changeSet: string } }>('POST', APPLY, {
      c: '1001',
      tc: '2003',
      items: [{ area: 'alerts' }],
      token: again.token,
    });
    expect(copy.status).toBe(200);
    const [later] = await t.store.query<{ id: string }>(
      "select id from alert_configs where company_id = '2003' and branch_id is null order by id limit 1",
    );
    expect((await call('POST', `${path(alertCalls.toggle)}?companyId=2003`, { alertId: later.id })).status).toBe(200);
    const before = await count(t.store, 'audit_log');
    const refused = await call('POST', REVERT_PREVIEW, { c: '2003', changeSet: copy.body.data.changeSet });
    expect(refused.status).toBe(409);
    expect(refused.body.message[0]).toMatch(/was changed since by .+ on \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(await count(t.store, 'audit_log')).toBe(before);
  });

  it("refuses another company's entries and change sets", async () => {
    const [entry] = await t.store.query<{ id: number }>(
      "select id::int as id from audit_log where company_id = '1002' limit 1",
    );
    expect((await call('POST', REVERT_PREVIEW, { c: '1001', entry: entry.id })).status).toBe(404);
    const [set] = await t.store.query<{ id: string }>("select id from change_sets where company_id = '1003' limit 1");
    expect((await call('POST', REVERT_PREVIEW, { c: '1001', changeSet: set.id })).status).toBe(404);
    expect((await call('POST', REVERT_PREVIEW, { c: '1001' })).status).toBe(400);
  });
});
