import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_TEXT } from '../../schemas/bulk-rows';
import { RuleRefusal } from '../../server/rules/refusal';
import { alertConfigRepository } from '../../server/repos/alert-config-repository';
import { saveBulk, type BulkRows } from '../../server/rules/bulk-rows';
import type { Store } from '../../server/store/store';
import { BACKENDS, count, startApp, type Call, type TestApp } from './helper';

const SET_ALERTS = '/saas/data/automation/setAlerts';
const CREATE_ROUTES = '/saas/lego/company_routes/create';
const SCOPE = 'c=1001&b=3101&d=31011&t=CONSIGNOR';
const NUL = '\u0000';

const place = (id: string, label: string) => ({
  label,
  address: `${label}, Maharashtra, India`,
  cpCode: label.toUpperCase(),
  google: { place_id: id },
});
const routeRow = (label: string, places = 2) => ({
  label,
  code: label.toUpperCase().replace(/\W+/g, '-'),
  stt: 120,
  places: Array.from({ length: places }, (_, i) => place(`in:bulk:${label}:${i}`, `${label} stop ${i}`)),
});

/** The first message of an answer in either envelope (data: result.message, main: message[0]). */
const messageOf = (body: { result?: { message: string }; message?: string[] }) =>
  body.result?.message ?? body.message?.[0] ?? '';

describe.each(BACKENDS)('bulk calls answer per row on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  let store: Store;
  let drop: () => Promise<void>;
  /** Told when the next transaction begins (armed by {@link nextTransaction}). */
  let onTransaction: (() => void) | undefined;
  const nextTransaction = () => new Promise<void>((resolve) => (onTransaction = resolve));

  beforeAll(async () => {
    const db = await backend.prepared();
    drop = () => db.drop();
    store = await db.open();
    // The store the app runs on, which says when a transaction starts: the batch below is then being stored.
    const watched: Store = {
      ...store,
      tx: (fn) => {
        const told = onTransaction;
        onTransaction = undefined;
        told?.();
        return store.tx(fn);
      },
    };
    t = await startApp(watched);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await drop?.();
  });

  describe('setAlerts with a NUL byte in the second row', () => {
    const rows = [
      { CompanyId: '2001', branchId: '3401', Alert_Name: 'diversion' },
      { CompanyId: `200${NUL}1`, Alert_Name: 'diversion' },
      { CompanyId: '2002', Alert_Name: 'diversion' },
    ];

    it('all or none: answers 400 naming row 2 and stores nothing', async () => {
      const before = await count(store, 'alert_configs');
      const answer = await call('POST', `${SET_ALERTS}?allOrNone=true`, rows);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error', result: { status: 0 } });
      expect(answer.body.result.message).toMatch(/^Row 2: \S/);
      expect(answer.body.result.message).not.toMatch(/Row [13]:/);
      expect(await count(store, 'alert_configs')).toBe(before);
    });

    it('one by one: answers 200, saves rows 1 and 3 and refuses row 2 with its reason', async () => {
      const before = await count(store, 'alert_configs');
      const answer = await call('POST', `${SET_ALERTS}?allOrNone=false`, rows);
      expect(answer.status).toBe(200);
      const [first, second, third] = answer.body.result.data;
      expect(first).toEqual({ index: 0, status: 'Success', id: expect.stringMatching(/^alc_/), companyId: '2001' });
      expect(second).toEqual({ index: 1, status: 'Error', message: expect.stringMatching(/\S/) });
      expect(third).toEqual({ index: 2, status: 'Success', id: expect.stringMatching(/^alc_/), companyId: '2002' });
      expect(await count(store, 'alert_configs')).toBe(before + 2);
      const stored = await store.query<{ id: string }>('select id from alert_configs where id = any($1)', [
        [first.id, third.id],
      ]);
      expect(stored).toHaveLength(2);
    });
  });

  describe('company_routes/create with a NUL byte in the second row', () => {
    const rows = [
      routeRow('Nul test one', 3),
      { ...routeRow('Nul test two', 3), label: `Nul${NUL}two` },
      routeRow('Nul test three', 4),
    ];
    const routes = () =>
      store.query<{ label: string; waypoints: number }>(
        `select r.label, (select count(*)::int from route_waypoints w where w.route_id = r.id) as waypoints
         from routes r where r.label like 'Nul%' order by r.label`,
      );

    it('all or none: answers 400 naming row 2 and stores no route nor waypoint', async () => {
      const waypoints = await count(store, 'route_waypoints');
      const answer = await call('POST', `${CREATE_ROUTES}?${SCOPE}&allOrNone=true`, rows);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, data: null });
      expect(answer.body.message).toHaveLength(1);
      expect(answer.body.message[0]).toMatch(/^Row 2: \S/);
      expect(await routes()).toEqual([]);
      expect(await count(store, 'route_waypoints')).toBe(waypoints);
    });

    it('one by one: answers 200 with a route id for rows 1 and 3 and the reason for row 2', async () => {
      const answer = await call('POST', `${CREATE_ROUTES}?${SCOPE}&allOrNone=false`, rows);
      expect(answer.status).toBe(200);
      const [first, second, third] = answer.body.data;
      expect(first).toEqual({ routeId: expect.stringMatching(/^rt_/) });
      expect(second).toEqual({ error: expect.stringMatching(/\S/) });
      expect(third).toEqual({ routeId: expect.stringMatching(/^rt_/) });
      expect(await routes()).toEqual([
        { label: 'Nul test one', waypoints: 1 },
        { label: 'Nul test three', waypoints: 2 },
      ]);
      const fetched = (await call('GET', `/saas/lego/company_routes_waypoints/fetch?${SCOPE}&routeId=${third.routeId}`))
        .body.data;
      expect(fetched.map((w: { label: string; sequence: number }) => [w.label, w.sequence])).toEqual([
        ['Nul test three stop 1', 1],
        ['Nul test three stop 2', 2],
      ]);
    });
  });

  it('refuses an allOrNone that is not true or false, storing nothing', async () => {
    const before = await count(store, 'routes');
    const answer = await call('POST', `${CREATE_ROUTES}?${SCOPE}&allOrNone=maybe`, [routeRow('Maybe')]);
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, message: ['allOrNone must be true or false'] },
    });
    expect(await count(store, 'routes')).toBe(before);
  });

  it('answers 413 to a body over 8 MB, storing nothing', async () => {
    const before = [await count(store, 'routes'), await count(store, 'alert_configs')];
    const huge = 'x'.repeat(8.5 * 1024 * 1024);
    const routes = await call('POST', `${CREATE_ROUTES}?${SCOPE}`, [{ ...routeRow('Huge'), code: huge }]);
    expect(routes.status).toBe(413);
    expect(messageOf(routes.body)).toMatch(/too large/);
    const alerts = await call('POST', SET_ALERTS, [{ CompanyId: '1001', Alert_Name: 'untracked', config_one: huge }]);
    expect(alerts.status).toBe(413);
    expect(alerts.body).toMatchObject({
      status: 'error',
      result: { status: 0, message: expect.stringMatching(/too large/) },
    });
    expect([await count(store, 'routes'), await count(store, 'alert_configs')]).toEqual(before);
  });

  it('all or none names at most ten failed rows, then counts the rest', async () => {
    const rows = [routeRow('Many good'), ...Array.from({ length: 12 }, () => ({ label: ' ', places: [] }))];
    const answer = await call('POST', `${CREATE_ROUTES}?${SCOPE}&allOrNone=true`, rows);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toHaveLength(11);
    expect(answer.body.message[0]).toBe(
      'Row 2: Blank spaces not allowed, Please enter loading point and unloading point',
    );
    expect(answer.body.message[9]).toMatch(/^Row 11: /);
    expect(answer.body.message[10]).toBe('2 more rows failed');
    expect(await store.one("select 1 from routes where label = 'Many good'")).toBeNull();
  });

  describe('a row the database refuses (no schema in between)', () => {
    /** Rows taken as they are and inserted plainly, so each failure is the database's own. */
    const plainAlerts: BulkRows<{ id: string; companyId: string; featureKey: string }, string> = {
      read: (raw) => ({ row: raw as { id: string; companyId: string; featureKey: string } }),
      store: async (q, rows) => {
        await q.query(
          `insert into alert_configs (id, company_id, feature_key)
           select id, "companyId", "featureKey" from jsonb_to_recordset($1::jsonb) as r(id text, "companyId" text, "featureKey" text)`,
          [JSON.stringify(rows.map((r) => r.row))],
        );
        return rows.map((r) => ({ saved: r.row.id }));
      },
      duplicate: 'Alert config already exists',
      chunk: 100,
    };
    const row = (id: string, companyId: string, featureKey = 'temperature_breached') => ({
      id: `alc_db_${id}`,
      companyId,
      featureKey,
    });

    it('one by one: each refused row gets its reason (NUL, unique index, foreign key) and the others are kept', async () => {
      const outcomes = await saveBulk(
        store,
        [row('a', '2003'), row('b', `20${NUL}03`), row('c', '2003'), row('d', '9999'), row('e', '2003', 'untracked')],
        false,
        plainAlerts,
      );
      expect(outcomes).toEqual([
        { saved: 'alc_db_a' },
        { refused: BULK_TEXT.unstorable },
        { refused: 'Alert config already exists' },
        { refused: BULK_TEXT.missingReference },
        { saved: 'alc_db_e' },
      ]);
      expect(
        (
          await store.query<{ id: string }>("select id from alert_configs where id like 'alc\\_db\\_%' order by id")
        ).map((r) => r.id),
      ).toEqual(['alc_db_a', 'alc_db_e']);
    });

    it('all or none: throws a refusal naming the refused rows (answered 400) and keeps nothing', async () => {
      const before = await count(store, 'alert_configs');
      const failure = await saveBulk(
        store,
        [row('f', '2002'), row('g', `20${NUL}02`), row('h', '2002', 'untracked')],
        true,
        plainAlerts,
      ).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(RuleRefusal);
      expect(failure).toMatchObject({ messages: [`Row 2: ${BULK_TEXT.unstorable}`] });
      expect(await count(store, 'alert_configs')).toBe(before);
    });

    it('keeps the chunks stored before the database fails midway and answers the rest as not saved, so a second submit stores nothing twice', async () => {
      const configs = ['k', 'l', 'm', 'n'].map((id) => ({
        id: `alc_db_${id}`,
        companyId: '2002',
        branchId: null,
        featureKey: `lost_${id}`,
        extraContext: '[]',
      }));
      let calls = 0;
      const lostMidway: BulkRows<(typeof configs)[number], string> = {
        read: (raw) => ({ row: raw as (typeof configs)[number] }),
        store: async (q, rows) => {
          // The second chunk's transaction meets a failure that is no row's (a connection lost, say).
          if (++calls === 2) throw new Error('Connection terminated unexpectedly');
          return (
            await alertConfigRepository.insertMany(
              q,
              rows.map((r) => r.row),
            )
          ).map((r, i) => (r.saved ? { saved: rows[i].row.id } : { refused: 'not saved' }));
        },
        chunk: 2,
      };
      const outcomes = await saveBulk(store, configs, false, lostMidway);
      expect(outcomes).toEqual([
        { saved: 'alc_db_k' },
        { saved: 'alc_db_l' },
        { refused: BULK_TEXT.notStored },
        { refused: BULK_TEXT.notStored },
      ]);
      expect(
        (
          await store.query<{ id: string }>(
            "select id from alert_configs where id in ('alc_db_k', 'alc_db_l', 'alc_db_m', 'alc_db_n') order by id",
          )
        ).map((r) => r.id),
      ).toEqual(['alc_db_k', 'alc_db_l']);
      // A failure before anything is kept is the call's: nothing to answer per row.
      calls = 1;
      await expect(saveBulk(store, configs.slice(2), false, lostMidway)).rejects.toThrow(
        'Connection terminated unexpectedly',
      );
    });

    it('maps a NUL byte the set-based alert statement meets to that row only', async () => {
      const configs = [
        { id: 'alc_db_i', companyId: '2002', branchId: null, featureKey: 'night_driving', extraContext: '[]' },
        {
          id: 'alc_db_j',
          companyId: '2002',
          branchId: null,
          featureKey: 'sta_breach',
          extraContext: `[{"x":"a${NUL}"}]`,
        },
      ];
      const outcomes = await saveBulk(store, configs, false, {
        read: (raw) => ({ row: raw as (typeof configs)[number] }),
        store: async (q, rows) =>
          (
            await alertConfigRepository.insertMany(
              q,
              rows.map((r) => r.row),
            )
          ).map((r, i) => (r.saved ? { saved: rows[i].row.id } : { refused: 'not saved' })),
        chunk: 100,
      });
      expect(outcomes).toEqual([{ saved: 'alc_db_i' }, { refused: BULK_TEXT.unstorable }]);
    });
  });

  describe('a large batch does not hold other requests', () => {
    /** The request arrives as network input does: on a later turn of the event loop, while the batch is stored. */
    async function healthDuring(send: () => Promise<{ status: number }>) {
      const order: string[] = [];
      const storing = nextTransaction();
      const batch = send().then((answer) => {
        order.push('batch');
        return answer;
      });
      await storing;
      const health = await new Promise<{ status: number }>((resolve) =>
        setImmediate(() => resolve(t.call('GET', '/health'))),
      ).then((answer) => {
        order.push('health');
        return answer;
      });
      const answer = await batch;
      return { order, health, answer };
    }

    it('answers /health while a 3 MB setAlerts batch is being stored', async () => {
      const branches = await store.query<{ id: string; c: string }>(
        "select id, company_id as c from branches where company_id in ('1001', '1002', '1003') order by id",
      );
      const emails = (i: number) => Array.from({ length: 80 }, (_, k) => `desk${k}.${i}@example.com`).join(', ');
      const rows = Array.from({ length: 600 }, (_, i) => ({
        CompanyId: branches[i % branches.length].c,
        branchId: branches[i % branches.length].id,
        Alert_Name: 'continuous_driving',
        Buffer: i,
        emailId_level_one: emails(i),
        emailId_level_two: emails(i + 1),
        emailId_level_three: emails(i + 2),
      }));
      expect(JSON.stringify(rows).length).toBeGreaterThan(3_000_000);
      const before = await count(store, 'alert_configs');
      const { order, health, answer } = await healthDuring(() => call('POST', `${SET_ALERTS}?allOrNone=false`, rows));
      expect(health.status).toBe(200);
      expect(answer.status).toBe(200);
      expect(order).toEqual(['health', 'batch']);
      expect(await count(store, 'alert_configs')).toBe(before + branches.length);
    });

    it('answers /health while a batch of 250 routes with 2,500 places is being stored', async () => {
      const rows = Array.from({ length: 250 }, (_, i) => routeRow(`Large batch ${i}`, 10));
      const before = await count(store, 'route_waypoints');
      const { order, health, answer } = await healthDuring(() => call('POST', `${CREATE_ROUTES}?${SCOPE}`, rows));
      expect(health.status).toBe(200);
      expect(answer.status).toBe(200);
      expect(order).toEqual(['health', 'batch']);
      expect(await count(store, 'route_waypoints')).toBe(before + 250 * 8);
    });
  });
});
