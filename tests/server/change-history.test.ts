import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, POSTGRES, bootFresh, type Call, type TestApp } from './helper';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { configCopyCalls, type Comparison, type CopyPreview, type RevertPreview } from '../../schemas/api/config-copy';
import { COPY_MSG } from '../../schemas/config-copy';
import { withQuery } from '../../engine/data/http';
import type { Queryable } from '../../server/store/store';

const path = (call: Parameters<typeof fullPath>[0]) => fullPath(call, SERVICE_BASES);
const COMPARE = path(configCopyCalls.compare);
const PREVIEW = path(configCopyCalls.copyPreview);
const APPLY = path(configCopyCalls.copyApply);
const REVERT_PREVIEW = path(configCopyCalls.revertPreview);
const REVERT = path(configCopyCalls.revert);

/**
 * Change history as an attacker and two busy desks would try it (issue 33): a revert under one company never touches
 * another's rows, any later change refuses a revert, a preview token writes once, and the database's refusals
 * answer 409 in words.
 */
describe.each(BACKENDS)('change history on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  /** A change made by another desk (the demo's second operator when there is one, else a user id of its own). */
  const asDesk = <T>(user: string, fn: (q: Queryable) => Promise<T>) =>
    t.store.tx(async (q) => {
      await q.query("select set_config('app.user_id', $1, true), set_config('app.user_email', $2, true)", [
        user,
        `${user}@desk.example`,
      ]);
      return fn(q);
    });
  /** The newest audit entry of a company's object. */
  const entryOf = async (company: string, type: string, objectId: string) =>
    (await t.store.one<{ id: number }>(
      `select id::int as id from audit_log where company_id = $1 and object_type = $2 and object_id = $3
        order by id desc limit 1`,
      [company, type, objectId],
    ))!.id;
  const revertPreview = (body: object) =>
    call<{ data: RevertPreview; message: string[] }>('POST', REVERT_PREVIEW, body);
  /** A revert previewed and applied; the apply's answer. */
  const revert = async (body: object) => {
    const seen = await revertPreview(body);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    return call<{ data: { changeSet: string }; message: string[] }>('POST', REVERT, {
      ...body,
      token: seen.body.data.token,
    });
  };

  it('reverts a record of one company only, where its key is unique only inside a company', async () => {
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into company_custom_fields (company_id, field_id, display_name)
         values ('1001', 'bay_77', 'Bay'), ('1002', 'bay_77', 'Bay'), ('1003', 'bay_77', 'Bay')`,
      ),
    );
    const reverted = await revert({ c: '1003', entry: await entryOf('1003', 'custom_field', 'bay_77') });
    expect(reverted.status).toBe(200);
    const left = await t.store.query<{ company_id: string }>(
      "select company_id from company_custom_fields where field_id = 'bay_77' order by 1",
    );
    expect(left.map((row) => row.company_id)).toEqual(['1001', '1002']);

    // Partner 2001 of 1001 and of 1002: reverting 1001's link leaves 1002's.
    await asDesk('usr_ops', (q) =>
      q.query("delete from company_partners where company_id = '1001' and partner_id = '2003'"),
    );
    await asDesk('usr_ops', (q) => q.query("insert into company_partners values ('1001', '2003')"));
    expect((await revert({ c: '1001', entry: await entryOf('1001', 'partner', '2003') })).status).toBe(200);
    expect(await t.store.one("select 1 from company_partners where company_id = '1001' and partner_id = '2003'")).toBe(
      null,
    );
    expect(
      await t.store.one("select 1 from company_partners where company_id = '1002' and partner_id = '2003'"),
    ).not.toBe(null);
  });

  it('refuses to revert an entry over a later change made outside any change set, naming who', async () => {
    const [alert] = await t.store.query<{ id: string }>(
      "select id from alert_configs where company_id = '1002' and branch_id is null order by id limit 1",
    );
    await asDesk('usr_ops', (q) => q.query('update alert_configs set enabled = not enabled where id = $1', [alert.id]));
    const toggled = await entryOf('1002', 'alert', alert.id);
    await asDesk('usr_second', (q) =>
      q.query('update alert_configs set extra_context = $2::jsonb where id = $1', [alert.id, '[{"threshold": 5}]']),
    );
    const refused = await revertPreview({ c: '1002', entry: toggled });
    expect(refused.status).toBe(409);
    expect(refused.body.message[0]).toMatch(/was changed since by usr_second@desk\.example on \d\d\/\d\d\/\d{4}/);
  });

  it('reverts a route edit and a deleted route (a generated column is never written)', async () => {
    await asDesk('usr_ops', (q) =>
      q.query("update routes set label = 'Edited for revert' where id = 'rt_tsl_jsr_ccu'"),
    );
    expect((await revert({ c: '1001', entry: await entryOf('1001', 'route', 'rt_tsl_jsr_ccu') })).status).toBe(200);
    expect(await t.store.one("select label from routes where id = 'rt_tsl_jsr_ccu'")).toEqual({
      label: 'Jamshedpur - Kolkata',
    });
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
         select 'rt_revert_me', company_id, 'REV-1', 'Revert me', stt, origin, destination, updated_by, updated_at from routes where id = 'rt_tsl_jsr_ccu'`,
      ),
    );
    await asDesk('usr_ops', (q) => q.query("delete from routes where id = 'rt_revert_me'"));
    expect((await revert({ c: '1001', entry: await entryOf('1001', 'route', 'rt_revert_me') })).status).toBe(200);
    expect(await t.store.one("select label from routes where id = 'rt_revert_me'")).toEqual({ label: 'Revert me' });
  });

  it('reverts an edit of a record whose id is an identity column (notification configuration, AP config)', async () => {
    const notification = await t.store.one<{ id: number; is_enabled: boolean }>(
      "select id::int as id, is_enabled from notification_configs where company_id = '1001' order by id limit 1",
    );
    await asDesk('usr_ops', (q) =>
      q.query('update notification_configs set is_enabled = not is_enabled where id = $1', [notification!.id]),
    );
    const reverted = await revert({
      c: '1001',
      entry: await entryOf('1001', 'notification_config', String(notification!.id)),
    });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(await t.store.one('select is_enabled from notification_configs where id = $1', [notification!.id])).toEqual({
      is_enabled: notification!.is_enabled,
    });

    const ap = await t.store.one<{ id: number; value: unknown }>(
      "select id::int as id, value from ap_configs where company_id = '1002' order by id limit 1",
    );
    await asDesk('usr_ops', (q) =>
      q.query(`update ap_configs set value = value || '{"desk": "ap-east"}'::jsonb where id = $1`, [ap!.id]),
    );
    expect((await revert({ c: '1002', entry: await entryOf('1002', 'ap_config', String(ap!.id)) })).status).toBe(200);
    expect(await t.store.one('select value from ap_configs where id = $1', [ap!.id])).toEqual({ value: ap!.value });
  });

  it('refuses to revert the creation of a record others now use, naming them, and deletes nothing', async () => {
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
         select 'rt_with_stops', company_id, 'STOPS-1', 'With stops', stt, origin, destination, updated_by, updated_at
           from routes where id = 'rt_tsl_jsr_ccu'`,
      ),
    );
    const created = await entryOf('1001', 'route', 'rt_with_stops');
    await asDesk('usr_second', (q) =>
      q.query(
        `insert into route_waypoints (id, route_id, sequence, place)
         select 'wp_stops_' || n, 'rt_with_stops', n, origin from routes, generate_series(1, 2) n where id = 'rt_with_stops'`,
      ),
    );
    const refused = await revert({ c: '1001', entry: created });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual(['Route STOPS-1 is used by 2 route waypoints: it cannot be deleted']);
    expect(
      await t.store.one<{ n: number }>(
        "select count(*)::int as n from route_waypoints where route_id = 'rt_with_stops'",
      ),
    ).toEqual({ n: 2 });
  });

  it('answers 409 in words when the database refuses: a code taken since, a record others use', async () => {
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into company_places (cp_id, company_id, cp_code, label, address, geofence_radius, google, updated_by, updated_at)
         select 'cp_revert_old', company_id, 'KP-17', 'Old depot', address, geofence_radius, google, updated_by, updated_at from company_places where cp_id = 'cp_tsl_works'`,
      ),
    );
    await asDesk('usr_ops', (q) => q.query("delete from company_places where cp_id = 'cp_revert_old'"));
    const deletion = await entryOf('1001', 'place', 'cp_revert_old');
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into company_places (cp_id, company_id, cp_code, label, address, geofence_radius, google, updated_by, updated_at)
         select 'cp_revert_new', company_id, 'KP-17', 'Pune Hub', address, geofence_radius, google, updated_by, updated_at from company_places where cp_id = 'cp_tsl_works'`,
      ),
    );
    const taken = await revert({ c: '1001', entry: deletion });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toEqual(["Known place code KP-17 is taken by 'Pune Hub'"]);

    // A freight rate is unique by route, transporter, vehicle, material and date together: it names the rate, not
    // one of them.
    const rate = (id: string) =>
      asDesk('usr_ops', (q) =>
        q.query(
          `insert into route_master (id, company_id, branch_id, department_id, route_id, partner_id, vehicle_id,
                                     material_id, valid_from, load_type, data)
           select $1, company_id, branch_id, department_id, route_id, partner_id, vehicle_id, material_id,
                  valid_from + 86400000, load_type, data from route_master where id = 'rm_tsl_1'`,
          [id],
        ),
      );
    await rate('rm_revert_old');
    await asDesk('usr_ops', (q) => q.query("delete from route_master where id = 'rm_revert_old'"));
    const gone = await entryOf('1001', 'route_master', 'rm_revert_old');
    await rate('rm_revert_new');
    const clash = await revert({ c: '1001', entry: gone });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toEqual([
      expect.stringMatching(/^Route master TSL-JSR-CCU from \d+ is taken by 'TSL-JSR-CCU from \d+'$/),
    ]);

    await asDesk('usr_ops', (q) =>
      q.query(
        "insert into company_vehicles (id, company_id, label, ft_vehicle_id) values ('veh_revert', '1001', 'MH12AB1234', 'sv-open-22ft-15mt')",
      ),
    );
    const created = await entryOf('1001', 'vehicle', 'veh_revert');
    await asDesk('usr_ops', (q) =>
      q.query(
        `insert into route_master (id, company_id, route_id, partner_id, vehicle_id, material_id, valid_from, load_type, data)
         select 'rm_revert_' || n, company_id, route_id, partner_id, 'veh_revert', material_id, valid_from + n, load_type, data
           from route_master, generate_series(1, 3) n where id = 'rm_tsl_1'`,
      ),
    );
    const used = await revert({ c: '1001', entry: created });
    expect(used.status).toBe(409);
    expect(used.body.message).toEqual(['Vehicle MH12AB1234 is used by 3 freight rates: it cannot be deleted']);
    expect(await t.store.one("select 1 as n from company_vehicles where id = 'veh_revert'")).toEqual({ n: 1 });
  });

  it('refuses to revert an entry logged before its table changed, which names no record to find or put back', async () => {
    // A landing page deleted before migration 285 gave landing pages an id and a branch_id (it logged branch_key).
    const logged = await t.store.one<{ id: number }>(
      `insert into audit_log (company_id, object_type, object_id, action, before)
       values ('1003', 'landing_page', 'role:88', 'delete', $1::jsonb) returning id::int as id`,
      [JSON.stringify({ company_id: '1003', branch_key: '3301', target: 'role:88', landing_page: '/trips' })],
    );
    const seen = await revertPreview({ c: '1003', entry: logged!.id });
    expect(seen.status).toBe(409);
    expect(seen.body.message).toEqual([
      'Landing page role:88 was logged before its table changed: it cannot be reverted',
    ]);
    expect(await t.store.one("select 1 from sidebar_landing_pages where target = 'role:88'")).toBe(null);
  });

  it('copies report schedules into a branch as that branch’s, and then compares and previews them as the same', async () => {
    const items = [{ area: 'reportSchedules' }];
    const plan = (await call<{ data: CopyPreview }>('POST', PREVIEW, { c: '1001', tc: '1002', tb: '3201', items })).body
      .data;
    expect(plan.items.filter((item) => item.action === 'create').length).toBeGreaterThan(0);
    const applied = await call('POST', APPLY, { c: '1001', tc: '1002', tb: '3201', items, token: plan.token });
    expect(applied.status).toBe(200);
    const created = await t.store.query<{ branch: string | null }>(
      "select definition->>'branch_id' as branch from report_schedules where company_id = '1002' and id in (select object_id from audit_log where change_set = $1)",
      [applied.body.data.changeSet],
    );
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((row) => row.branch === '3201')).toBe(true);
    const again = (await call<{ data: CopyPreview }>('POST', PREVIEW, { c: '1001', tc: '1002', tb: '3201', items }))
      .body.data;
    expect(again.items.every((item) => item.action === 'skip')).toBe(true);
    const compared = await call<{ data: Comparison }>('GET', withQuery(COMPARE, { c: '1001', rc: '1002', rb: '3201' }));
    const reports = compared.body.data.areas.find((area) => area.area === 'reportSchedules')!;
    expect(reports.items.map((item) => item.state)).toEqual(reports.items.map(() => 'same'));
  });

  it('applies one token once when several desks send it at once, and reverts a revert', async () => {
    const items = [{ area: 'dashboards' }];
    const plan = (await call<{ data: CopyPreview }>('POST', PREVIEW, { c: '1001', tc: '2002', items })).body.data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', APPLY, { c: '1001', tc: '2002', items, token: plan.token })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const made = answers.find((a) => a.status === 200)!.body.data.changeSet;
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message[0]).toContain(`${COPY_MSG.alreadyApplied} as change set ${made}`);
    const copies = await t.store.one<{ n: number }>(
      "select count(*)::int as n from dashboards where company_id = '2002' and id in (select object_id from audit_log where change_set = $1)",
      [made],
    );
    expect(copies?.n).toBe(plan.items.filter((item) => item.action === 'create').length);

    // Six reverts of one preview: one writes.
    const seen = await revertPreview({ c: '2002', changeSet: made });
    const reverts = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', REVERT, { c: '2002', changeSet: made, token: seen.body.data.token }),
      ),
    );
    expect(reverts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    // Two previews of one revert sent at once: one writes, the other finds the records changed.
    const undo = reverts.find((a) => a.status === 200)!.body.data.changeSet;
    const [a, b] = [
      await revertPreview({ c: '2002', changeSet: undo }),
      await revertPreview({ c: '2002', changeSet: undo }),
    ];
    const both = await Promise.all(
      [a, b].map((p) => call('POST', REVERT, { c: '2002', changeSet: undo, token: p.body.data.token })),
    );
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(both.find((x) => x.status === 409)!.body.message[0]).toMatch(/was changed since by Priya Sharma/);
    const back = await t.store.one<{ n: number }>(
      "select count(*)::int as n from dashboards where company_id = '2002' and id in (select object_id from audit_log where change_set = $1)",
      [made],
    );
    expect(back?.n).toBe(copies?.n);
  });
});

/**
 * On PostgreSQL, where transactions run side by side: an edit that holds a row the apply plans from makes the apply
 * wait for it, read it as the edit left it, and answer 412; the edit is kept, never overwritten.
 */
describe.skipIf(!POSTGRES)('an edit between an apply’s read and its write, on postgres', () => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(POSTGRES!);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('makes the apply wait, then answer 412, and keeps the edit', async () => {
    const body = { c: '1001', tc: '1002', items: [{ area: 'alerts' }] };
    const plan = (await call<{ data: CopyPreview }>('POST', PREVIEW, body)).body.data;
    const overwritten = plan.items.find((item) => item.action === 'overwrite')!;
    let release!: () => void;
    let edited!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const editDone = new Promise<void>((resolve) => {
      edited = resolve;
    });
    const edit = t.store.tx(async (q) => {
      await q.query(
        `update alert_configs set extra_context = '[{"threshold":999}]'
          where company_id = '1002' and branch_id is null and feature_key = $1`,
        [overwritten.key],
      );
      edited();
      await held;
    });
    await editDone;
    const apply = call('POST', APPLY, { ...body, token: plan.token });
    // The apply waits on the row the edit holds.
    await vi.waitFor(
      async () => {
        const waiting = await t.store.one<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        expect(waiting?.n).toBeGreaterThan(0);
      },
      { timeout: 15_000, interval: 20 },
    );
    release();
    await edit;
    const answer = await apply;
    expect(answer.status).toBe(412);
    expect(answer.body.message).toEqual([COPY_MSG.stale]);
    expect(
      await t.store.one(
        "select extra_context from alert_configs where company_id = '1002' and branch_id is null and feature_key = $1",
        [overwritten.key],
      ),
    ).toEqual({ extra_context: '[{"threshold":999}]' });
  });
});
