import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';
import { SERVICE_BASES, fullPath } from '../../schemas/api';
import { alertImpactCalls, type ImpactRun } from '../../schemas/api/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
import { withQuery } from '../../engine/data/http';
import { fillPath } from '../../engine/data/endpoint';
import { computeAlerts, lengthKm, rulesFromConfigs, type StoredAlertConfig } from '../../server/rules/trip-alerts';
import { proposedConfig } from '../../server/rules/alert-impact';
import { tripRepository } from '../../server/repos/trip-repository';

const START = fullPath(alertImpactCalls.start, SERVICE_BASES);
const at = (call: typeof alertImpactCalls.read | typeof alertImpactCalls.cancel, id: string, c = '1001') =>
  withQuery(fillPath(fullPath(call, SERVICE_BASES), { id }), { c });

/** Long stoppage from 3, 5 and 8 hours on every trip length: the 2.5-hour stop of the demo's open trips is no alert. */
const RAISED: StoredAlertConfig = {
  featureKey: 'long_stoppage',
  enabled: true,
  extraContext: JSON.stringify([
    {
      longstoppage_l1: { short: 180, mid: 180, long: 180 },
      longstoppage_l2: { short: 300, mid: 300, long: 300 },
      longstoppage_l3: { short: 480, mid: 480, long: 480 },
    },
  ]),
};

describe.each(BACKENDS)('alert impact preview on $name', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  /** Every stored row a preview must not touch, as text. */
  const stored = () =>
    t.store.query(
      `select (select md5(coalesce(string_agg(to_jsonb(a)::text, ',' order by id), '')) from alert_configs a) as alerts,
              (select md5(coalesce(string_agg(to_jsonb(x)::text, ',' order by id), '')) from trips x) as trips,
              (select md5(coalesce(string_agg(to_jsonb(y)::text, ',' order by trip_id), '')) from trip_analytics y) as analytics,
              (select count(*)::int from audit_log) as audit`,
    );
  /** Reads a preview until it is no longer running. */
  async function finished(id: string): Promise<ImpactRun> {
    let run: ImpactRun | undefined;
    await expect
      .poll(async () => {
        run = (await call<{ data: ImpactRun }>('GET', at(alertImpactCalls.read, id))).body.data;
        return run.status;
      })
      .not.toBe('running');
    return run!;
  }

  it("counts the alerts before and after over the period's trips, as one replay per trip does, and saves nothing", async () => {
    const before = await stored();
    const started = await call<{ data: ImpactRun }>('POST', START, { c: '1001', days: 7, configs: [RAISED] });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'running', done: 0 });
    const run = await finished(started.body.data.id);
    expect(run.status).toBe('done');
    expect(run.done).toBe(run.total);
    expect(run.total).toBeGreaterThan(0);

    // The same trips replayed one by one with the stored and the proposed configuration.
    const configs = await t.store.query<StoredAlertConfig>(
      `select feature_key as "featureKey", enabled, extra_context as "extraContext" from alert_configs
        where company_id = '1001' and branch_id is null`,
    );
    const trips = await t.store.query<{
      id: string;
      path: { lat: number; lng: number }[];
      startedAt: number;
      stt: number | null;
      closedAt: number | null;
    }>(
      `select id, path, started_at::float8 as "startedAt", stt, closed_at::float8 as "closedAt" from trips
        where company_id = '1001' and started_at >= $1 and started_at < $2`,
      [run.from, run.to],
    );
    expect(trips).toHaveLength(run.total);
    const totals = { before: 0, after: 0, longBefore: 0, longAfter: 0 };
    for (const trip of trips) {
      const pings = JSON.parse(await tripRepository.pingsJson(t.store, trip.id));
      const plan = { path: trip.path, startedAt: trip.startedAt, sttMinutes: trip.stt, until: trip.closedAt ?? run.to };
      const km = lengthKm(trip.path);
      const old = computeAlerts(pings, plan, rulesFromConfigs(configs, km));
      const now = computeAlerts(pings, plan, rulesFromConfigs(proposedConfig(configs, [RAISED]), km));
      totals.before += old.length;
      totals.after += now.length;
      totals.longBefore += old.filter((a) => a.type === 'long_stoppage').length;
      totals.longAfter += now.filter((a) => a.type === 'long_stoppage').length;
    }
    const sum = (side: 'before' | 'after', type?: string) =>
      run.counts.filter((c) => !type || c.type === type).reduce((n, c) => n + c[side], 0);
    expect(sum('before')).toBe(totals.before);
    expect(sum('after')).toBe(totals.after);
    expect(sum('before', 'long_stoppage')).toBe(totals.longBefore);
    expect(sum('after', 'long_stoppage')).toBe(totals.longAfter);
    // Raised thresholds: fewer long stoppages, and the trips that lose them are named.
    expect(totals.longAfter).toBeLessThan(totals.longBefore);
    expect(run.trips.length).toBeGreaterThan(0);
    expect(run.trips.every((trip) => trip.removed + trip.added + trip.changed > 0)).toBe(true);
    expect(await stored()).toEqual(before);
  });

  it('runs one preview per desk, cancels it, and names the rules it breaks', async () => {
    const [desk] = await t.store.query<{ desk_id: string; id: string }>(
      "select desk_id, id from users where email = 'ops@demo.local'",
    );
    await t.store.query(
      `insert into alert_impact_runs (id, desk_id, company_id, period_from, period_to, proposed, status, trips_total, lease_until)
       values ('aip_test_running', $1, '1001', 0, 1, '[]', 'running', 10, now() + interval '1 minute')`,
      [desk.desk_id],
    );
    const refused = await call('POST', START, { c: '1001', days: 30, configs: [RAISED] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toEqual([IMPACT_MSG.running]);
    const cancelled = await call<{ data: ImpactRun }>('POST', at(alertImpactCalls.cancel, 'aip_test_running'));
    expect(cancelled.body.data.status).toBe('cancelled');
    expect((await call('POST', at(alertImpactCalls.cancel, 'aip_test_running'))).body.message).toEqual([
      IMPACT_MSG.notRunning,
    ]);
    // Another company's preview is not found.
    expect((await call('GET', at(alertImpactCalls.read, 'aip_test_running', '1002'))).status).toBe(404);
    // A period it cannot read, and a configuration it cannot take.
    expect((await call('POST', START, { c: '1001', configs: [RAISED] })).body.message).toEqual([IMPACT_MSG.period]);
    expect((await call('POST', START, { c: '1001', from: 5, to: 1, configs: [RAISED] })).body.message).toEqual([
      IMPACT_MSG.range,
    ]);
    expect(
      (await call('POST', START, { c: '1001', days: 7, configs: [{ ...RAISED, featureKey: 'x'.repeat(65) }] })).body
        .message,
    ).toEqual([IMPACT_MSG.featureKey]);
  });
});
