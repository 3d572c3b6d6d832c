import type { FastifyInstance } from 'fastify';
import { tripCalls } from '../../schemas/api/trips';
import { MANUAL_PING_TOKEN, TRIP_MSG, type TripScopeQuery } from '../../schemas/trip';
import { ApiError, ok } from '../http/envelope';
import { route } from '../http/route';
import { resolveScope } from '../repos/scope-repository';
import { alertConfigRepository } from '../repos/alert-config-repository';
import { tripRepository, type TripRecord } from '../repos/trip-repository';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import { analyticsOf, pingOut, searchText, tripSection } from '../rules/trip-snapshot';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { cpuPool } from '../workers/cpu-pool';

/** No such trip, or one outside the scope the console sent: the page says 'Invalid Trip ID' (404). */
const invalidTrip = () => new ApiError(404, [TRIP_MSG.invalidTrip]);

/**
 * Trip `id`, checked against the console's scope when it sends one (API.md "Trips"): a company (and branch,
 * department) that does not exist, or a trip of another, is not found.
 */
async function scopedTrip(q: Queryable, id: string, query: TripScopeQuery = {}): Promise<TripRecord> {
  const trip = await tripRepository.byId(q, id);
  if (!trip) throw invalidTrip();
  if (query.companyId) {
    // Resolved here, not declared on the contracts (scope hook): the scope is optional (a call without companyId
    // reads any trip), sync names it `company_id`, and a scope that is unknown or not the trip's is 'Invalid Trip ID'
    // like a missing trip (checked first), where the hook would answer a plain 'Not found'.
    const scope = await resolveScope(q, { c: query.companyId, b: query.branchId, d: query.departmentId }).catch(() => {
      throw invalidTrip();
    });
    if (
      trip.companyId !== scope.companyId ||
      (scope.branchId && trip.branchId !== scope.branchId) ||
      (scope.departmentId && trip.departmentId !== scope.departmentId)
    ) {
      throw invalidTrip();
    }
  }
  return trip;
}

/**
 * The trip's alerts computed afresh from its pings with `config`, up to its close (or now, for an open trip): in the
 * worker pool (a full queue answers 503), which also parses the pings (read as one JSON text).
 */
async function recompute(q: Queryable, trip: TripRecord, config: StoredAlertConfig[]) {
  const pings = await tripRepository.pingsJson(q, trip.id);
  const until = trip.closedAt ?? Date.now();
  return cpuPool().run('replayAlerts', {
    plan: { path: trip.path, startedAt: trip.startedAt, sttMinutes: trip.stt, until },
    config,
    pings,
  });
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC as epoch milliseconds, or null when it names no real time. */
function utcTime(text: string): number | null {
  const ms = Date.parse(`${text.replace(' ', 'T')}Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 19).replace('T', ' ') === text ? ms : null;
}

/** A device clock this far ahead of ours is still accepted (clocks drift). */
const CLOCK_SKEW_MS = 5 * 60_000;

/**
 * The trip service of spec 002 section 7 (API.md "Trips"): a trip's snapshot by section and its locations, the sync to
 * the search index, the analytics and the two replays (with the configuration the trip started with, and with the
 * company's as it is now, which is stored), and the manual ping.
 */
export async function tripRoutes(app: FastifyInstance, { store, tripIndex }: AppContext) {
  route(app, tripCalls.tripSection, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, query);
    return ok(tripSection(trip, analyticsOf(await tripRepository.analytics(store, trip.id)), params.section));
  });

  route(app, tripCalls.tripLocations, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, query);
    return ok((await tripRepository.pings(store, trip.id)).map(pingOut));
  });

  route(app, tripCalls.syncTrip, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, { companyId: query.company_id });
    const analytics = analyticsOf(await tripRepository.analytics(store, trip.id));
    const document = tripSection(trip, analytics, 'full');
    if (tripIndex) {
      await tripIndex.put(trip.id, document).catch((error: Error) => {
        throw new ApiError(502, [error.message]);
      });
    }
    await tripRepository.saveSearch(store, trip.id, trip.companyId, document, searchText(trip, analytics), Date.now());
    return {
      success: true,
      data: { trip_id: trip.id, index: tripIndex ? 'search engine and PostgreSQL' : 'PostgreSQL' },
      message: [TRIP_MSG.synced],
    };
  });

  route(app, tripCalls.analytics, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, query);
    return ok(analyticsOf(await tripRepository.analytics(store, trip.id)));
  });

  route(app, tripCalls.replay, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, query);
    const alerts = await recompute(store, trip, trip.alertConfig);
    return ok({ message: TRIP_MSG.replayed(alerts.length), alerts, config: 'as the trip started' });
  });

  route(app, tripCalls.replayUpdated, async ({ params, query }) => {
    const trip = await scopedTrip(store, params.tripId, query);
    const config = await alertConfigRepository.current(store, trip.companyId, trip.branchId);
    // Computed outside a transaction: waiting for the worker holds no connection (PGlite has only one). The alerts
    // are stored with the configuration they were computed with.
    const alerts = await recompute(store, trip, config);
    await store.tx((q) => tripRepository.saveAnalytics(q, trip.id, alerts, config, Date.now()));
    return ok({ message: TRIP_MSG.replayedUpdated(alerts.length), alerts, config: 'as it is now' });
  });

  route(app, tripCalls.manualPing, async ({ query, body }) => {
    if (query.token !== MANUAL_PING_TOKEN) throw new ApiError(401, [TRIP_MSG.badToken]);
    const at = utcTime(body.device_time_utc);
    if (at === null) throw new ApiError(400, [TRIP_MSG.badTime]);
    return store.tx(async (q) => {
      // Locked: a ping and the trip's close do not cross.
      const trip = await q.one<{ status: number; started_at: number }>(
        'select status, started_at::float8 as started_at from trips where id = $1 for update',
        [body.trip_id],
      );
      const failure = !trip
        ? TRIP_MSG.invalidTrip
        : trip.status !== 1
          ? TRIP_MSG.tripClosed
          : at < trip.started_at
            ? TRIP_MSG.beforeStart
            : at > Date.now() + CLOCK_SKEW_MS
              ? TRIP_MSG.inFuture
              : null;
      if (failure) return { success: false, data: { success: [], failure: [failure] }, message: [failure] };
      const { lat, lng } = body.coordinates;
      await tripRepository.addPings(
        q,
        body.trip_id,
        [
          {
            t: at,
            lat,
            lng,
            speed: body.speed ?? null,
            temperature: body.temperature ?? null,
            source: body.locationSource,
          },
        ],
        Date.now(),
      );
      return ok({ success: [TRIP_MSG.pingStored(body.trip_id, body.device_time_utc)], failure: [] });
    });
  });
}
