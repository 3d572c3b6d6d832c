import { randomUUID } from 'node:crypto';
import type { ImpactRun, ImpactTrip } from '../../schemas/api/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
import { ApiError } from '../http/envelope';
import { instantOf } from '../auth/rate-limit';
import type { LeaseTiming } from '../jobs/lease';
import { countRows, proposedConfig, type AlertCounts } from '../rules/alert-impact';
import type { StoredAlertConfig } from '../rules/trip-alerts';
import type { Queryable, Store } from '../store/store';
import { isUniqueViolation } from '../store/unique';
import { cpuPool } from '../workers/cpu-pool';
import type { ImpactTripInput, StoredByBranch } from '../workers/cpu-tasks';
import type { Scope } from './scope-repository';

/** Trips per slice handed to the worker pool: progress moves, and a cancel is seen, after each. */
export const IMPACT_SLICE = 25;
/** Trips listed in a result, most changed first. */
const LISTED_TRIPS = 500;

/**
 * A running preview's partial result, written with trips_done after each slice (migration 180): the counts so far
 * (`[key, before, after]`), the {@link LISTED_TRIPS} most changed trips so far, and the last trip done (its
 * `[startedAt, id]`; the trips are read in that order). A preview taken over resumes after that trip with them.
 */
interface Checkpoint {
  last: [number, string];
  counts: [string, number, number][];
  trips: ImpactTrip[];
}

/**
 * The trips listed in a result: the most changed first, then the earliest (a stable sort: trips of equal rank stay in
 * the order they were done). Keeping only these after each slice lists what one sort of every changed trip would.
 */
const mostChanged = (trips: ImpactTrip[]) =>
  trips
    .sort((a, b) => b.added + b.removed + b.changed - (a.added + a.removed + a.changed) || a.startedAt - b.startedAt)
    .slice(0, LISTED_TRIPS);

const RUN_COLUMNS = `id, status, trips_done as done, trips_total as total, period_from::float8 as "from",
  period_to::float8 as "to", error, coalesce(result->'counts', '[]') as counts, coalesce(result->'trips', '[]') as trips`;

/** A preview as the calls answer it. */
export async function readImpact(q: Queryable, id: string): Promise<ImpactRun> {
  const run = await q.one<ImpactRun>(`select ${RUN_COLUMNS} from alert_impact_runs where id = $1`, [id]);
  if (!run) throw new ApiError(404, ['Not found']);
  return run;
}

/**
 * The scope's alert configuration as it is, by branch: `''` the company's own, and each branch (of the scope) that has
 * configurations of its own, the company's with the branch's in place of theirs (as a trip of that branch is replayed
 * 'with Updated config', alertConfigRepository.current).
 */
async function storedConfig(q: Queryable, scope: Pick<Scope, 'companyId' | 'branchId'>): Promise<StoredByBranch> {
  const rows = await q.query<StoredAlertConfig & { branchId: string | null }>(
    `select feature_key as "featureKey", enabled, extra_context as "extraContext", branch_id as "branchId"
       from alert_configs where company_id = $1 and (branch_id is null or $2::text is null or branch_id = $2)
      order by id`,
    [scope.companyId, scope.branchId],
  );
  const own = (branch: string | null) =>
    rows.filter((row) => row.branchId === branch).map(({ branchId: _branch, ...config }) => config);
  const company = own(null);
  const branches = [...new Set(rows.flatMap((row) => (row.branchId === null ? [] : [row.branchId])))];
  return Object.fromEntries([
    ['', company],
    ...branches.map((branch) => [branch, proposedConfig(company, own(branch))]),
  ]);
}

/**
 * Starts a preview for a desk: refuses (409) while another of the desk's runs (one whose instance died is taken over
 * by a sweep and still runs), then records this one with the number of trips of its period and the configuration as
 * it is, its lease held by `worker` (which then works it through: {@link runImpact}). Writes nothing else.
 */
export async function startImpact(
  store: Store,
  start: {
    scope: Pick<Scope, 'companyId' | 'branchId'>;
    deskId: string;
    userId: string;
    from: number;
    to: number;
    proposed: StoredAlertConfig[];
  },
  worker: { owner: string; lease: LeaseTiming },
): Promise<ImpactRun> {
  const id = `aip_${randomUUID()}`;
  await store.tx(async (q) => {
    const stored = await storedConfig(q, start.scope);
    const total = await q.one<{ n: number }>(
      `select count(*)::int as n from trips where company_id = $1 and ($2::text is null or branch_id = $2)
         and started_at >= $3 and started_at < $4`,
      [start.scope.companyId, start.scope.branchId, start.from, start.to],
    );
    try {
      await q.query(
        `insert into alert_impact_runs (id, desk_id, user_id, company_id, branch_id, period_from, period_to, proposed,
                                        stored, status, trips_total, lease_owner, lease_until)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, 'running', $10, $11,
                 coalesce($12::timestamptz, now()) + make_interval(secs => $13))`,
        [
          id,
          start.deskId,
          start.userId,
          start.scope.companyId,
          start.scope.branchId,
          start.from,
          start.to,
          JSON.stringify(start.proposed),
          JSON.stringify(stored),
          total?.n ?? 0,
          worker.owner,
          instantOf(worker.lease.clock),
          worker.lease.seconds,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, [IMPACT_MSG.running]);
      throw error;
    }
  });
  return readImpact(store, id);
}

/** Cancels a running preview: its slice under way ends, no other starts, and no instance takes it over. */
export async function cancelImpact(store: Store, id: string): Promise<ImpactRun> {
  const row = await store.one(
    `update alert_impact_runs set status = 'cancelled', finished_at = now() where id = $1 and status = 'running' returning id`,
    [id],
  );
  if (!row) throw new ApiError(400, [IMPACT_MSG.notRunning]);
  return readImpact(store, id);
}

/** Trips whose pings one query reads: short queries, so that requests are served between them (PGlite has one connection). */
const PINGS_PER_QUERY = 3;
/** The pings of a trip without any, as {@link slicePings} writes them. */
const EMPTY_COLUMNS = '[[],[],[],[]]';

/**
 * The pings of a slice's trips by trip id, each as JSON text of four columns in device-time order (time in ms,
 * latitude, longitude, speed): half the text of objects, parsed in the worker in a few milliseconds. Read a few trips
 * per query, yielding between queries. A read that is no longer awaited (the preview stopped) fails quietly.
 */
function slicePings(store: Store, trips: readonly { id: string }[]): Promise<Map<string, string>> {
  const read = (async () => {
    const byId = new Map<string, string>();
    for (let first = 0; first < trips.length; first += PINGS_PER_QUERY) {
      const rows = await store.query<{ id: string; pings: string }>(
        `select t.id, coalesce((select json_build_array(array_agg(p.t::float8 order by p.t, p.lat, p.lng),
                                                        array_agg(p.lat order by p.t, p.lat, p.lng),
                                                        array_agg(p.lng order by p.t, p.lat, p.lng),
                                                        array_agg(p.speed order by p.t, p.lat, p.lng))
                                  from trip_pings p where p.trip_id = t.id), '${EMPTY_COLUMNS}')::text as pings
           from unnest($1::text[]) t(id)`,
        [trips.slice(first, first + PINGS_PER_QUERY).map((trip) => trip.id)],
      );
      for (const row of rows) byId.set(row.id, row.pings);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return byId;
  })();
  read.catch(() => undefined);
  return read;
}

/**
 * Works a preview through for `owner`, which holds its lease (server/jobs/alert-impact-job.ts renews it): its trips
 * (by start time, then id) in slices of {@link IMPACT_SLICE}, each slice's pings read in one query and its alerts
 * computed in the worker pool, twice, with the configuration as it was when the preview started and as it would be.
 * After each slice one update writes trips_done with the partial result (a {@link Checkpoint}), and sees a cancel or
 * the preview taken by another instance (either ends the work here); then the result. A preview taken over (its
 * instance died, or stopped) resumes after its checkpoint's last trip, so its result is the one an uninterrupted
 * run gives. `stopping()` true (the server closing, the lease lost) ends the work between slices, the preview left
 * running for whichever instance takes its lease next.
 */
export async function runImpact(store: Store, id: string, owner: string, stopping: () => boolean): Promise<void> {
  const run = await store.one<{
    companyId: string;
    branchId: string | null;
    from: number;
    to: number;
    asOf: number;
    proposed: StoredAlertConfig[];
    stored: StoredByBranch | StoredAlertConfig[] | null;
    done: number;
    checkpoint: Checkpoint | null;
  }>(
    `select company_id as "companyId", branch_id as "branchId", period_from::float8 as "from", period_to::float8 as "to",
            floor(extract(epoch from created_at) * 1000)::float8 as "asOf", proposed, stored, trips_done as done, checkpoint
       from alert_impact_runs where id = $1 and status = 'running' and lease_owner = $2`,
    [id, owner],
  );
  if (!run) return;
  try {
    // A preview started before migration 180 has no stored configuration (it is read now) and no checkpoint (it
    // starts over).
    // (Before the configuration was kept by branch, it was the scope's one list.)
    const stored = Array.isArray(run.stored) ? { '': run.stored } : (run.stored ?? (await storedConfig(store, run)));
    const proposed = run.proposed;
    const resumeAfter = run.checkpoint?.last ?? null;
    // An open trip's alerts run until the preview started, whichever instance computes them.
    const trips = await store.query<Omit<ImpactTripInput, 'pings'>>(
      `select id, branch_id as "branchId", vehicle_number as "vehicleNumber", started_at::float8 as "startedAt",
              json_build_object('path', path, 'startedAt', started_at::float8, 'sttMinutes', stt,
                                'until', coalesce(closed_at::float8, $5)) as plan
         from trips where company_id = $1 and ($2::text is null or branch_id = $2) and started_at >= $3 and started_at < $4
          and ($6::bigint is null or (started_at, id) > ($6::bigint, $7::text))
        order by started_at, id`,
      [run.companyId, run.branchId, run.from, run.to, run.asOf, resumeAfter?.[0] ?? null, resumeAfter?.[1] ?? null],
    );
    const counts: AlertCounts = new Map(
      (run.checkpoint?.counts ?? []).map(([key, before, after]) => [key, { before, after }]),
    );
    let listed: ImpactTrip[] = run.checkpoint?.trips ?? [];
    let done = run.checkpoint ? run.done : 0;
    const sliceAt = (first: number) => trips.slice(first, first + IMPACT_SLICE);
    // Each slice's pings are read while the worker pool computes the slice before.
    let reading = trips.length > 0 ? slicePings(store, sliceAt(0)) : null;
    for (let first = 0; first < trips.length; first += IMPACT_SLICE) {
      if (stopping()) return;
      const slice = sliceAt(first);
      const byId = await reading!;
      reading = first + IMPACT_SLICE < trips.length ? slicePings(store, sliceAt(first + IMPACT_SLICE)) : null;
      // Background work: it waits for room in the pool rather than being refused as a request's task would be.
      const result = await cpuPool().run(
        'impactSlice',
        { trips: slice.map((trip) => ({ ...trip, pings: byId.get(trip.id) ?? EMPTY_COLUMNS })), stored, proposed },
        { wait: true },
      );
      for (const [key, before, after] of result.counts) {
        const entry = counts.get(key) ?? { before: 0, after: 0 };
        counts.set(key, { before: entry.before + before, after: entry.after + after });
      }
      listed = mostChanged([...listed, ...result.trips]);
      done += slice.length;
      const last = slice[slice.length - 1];
      const checkpoint: Checkpoint = {
        last: [last.startedAt, last.id],
        counts: [...counts].map(([key, c]) => [key, c.before, c.after]),
        trips: listed,
      };
      const live = await store.one(
        `update alert_impact_runs set trips_done = $3, checkpoint = $4::jsonb
          where id = $1 and status = 'running' and lease_owner = $2 returning id`,
        [id, owner, done, JSON.stringify(checkpoint)],
      );
      if (!live) return;
    }
    await store.query(
      `update alert_impact_runs set status = 'done', finished_at = now(), trips_done = $3, result = $4::jsonb, checkpoint = null
        where id = $1 and status = 'running' and lease_owner = $2`,
      [id, owner, done, JSON.stringify({ counts: countRows(counts), trips: listed })],
    );
  } catch (error) {
    // A server closing (or a lease lost) under a slice leaves the preview to the instance that takes it next.
    if (stopping()) return;
    await store.query(
      `update alert_impact_runs set status = 'failed', finished_at = now(), error = $3, checkpoint = null
        where id = $1 and status = 'running' and lease_owner = $2`,
      [id, owner, error instanceof Error ? error.message.slice(0, 500) : String(error)],
    );
  }
}
