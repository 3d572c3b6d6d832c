import { instantOf, type Clock } from '../auth/rate-limit';
import type { Queryable, Store } from '../store/store';
import { errorMessage } from '../errors';

/**
 * Leases on long work (issue 21): the instance that works on a report run, a bulk-upload batch or an alert impact
 * preview holds the row's lease and renews it while it works (a heartbeat). An instance that dies stops renewing, its
 * lease runs out, and the next sweep of any instance takes the work over, within one lease and one sweep. Every
 * instance of a deployment shares the database, so the lease is the one truth of who works on what.
 */

/** The tables whose rows are worked on under a lease, and when a row still needs work. */
export const LEASED = {
  report_runs: `outcome = 'RUNNING'`,
  bulk_batches: `status in ('QUEUED', 'RUNNING')`,
  alert_impact_runs: `status = 'running'`,
} as const;
export type LeasedTable = keyof typeof LEASED;

/** How leases are timed: how long one lasts without renewal, and the clock (default: the database's). */
export interface LeaseTiming {
  /** Seconds a lease lasts unless renewed (default 20); it is renewed every third of that. */
  seconds: number;
  clock?: Clock;
}

export const DEFAULT_LEASE_SECONDS = 20;

/** A held lease: `lost` is aborted when another instance took the row over (this one was too slow to renew). */
export interface Lease {
  readonly lost: AbortSignal;
  /** Stops renewing and frees the row at once (for another instance, or a later sweep). */
  release(): Promise<void>;
}

const until = (timing: LeaseTiming) => [instantOf(timing.clock), timing.seconds] as const;

/**
 * Claims `id` for `owner` when its lease is free: never held, run out, held by a stopped holder ('free'), or held by
 * `owner` already. Answers whether it was claimed (false: another live instance works on it, or it needs no work).
 */
export async function claimLease(
  q: Queryable,
  table: LeasedTable,
  id: string,
  owner: string,
  timing: LeaseTiming,
): Promise<boolean> {
  return (await claimLeaseSetting<{ id: string }>(q, table, id, owner, timing, '', 'id')) !== null;
}

/**
 * {@link claimLease}, setting `set` too (more `column = expression` of the same update, whose expressions read the
 * row as it was before the claim, its `lease_owner` included: null when it was freed, another's when its lease ran
 * out) and answering the claimed row's `returning` columns, or null when it was not claimed.
 */
export async function claimLeaseSetting<T extends object>(
  q: Queryable,
  table: LeasedTable,
  id: string,
  owner: string,
  timing: LeaseTiming,
  set: string,
  returning: string,
): Promise<T | null> {
  const [now, seconds] = until(timing);
  return q.one<T>(
    `update ${table} set lease_owner = $2, lease_until = coalesce($3::timestamptz, now()) + make_interval(secs => $4)${set ? `, ${set}` : ''}
      where id = $1 and ${LEASED[table]}
        and (lease_owner is null or lease_owner = $2 or lease_until is null or lease_until < coalesce($3::timestamptz, now()))
      returning ${returning}`,
    [id, owner, now, seconds],
  );
}

/** Renews a held lease every third of its length until released; a renewal that finds the row taken aborts `lost`. */
export function keepLease(store: Store, table: LeasedTable, id: string, owner: string, timing: LeaseTiming): Lease {
  const lost = new AbortController();
  const renew = async () => {
    const [now, seconds] = until(timing);
    const row = await store.one(
      `update ${table} set lease_until = coalesce($3::timestamptz, now()) + make_interval(secs => $4)
        where id = $1 and lease_owner = $2 returning id`,
      [id, owner, now, seconds],
    );
    if (!row) lost.abort();
  };
  const timer = setInterval(
    () => {
      renew().catch((err) => console.error(`lease ${table} ${id}:`, errorMessage(err)));
    },
    (timing.seconds * 1000) / 3,
  );
  timer.unref();
  return {
    lost: lost.signal,
    async release() {
      clearInterval(timer);
      // Run out at once: a row still needing work (the server stops mid-way) is the next sweep's.
      await store.query(
        `update ${table} set lease_owner = null, lease_until = coalesce($3::timestamptz, now()) where id = $1 and lease_owner = $2`,
        [id, owner, instantOf(timing.clock)],
      );
    },
  };
}

/** The rows of `table` that need work and whose lease ran out: their instance died (or was stopped while paused). */
export async function orphans(q: Queryable, table: LeasedTable, timing: LeaseTiming, limit = 50): Promise<string[]> {
  const [now] = until(timing);
  const rows = await q.query<{ id: string }>(
    `select id from ${table} where ${LEASED[table]} and lease_until < coalesce($1::timestamptz, now()) order by lease_until limit $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/** Holds a row's lease for `work`, renewing it meanwhile, and frees it afterwards whatever the outcome. */
export async function underLease<T>(
  store: Store,
  table: LeasedTable,
  id: string,
  owner: string,
  timing: LeaseTiming,
  work: (lost: AbortSignal) => Promise<T>,
): Promise<T> {
  const lease = keepLease(store, table, id, owner, timing);
  try {
    return await work(lease.lost);
  } finally {
    await lease.release().catch((err) => console.error(`lease ${table} ${id}:`, errorMessage(err)));
  }
}
