import { randomUUID } from 'node:crypto';
import type { ImpactRun, ImpactTrip } from '../../schemas/api/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
import { ApiError } from '../http/envelope';
import { countRows, proposedConfig, type AlertCounts } from '../rules/alert-impact';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import type { Queryable, Store } from '../store/store';
import { isUniqueViolation } from '../store/unique';
import { cpuPool } from '../workers/cpu-pool';
import type { ImpactTripInput } from '../workers/cpu-tasks';
import type { Scope } from './scope-repository';

/** Trips per slice handed to the worker pool: progress moves, and a cancel is seen, after each. */
export const IMPACT_SLICE = 25;
/** Trips listed in a result, most changed first. */
const LISTED_TRIPS = 500;
/** Seconds a running preview's lease lasts unless its instance renews it (after each slice). */
const LEASE_SECONDS = 60;

const RUN_COLUMNS = `id, status, trips_done as done, trips_total as total, period_from::float8 as "from",
  period_to::float8 as "to", error, coalesce(result->'counts', '[]') as counts, coalesce(result->'trips', '[]') as trips`;

/** A preview as the calls answer it. */
export async function readImpact(q: Queryable, id: string): Promise<ImpactRun> {
  const run = await q.one<ImpactRun>(`select ${RUN_COLUMNS} from alert_impact_runs where id = $1`, [id]);
  if (!run) throw new ApiError(404, ['Not found']);
  return run;
}

/** The scope's alert configuration as it is: the company's, each key's branch one in place of it when a branch is chosen. */
async function storedConfig(q: Queryable, scope: Scope): Promise<StoredAlertConfig[]> {
  const rows = await q.query<StoredAlertConfig>(
    `select feature_key as "featureKey", enabled, extra_context as "extraContext"
       from alert_configs where company_id = $1 and (branch_id is null or branch_id = $2)
      order by (branch_id is null) desc`,
    [scope.companyId, scope.branchId],
  );
  return [...new Map(rows.map((row) => [row.featureKey, row])).values()];
}

/**
 * Starts a preview for a desk: fails the desk's preview whose instance stopped renewing it, refuses (409) while
 * another runs, then records this one with the number of trips of its period. Writes nothing else.
 */
export async function startImpact(
  store: Store,
  start: { scope: Scope; deskId: string; userId: string; from: number; to: number; proposed: StoredAlertConfig[] },
): Promise<ImpactRun> {
  const id = `aip_${randomUUID()}`;
  await store.tx(async (q) => {
    await q.query(
      `update alert_impact_runs set status = 'failed', error = 'Its server stopped', finished_at = now()
        where desk_id = $1 and status = 'running' and lease_until < now()`,
      [start.deskId],
    );
    const total = await q.one<{ n: number }>(
      `select count(*)::int as n from trips where company_id = $1 and ($2::text is null or branch_id = $2)
         and started_at >= $3 and started_at < $4`,
      [start.scope.companyId, start.scope.branchId, start.from, start.to],
    );
    try {
      await q.query(
        `insert into alert_impact_runs (id, desk_id, user_id, company_id, branch_id, period_from, period_to, proposed,
                                        status, trips_total, lease_until)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, 'running', $9, now() + make_interval(secs => $10))`,
        [
          id,
          start.deskId,
          start.userId,
          start.scope.companyId,
          start.scope.branchId,
          start.from,
          start.to,
          JSON.stringify(start.proposed),
          total?.n ?? 0,
          LEASE_SECONDS,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, [IMPACT_MSG.running]);
      throw error;
    }
  });
  return readImpact(store, id);
}

/** Cancels a running preview: its slice under way ends, no other starts. */
export async function cancelImpact(store: Store, id: string): Promise<ImpactRun> {
  const row = await store.one(
    `update alert_impact_runs set status = 'cancelled', finished_at = now() where id = $1 and status = 'running' returning id`,
    [id],
  );
  if (!row) throw new ApiError(400, [IMPACT_MSG.notRunning]);
  return readImpact(store, id);
}

/**
 * Works a preview through: its trips in slices of {@link IMPACT_SLICE}, each slice's pings read in one query and its
 * alerts computed in the worker pool, twice; progress and lease renewed after each slice, which also sees a cancel;
 * then the result. `stopping()` true (the server closing) leaves it to run out its lease.
 */
export async function runImpact(store: Store, id: string, scope: Scope, stopping: () => boolean): Promise<void> {
  const run = await store.one<{ from: number; to: number; proposed: StoredAlertConfig[] }>(
    `select period_from::float8 as "from", period_to::float8 as "to", proposed from alert_impact_runs where id = $1`,
    [id],
  );
  if (!run) return;
  try {
    const stored = await storedConfig(store, scope);
    const proposed = proposedConfig(stored, run.proposed);
    const trips = await store.query<Omit<ImpactTripInput, 'pings'> & { closedAt: number | null }>(
      `select id, vehicle_number as "vehicleNumber", started_at::float8 as "startedAt", closed_at::float8 as "closedAt",
              json_build_object('path', path, 'startedAt', started_at::float8, 'sttMinutes', stt,
                                'until', coalesce(closed_at, $5)::float8) as plan
         from trips where company_id = $1 and ($2::text is null or branch_id = $2) and started_at >= $3 and started_at < $4
        order by started_at, id`,
      [scope.companyId, scope.branchId, run.from, run.to, Date.now()],
    );
    const counts: AlertCounts = new Map();
    const changed: ImpactTrip[] = [];
    for (let first = 0; first < trips.length; first += IMPACT_SLICE) {
      if (stopping()) return;
      const slice = trips.slice(first, first + IMPACT_SLICE);
      const pings = await store.query<{ id: string; pings: string }>(
        `select t.id, coalesce((select json_agg(json_build_object('t', p.t::float8, 'lat', p.lat, 'lng', p.lng, 'speed', p.speed) order by p.t)
                                  from trip_pings p where p.trip_id = t.id), '[]')::text as pings
           from unnest($1::text[]) t(id)`,
        [slice.map((trip) => trip.id)],
      );
      const byId = new Map(pings.map((row) => [row.id, row.pings]));
      const done = await cpuPool().run('impactSlice', {
        trips: slice.map(({ closedAt: _closed, ...trip }) => ({ ...trip, pings: byId.get(trip.id) ?? '[]' })),
        stored,
        proposed,
      });
      for (const [key, before, after] of done.counts) {
        const entry = counts.get(key) ?? { before: 0, after: 0 };
        counts.set(key, { before: entry.before + before, after: entry.after + after });
      }
      changed.push(...done.trips);
      const live = await store.one(
        `update alert_impact_runs set trips_done = $2, lease_until = now() + make_interval(secs => $3)
          where id = $1 and status = 'running' returning id`,
        [id, first + slice.length, LEASE_SECONDS],
      );
      if (!live) return;
    }
    const listed = changed
      .sort((a, b) => b.added + b.removed + b.changed - (a.added + a.removed + a.changed) || a.startedAt - b.startedAt)
      .slice(0, LISTED_TRIPS);
    await store.query(
      `update alert_impact_runs set status = 'done', finished_at = now(), result = $2::jsonb
        where id = $1 and status = 'running'`,
      [id, JSON.stringify({ counts: countRows(counts), trips: listed })],
    );
  } catch (error) {
    await store.query(
      `update alert_impact_runs set status = 'failed', finished_at = now(), error = $2 where id = $1 and status = 'running'`,
      [id, error instanceof Error ? error.message.slice(0, 500) : String(error)],
    );
  }
}
