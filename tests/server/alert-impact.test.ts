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
import { alertConfigRepository } from '../../server/repos/alert-config-repository';
import { IMPACT_SLICE, runImpact, startImpact } from '../../server/repos/alert-impact-repository';
import { createImpactWorker, MAX_STALLS } from '../../server/jobs/alert-impact-job';

const START = fullPath(alertImpactCalls.start, SERVICE_BASES);
const DAY = 86_400_000;
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
  // The clock of leases: a test moves it past a lease. No sweep runs on a timer: the tests take the sweep's turns.
  let now = Date.now();
  const clock = () => new Date(now);
  beforeAll(async () => {
    t = await bootFresh(backend, { clock, jobs: { sweepSeconds: 0 } });
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
      .poll(
        async () => {
          run = (await call<{ data: ImpactRun }>('GET', at(alertImpactCalls.read, id))).body.data;
          return run.status;
        },
        { timeout: 20_000 },
      )
      .not.toBe('running');
    return run!;
  }

  it("counts the alerts before and after over the period's trips, as one replay per trip does, and saves nothing", async () => {
    // A branch's own speed limit: its trips are computed with it, the others with the company's.
    await t.store.query(
      `insert into alert_configs (id, company_id, branch_id, feature_key, enabled, extra_context)
       values ('alc_test_branch_speed', '1001', '3101', 'over_speeding', true, '[{"config_one": 40}]')`,
    );
    const before = await stored();
    const started = await call<{ data: ImpactRun }>('POST', START, { c: '1001', days: 7, configs: [RAISED] });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ status: 'running', done: 0 });
    const run = await finished(started.body.data.id);
    expect(run.status).toBe('done');
    expect(run.done).toBe(run.total);
    expect(run.total).toBeGreaterThan(0);

    // The same trips replayed one by one with the configuration of their branch, as it is and as proposed.
    const trips = await t.store.query<{
      id: string;
      branchId: string | null;
      path: { lat: number; lng: number }[];
      startedAt: number;
      stt: number | null;
      closedAt: number | null;
    }>(
      `select id, branch_id as "branchId", path, started_at::float8 as "startedAt", stt, closed_at::float8 as "closedAt"
         from trips where company_id = '1001' and started_at >= $1 and started_at < $2`,
      [run.from, run.to],
    );
    expect(trips).toHaveLength(run.total);
    const totals = { before: 0, after: 0, longBefore: 0, longAfter: 0 };
    for (const trip of trips) {
      const configs = await alertConfigRepository.current(t.store, '1001', trip.branchId);
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

  it('takes over a preview whose instance died, resumes it after its last slice and ends with the result of a run without a crash; a cancelled one stays cancelled, one taken over again and again without progress is given up', async () => {
    // Both previews go through the same trips, as of the same instant (an open trip's alerts run until then).
    const to = Date.now();
    const period = { from: to - 90 * DAY, to };
    // More trips than a slice: the demo month's (checked below).
    const whole = await finished(
      (await call<{ data: ImpactRun }>('POST', START, { c: '1001', ...period, configs: [RAISED] })).body.data.id,
    );
    expect(whole.status).toBe('done');
    expect(whole.total).toBeGreaterThan(IMPACT_SLICE);
    const [desk] = await t.store.query<{ desk_id: string; id: string }>(
      "select desk_id, id from users where email = 'ops@demo.local'",
    );
    const dead = { owner: 'instance-dead', lease: { seconds: 20, clock } };
    const row = (id: string) =>
      t.store.one<{
        status: string;
        trips_done: number;
        lease_owner: string | null;
        checkpoint: unknown;
        stalls: number;
        error: string | null;
      }>('select status, trips_done, lease_owner, checkpoint, stalls, error from alert_impact_runs where id = $1', [
        id,
      ]);

    /** The same preview started on an instance that dies after its first slice: its lease never renewed nor freed. */
    const crashed = async () => {
      const run = await startImpact(
        t.store,
        {
          scope: { companyId: '1001', branchId: null },
          deskId: desk.desk_id,
          userId: desk.id,
          ...period,
          proposed: [RAISED],
        },
        dead,
      );
      await t.store.query(
        'update alert_impact_runs set created_at = (select created_at from alert_impact_runs where id = $2) where id = $1',
        [run.id, whole.id],
      );
      let slices = 0;
      await runImpact(t.store, run.id, dead.owner, () => slices++ > 0);
      expect(await row(run.id)).toMatchObject({ status: 'running', trips_done: IMPACT_SLICE, lease_owner: dead.owner });
      return run.id;
    };
    const id = await crashed();
    // A mark in its checkpoint: the result shows it when the preview resumes from there (not from its first trip).
    await t.store.query(
      `update alert_impact_runs set checkpoint = jsonb_set(checkpoint, '{counts}', checkpoint->'counts' || '[["mark", 1, 2]]')
        where id = $1`,
      [id],
    );
    // Nothing is taken over while its lease holds; the desk's slot stays taken.
    await t.app.jobs.sweep();
    expect((await row(id))?.lease_owner).toBe(dead.owner);
    expect((await call('POST', START, { c: '1001', days: 7, configs: [RAISED] })).status).toBe(409);
    now += 21_000;
    // Another instance takes it over and stops at once (its server closing): the lease is freed, the preview still runs.
    const other = createImpactWorker(t.store, { owner: 'instance-other', lease: { seconds: 20, clock } });
    expect(await other.sweep()).toEqual([id]);
    await other.stop();
    expect(await row(id)).toMatchObject({ status: 'running', trips_done: IMPACT_SLICE, lease_owner: null });
    // This instance's next sweep takes it and finishes it.
    now += 1000;
    await t.app.jobs.sweep();
    const resumed = await finished(id);
    expect(resumed).toMatchObject({ status: 'done', done: whole.total, total: whole.total, trips: whole.trips });
    expect(resumed.counts.filter((c) => c.type !== 'mark')).toEqual(whole.counts);
    expect(resumed.counts).toContainEqual({ type: 'mark', level: null, before: 1, after: 2 });
    // The run's lease is let go just after its result is stored.
    await expect.poll(() => row(id)).toMatchObject({ lease_owner: null, checkpoint: null });

    // A cancel wins: a cancelled preview whose instance died is never resumed.
    const cancelled = await crashed();
    expect((await call('POST', at(alertImpactCalls.cancel, cancelled))).body.data.status).toBe('cancelled');
    now += 21_000;
    expect(await t.app.jobs.impacts.sweep()).toEqual([]);
    await t.app.jobs.sweep();
    expect(await row(cancelled)).toMatchObject({ status: 'cancelled', trips_done: IMPACT_SLICE });

    // A preview that stops every instance taking it over, at the same trips, is given up after MAX_STALLS takeovers
    // in a row of a preview whose holder died without progress: failed, saying why, and its desk free.
    const stalling = await crashed();
    // A server that stops frees the lease: the takeover after it counts no stall.
    now += 21_000;
    const stopped = createImpactWorker(t.store, { owner: 'instance-stopped', lease: { seconds: 20, clock } });
    expect(await stopped.sweep()).toEqual([stalling]);
    await stopped.stop();
    for (let crash = 0; crash <= MAX_STALLS; crash++) {
      now += 21_000;
      const owner = `instance-${crash}`;
      const instance = createImpactWorker(t.store, { owner, lease: { seconds: 20, clock } });
      // Taken over (and cut off before a slice) until the last takeover, which ends it.
      expect(await instance.sweep()).toEqual(crash < MAX_STALLS ? [stalling] : []);
      await instance.stop();
      expect(await row(stalling)).toMatchObject({ trips_done: IMPACT_SLICE, stalls: crash });
      // It died holding the lease (a crash frees nothing).
      await t.store.query(`update alert_impact_runs set lease_owner = $2 where id = $1 and status = 'running'`, [
        stalling,
        owner,
      ]);
    }
    expect(await row(stalling)).toMatchObject({ status: 'failed', error: IMPACT_MSG.stalled(MAX_STALLS + 1) });
    expect((await call('POST', START, { c: '1001', days: 7, configs: [RAISED] })).status).toBe(200);
  });
});
