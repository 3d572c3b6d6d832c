import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { alertImpactCalls, type ImpactRun } from '../../schemas/api/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
import { ALERT_NAME_MESSAGE } from '../../schemas/alert-bulk';
import { withQuery } from '../../engine/data/http';
import { fillPath } from '../../engine/data/endpoint';

const START = fullPath(alertImpactCalls.start, SERVICE_BASES);
const read = (id: string, c = '1001') =>
  withQuery(fillPath(fullPath(alertImpactCalls.read, SERVICE_BASES), { id }), { c });
const trip = (id: string, tripId: string, c = '1001') =>
  withQuery(fillPath(fullPath(alertImpactCalls.trip, SERVICE_BASES), { id, tripId }), { c });

/** The sheet's long-stoppage row, thresholds raised to 3, 5 and 8 hours. */
const RAISED_ROW = {
  Alert_Name: 'long_stoppage',
  longstoppage_l1_short: 180,
  longstoppage_l1_mid: 180,
  longstoppage_l1_long: 180,
  longstoppage_l2_short: 300,
  longstoppage_l2_mid: 300,
  longstoppage_l2_long: 300,
  longstoppage_l3_short: 480,
  longstoppage_l3_mid: 480,
  longstoppage_l3_long: 480,
};

describe.each(BACKENDS)('alert impact preview of sheet rows on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('names the sheet row and the field it refuses, and starts nothing', async () => {
    const runs = async () => (await t.store.query('select id from alert_impact_runs')).length;
    const before = await runs();
    const refused = await call('POST', START, {
      c: '1001',
      days: 30,
      rows: [
        { row: 2, values: RAISED_ROW },
        { row: 3, values: { Alert_Name: 'over_speeding', Buffer: 'ten' } },
        { row: 4, values: { ...RAISED_ROW, CompanyId: '1002' } },
        { row: 5, values: { ...RAISED_ROW, branchId: '3101' } },
        { row: 6, values: RAISED_ROW },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toEqual([
      'Row 3: Buffer must be a number of 0 or more',
      `Row 4: ${IMPACT_MSG.otherCompany('1002')}`,
      `Row 5: ${IMPACT_MSG.otherBranch('3101')}`,
      `Row 6: ${IMPACT_MSG.repeated('long_stoppage', 2)}`,
    ]);
    const none = await call('POST', START, { c: '1001', days: 30 });
    expect(none.body.message).toEqual([IMPACT_MSG.configsOrRows]);
    expect(await runs()).toBe(before);
  });

  it("checks configurations by the sheet's rules, naming the alert and the field, and starts nothing", async () => {
    const runs = async () => (await t.store.query('select id from alert_impact_runs')).length;
    const before = await runs();
    const config = (featureKey: string, settings: unknown, extraContext = JSON.stringify([settings])) => ({
      featureKey,
      enabled: true,
      extraContext,
    });
    const start = (body: object) => call('POST', START, { c: '1001', days: 30, ...body });
    /** A bad configuration, the answer's text, and the same values as a sheet row with the row's text. */
    interface Bad {
      config: ReturnType<typeof config>;
      message: string;
      row?: Record<string, unknown>;
      rowMessage?: string;
    }
    const numberRule = (field: string) => `${field} must be a number of 0 or more`;
    const BAD: Bad[] = [
      {
        config: config('no_such_alert', {}),
        message: IMPACT_MSG.config('no_such_alert', IMPACT_MSG.alertType),
        row: { Alert_Name: 'no_such_alert' },
        rowMessage: ALERT_NAME_MESSAGE,
      },
      {
        config: config('long_stoppage', { longstoppage_l1: { short: -30, mid: 60, long: 120 } }),
        message: IMPACT_MSG.config('long_stoppage', numberRule('longstoppage_l1_short')),
        row: { Alert_Name: 'long_stoppage', longstoppage_l1_short: -30 },
      },
      {
        config: config('transit_delay', { transit_delay_threshold: 'NaN' }),
        message: IMPACT_MSG.config('transit_delay', numberRule('transit_delay_threshold')),
        row: { Alert_Name: 'transit_delay', transit_delay_threshold: 'NaN' },
      },
      {
        config: config('over_speeding', { config_one: 0 }),
        message: IMPACT_MSG.config('over_speeding', 'config_one must be written as text'),
        row: { Alert_Name: 'over_speeding', config_one: 0 },
      },
      {
        config: config('over_speeding', { config_one: '80', Buffer: -100 }),
        message: IMPACT_MSG.config('over_speeding', numberRule('Buffer')),
        row: { Alert_Name: 'over_speeding', config_one: '80', Buffer: -100 },
      },
      {
        config: config('untracked', { interrupted_auto_min: 60, colour: 'red' }),
        message: IMPACT_MSG.config('untracked', 'Unknown column: colour'),
        row: { Alert_Name: 'untracked', interrupted_auto_min: 60, colour: 'red' },
      },
      // extraContext that is not the JSON list the alerts store: an object, a list of two, a list of a number, not JSON.
      ...['{"interrupted_auto_min": 60}', '[{}, {}]', '[1]', 'NaN', ''].map((text) => ({
        config: config('untracked', null, text),
        message: IMPACT_MSG.config('untracked', IMPACT_MSG.storedList),
      })),
    ];
    for (const bad of BAD) {
      const refused = await start({ configs: [bad.config] });
      expect(refused.status, bad.config.extraContext).toBe(400);
      expect(refused.body.message, bad.config.extraContext).toEqual([bad.message]);
      if (!bad.row) continue;
      // The same values as a sheet row: refused by the same rule, naming the same field.
      const asRow = await start({ rows: [{ row: 2, values: bad.row }] });
      expect(asRow.status).toBe(400);
      expect(asRow.body.message).toEqual([
        IMPACT_MSG.row(2, bad.rowMessage ?? bad.message.slice(`Alert ${bad.config.featureKey}: `.length)),
      ]);
    }
    // All of them at once: each named, in the order sent; good rows beside them start nothing either.
    const all = await start({ configs: BAD.map((bad) => bad.config), rows: [{ row: 2, values: RAISED_ROW }] });
    expect(all.status).toBe(400);
    expect(all.body.message).toEqual([
      ...BAD.slice(0, 10).map((bad) => bad.message),
      IMPACT_MSG.moreConfigs(BAD.length - 10),
    ]);
    // The same alert twice, and settings of another company.
    const good = config('untracked', { interrupted_auto_min: 90 });
    expect((await start({ configs: [good, good] })).body.message).toEqual([
      IMPACT_MSG.config('untracked', IMPACT_MSG.repeated('untracked', undefined)),
    ]);
    expect((await start({ configs: [config('untracked', { CompanyId: '1002' })] })).body.message).toEqual([
      IMPACT_MSG.config('untracked', IMPACT_MSG.otherCompany('1002')),
    ]);
    expect(await runs()).toBe(before);
    // Every configuration the company has stored, sent back as it is kept: a preview starts.
    const stored = await t.store.query<{ featureKey: string; enabled: boolean; extraContext: string }>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext" from alert_configs
        where company_id = '1001' and branch_id is null order by feature_key`,
    );
    expect(stored.length).toBeGreaterThan(5);
    const kept = await start({ configs: stored });
    expect(kept.status, JSON.stringify(kept.body.message)).toBe(200);
    // Cancelled (and finished either way), so that the next preview of this desk may start.
    const cancel = fillPath(fullPath(alertImpactCalls.cancel, SERVICE_BASES), { id: kept.body.data.id });
    await call('POST', `${cancel}?c=1001`);
    await vi.waitFor(
      async () => {
        const run = await t.store.one<{ status: string }>('select status from alert_impact_runs where id = $1', [
          kept.body.data.id,
        ]);
        expect(run?.status).not.toBe('running');
      },
      { timeout: 20_000, interval: 50 },
    );
  });

  it('previews a sheet row, and replays one of its trips with both configurations, storing nothing', async () => {
    const started = await call<{ data: ImpactRun }>('POST', START, {
      c: '1001',
      days: 30,
      rows: [{ row: 2, values: RAISED_ROW }],
    });
    expect(started.status).toBe(200);
    let run: ImpactRun | undefined;
    await expect
      .poll(
        async () => {
          run = (await call<{ data: ImpactRun }>('GET', read(started.body.data.id))).body.data;
          return run.status;
        },
        { timeout: 60_000, interval: 100 },
      )
      .toBe('done');
    // A trip that loses an alert: one of its long stoppages is under the raised thresholds.
    const changed = run!.trips.find((one) => one.removed > 0)!;
    expect(changed).toBeDefined();
    const analytics = await t.store.query('select * from trip_analytics where trip_id = $1', [changed.tripId]);
    const replay = await call('GET', trip(run!.id, changed.tripId));
    expect(replay.status).toBe(200);
    const { before, after } = replay.body.data as { before: { type: string }[]; after: { type: string }[] };
    expect(before.length).toBe(changed.before);
    expect(after.length).toBe(changed.after);
    const long = (alerts: { type: string }[]) => alerts.filter((a) => a.type === 'long_stoppage').length;
    expect(long(after)).toBeLessThan(long(before));
    expect(await t.store.query('select * from trip_analytics where trip_id = $1', [changed.tripId])).toEqual(analytics);
    // Another company's trip, or the preview asked for by another company, is not found.
    const [other] = await t.store.query<{ id: string }>("select id from trips where company_id = '1002' limit 1");
    expect((await call('GET', trip(run!.id, other.id))).status).toBe(404);
    expect((await call('GET', trip(run!.id, changed.tripId, '1002'))).status).toBe(404);
  });
});
