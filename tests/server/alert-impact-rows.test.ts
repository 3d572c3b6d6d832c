import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { alertImpactCalls, type ImpactRun } from '../../schemas/api/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
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
