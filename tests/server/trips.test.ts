import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tripRepository } from '../../server/repos/trip-repository';
import { computeAlerts, lengthKm, rulesFromConfigs } from '../../server/rules/trip-alerts';
import { MANUAL_PING_TOKEN, TRIP_MSG } from '../../schemas/trip';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

describe.each(BACKENDS)('trip store ($name)', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t.close());

  it('seeds a delivered trip per route and, per company, one under way with a long stop, a detour and a speeding stretch', async () => {
    const trips = await t.store.query<{ id: string; status: number; pings: number }>(
      `select t.id, t.status, (select count(*)::int from trip_pings p where p.trip_id = t.id) as pings from trips t where company_id = '1001' order by id`,
    );
    expect(trips.filter((trip) => trip.status === 0).length).toBeGreaterThanOrEqual(4);
    expect(trips.every((trip) => trip.pings > 10)).toBe(true);
    const open = trips.find((trip) => trip.status === 1)!;
    const stored = await tripRepository.analytics(t.store, open.id);
    const types = stored!.alerts.map((a) => `${a.type}${a.level ? ` L${a.level}` : ''}`);
    // Tata Steel's config: long stoppage from 60 minutes on a mid-length trip, deviation past 5 km, speeding past 70 km/h.
    expect(types).toEqual(expect.arrayContaining(['long_stoppage L2', 'route_deviation', 'over_speeding']));
    const delivered = await tripRepository.analytics(t.store, trips.find((trip) => trip.status === 0)!.id);
    expect(delivered!.alerts).toEqual([]);
  });

  it('computes afresh from the stored pings: a changed setting changes the alerts', async () => {
    const trip = (await tripRepository.byId(t.store, 'TRP1001001'))!;
    expect(trip.status).toBe(1);
    const pings = await tripRepository.pings(t.store, trip.id);
    const plan = { path: trip.path, startedAt: trip.startedAt, sttMinutes: trip.stt, until: pings.at(-1)!.t };
    const km = lengthKm(trip.path);
    const before = computeAlerts(pings, plan, rulesFromConfigs(trip.alertConfig, km));
    const stored = (await tripRepository.analytics(t.store, trip.id))!;
    expect(before).toEqual(stored.alerts);
    const stricter = trip.alertConfig.map((c) =>
      c.featureKey === 'over_speeding' ? { ...c, extraContext: JSON.stringify([{ config_one: 90 }]) } : c,
    );
    const after = computeAlerts(pings, plan, rulesFromConfigs(stricter, km));
    expect(after.filter((a) => a.type === 'over_speeding')).toEqual([]);
    expect(after.filter((a) => a.type !== 'over_speeding')).toEqual(before.filter((a) => a.type !== 'over_speeding'));
  });

  it('answers each section of a trip, its locations and its analytics; a trip of another company in scope is not found', async () => {
    const full = await call('GET', '/api/v1/trip/TRP1001001/full');
    expect(full.status).toBe(200);
    expect(full.body.data).toMatchObject({ trip_id: 'TRP1001001', status: 'OPEN', created_by: { company_id: '1001' } });
    expect(full.body.data.alerts.length).toBeGreaterThan(0);
    for (const section of ['alerts', 'assets', 'parties', 'trip_details', 'indent', 'analytics']) {
      expect((await call('GET', `/api/v1/trip/TRP1001001/${section}?companyId=1001`)).status).toBe(200);
    }
    expect((await call('GET', '/api/v1/trip/TRP1001001/parties')).body.data).toHaveProperty('consignor');
    expect((await call('GET', '/api/v1/trip/TRP1001001/everything')).status).toBe(400);
    expect((await call('GET', '/api/v1/trip/TRP1001001/full?companyId=1002')).body).toEqual({
      success: false,
      data: null,
      message: [TRIP_MSG.invalidTrip],
    });
    expect((await call('GET', '/api/v1/trip/TRP1001001/full?companyId=1001&branchId=3102')).status).toBe(404);
    expect((await call('GET', '/api/v1/trip/TRP1001001/full?companyId=999999')).status).toBe(404);
    expect((await call('GET', '/api/v1/trip/NO-SUCH-TRIP/full')).body.message).toEqual([TRIP_MSG.invalidTrip]);
    expect((await call('GET', `/api/v1/trip/${'x'.repeat(65)}/full`)).status).toBe(400);
    expect((await call('GET', '/api/v1/trip/a%20b/full')).status).toBe(400);
    const locations = await call('GET', '/api/v1/db/trip/TRP1001001/locations');
    const times = (locations.body.data as { device_time_utc: string }[]).map((p) => Date.parse(p.device_time_utc));
    expect(times.length).toBeGreaterThan(50);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await call('GET', '/v1/lego/trip/TRP1001001/analytics')).body.data.alerts).toEqual(full.body.data.alerts);
  });

  it("syncs a trip's document to the search table, for the trip's own company only", async () => {
    expect((await call('GET', '/api/v1/syncpersist/trip/TRP1001001/full?company_id=1002')).status).toBe(404);
    expect((await call('GET', '/api/v1/syncpersist/trip/TRP1001001/full')).status).toBe(400);
    const synced = await call('GET', '/api/v1/syncpersist/trip/TRP1001001/full?company_id=1001');
    expect(synced.body).toMatchObject({ success: true, message: [TRIP_MSG.synced] });
    const trip = (await tripRepository.byId(t.store, 'TRP1001001'))!;
    expect(await tripRepository.searchIds(t.store, '1001', trip.vehicleNumber)).toEqual([{ trip_id: 'TRP1001001' }]);
    expect(await tripRepository.searchIds(t.store, '1002', trip.vehicleNumber)).toEqual([]);
  });

  it('replays with the configuration the trip started with, and with the one of now (stored), which a changed setting changes', async () => {
    const before = await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay');
    expect(before.body.data.alerts.some((a: { type: string }) => a.type === 'over_speeding')).toBe(true);
    await t.store.query(
      `update alert_configs set enabled = false where company_id = '1001' and feature_key = 'over_speeding' and branch_id is null`,
    );
    try {
      const updated = await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay/updatedconfig?companyId=1001');
      expect(updated.body.data.message).toMatch(/^Replay with updated config done: \d+ alerts?$/);
      const types = updated.body.data.alerts.map((a: { type: string }) => a.type);
      expect(types).not.toContain('over_speeding');
      expect(types).toContain('long_stoppage');
      // The updated replay is stored; the plain replay still uses the configuration the trip started with.
      expect((await call('GET', '/v1/lego/trip/TRP1001001/analytics')).body.data.alerts).toEqual(
        updated.body.data.alerts,
      );
      expect((await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay')).body.data.alerts).toEqual(
        before.body.data.alerts,
      );
      expect((await call('GET', '/v1/lego/trip/TRP1001001/analytics/replay?companyId=1002')).status).toBe(404);
    } finally {
      await t.store.query(
        `update alert_configs set enabled = true where company_id = '1001' and feature_key = 'over_speeding' and branch_id is null`,
      );
    }
  });

  it('appends a manual ping to an open trip; refuses a wrong token, a closed trip, a time before the start or in the future, and odd input', async () => {
    const ping = (over: Record<string, unknown> = {}, token = MANUAL_PING_TOKEN) =>
      call('POST', `/v1/saas/data/manualping?token=${token}`, {
        trip_id: 'TRP1001001',
        device_time_utc: new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace('T', ' '),
        coordinates: { lat: 22.5, lng: 87.1 },
        locationSource: 'MANUAL',
        speed: 12,
        ...over,
      });
    const count = async () => (await tripRepository.pings(t.store, 'TRP1001001')).length;
    const pings = await count();
    expect((await ping({}, 'nope')).status).toBe(401);
    const stored = await ping();
    expect(stored.status).toBe(200);
    expect(stored.body.data.success).toHaveLength(1);
    expect(stored.body.data.failure).toEqual([]);
    expect(await count()).toBe(pings + 1);
    const manual = (await tripRepository.pings(t.store, 'TRP1001001')).filter((p) => p.source === 'MANUAL');
    expect(manual).toMatchObject([{ lat: 22.5, lng: 87.1, speed: 12, source: 'MANUAL' }]);
    expect((await ping({ trip_id: 'TRP1001000' })).body.data.failure).toEqual([TRIP_MSG.tripClosed]);
    expect((await ping({ trip_id: 'NO-SUCH' })).body.data.failure).toEqual([TRIP_MSG.invalidTrip]);
    expect((await ping({ device_time_utc: '2001-01-01 00:00:00' })).body.data.failure).toEqual([TRIP_MSG.beforeStart]);
    expect((await ping({ device_time_utc: '2099-01-01 00:00:00' })).body.data.failure).toEqual([TRIP_MSG.inFuture]);
    for (const odd of [
      { device_time_utc: '2026-02-30 10:00:00' },
      { device_time_utc: '2026-11-24T10:00:00' },
      { coordinates: { lat: 91, lng: 10 } },
      { coordinates: [1, 2] },
      { speed: 12.5 },
      { speed: 1e300 },
      { locationSource: 'RADIO' },
      { trip_id: 'x'.repeat(10_000) },
      { extra: true },
    ]) {
      const answer = await ping(odd);
      expect(answer.status, JSON.stringify(odd).slice(0, 80)).toBe(400);
    }
    expect(await count()).toBe(pings + 1);
  });
});
