import { IMPACT_MSG } from '../../schemas/alert-impact';
import { errorMessage } from '../errors';
import { runImpact } from '../repos/alert-impact-repository';
import type { Store } from '../store/store';
import { claimLease, claimLeaseSetting, orphans, underLease, type LeaseTiming } from './lease';

const TABLE = 'alert_impact_runs';

/**
 * Crashes in a row at the same trips after which a preview is given up: one that stops every instance working on it
 * (its slice runs a process out of memory, say) is not handed on for ever.
 */
export const MAX_STALLS = 3;

/**
 * What a takeover notes as it claims a preview: a stall when its last holder died holding the lease (a server that
 * stops frees it: no stall) with no trip done since the takeover before; any progress starts the count again.
 */
const NOTE_TAKEOVER = `stalls = case when lease_owner is null or lease_owner = $2 then stalls
                           when taken_at_done is not null and trips_done <= taken_at_done then stalls + 1
                           else 0 end,
  taken_at_done = trips_done`;

/**
 * Takes over `id` for `owner` if its lease is free, noting the takeover; after {@link MAX_STALLS} stalls in a row the
 * preview is failed, saying why, instead. Answers whether it is to be resumed.
 */
async function takeOver(store: Store, id: string, owner: string, lease: LeaseTiming): Promise<boolean> {
  const row = await claimLeaseSetting<{ stalls: number }>(store, TABLE, id, owner, lease, NOTE_TAKEOVER, 'stalls');
  if (!row) return false;
  if (row.stalls < MAX_STALLS) return true;
  await store.query(
    `update alert_impact_runs set status = 'failed', finished_at = now(), error = $3, checkpoint = null,
            lease_owner = null, lease_until = null
      where id = $1 and status = 'running' and lease_owner = $2`,
    [id, owner, IMPACT_MSG.stalled(MAX_STALLS + 1)],
  );
  return false;
}

/** This instance's alert impact previews (issue 25): those it started, and those it took over. */
export interface ImpactWorker {
  /** Works through a preview this instance has just started (holding its lease), in the background. */
  run(id: string): void;
  /**
   * Takes over the running previews whose lease ran out (their instance died, or stopped) and resumes them in the
   * background; answers their ids once claimed (reads show their progress). A preview whose last {@link MAX_STALLS}
   * holders died at the same trips is failed instead.
   */
  sweep(): Promise<string[]>;
  /** Stops every preview between slices, frees their leases (another instance's sweep resumes them) and waits. */
  stop(): Promise<void>;
}

/**
 * The preview worker of one instance: a preview is worked through under its lease (`worker.owner`, renewed every
 * third of `worker.lease`, freed at the end), so one instance at a time works on it and one that dies has its
 * previews taken over by any instance's next sweep, resumed from their last slice (runImpact's checkpoint). A
 * cancelled preview needs no more work: no instance claims it.
 */
export function createImpactWorker(store: Store, worker: { owner: string; lease: LeaseTiming }): ImpactWorker {
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();

  /**
   * Works through a preview under its lease (claimed first unless `claimed`), freeing the lease afterwards; a preview
   * another live instance holds, or one that needs no more work, is left alone.
   */
  const work = (id: string, claimed: boolean) => {
    const task = (async () => {
      if (!claimed && (stopping.signal.aborted || !(await claimLease(store, TABLE, id, worker.owner, worker.lease))))
        return;
      await underLease(store, TABLE, id, worker.owner, worker.lease, (lost) =>
        runImpact(store, id, worker.owner, () => stopping.signal.aborted || lost.aborted),
      );
    })()
      .catch((err) => console.error(`alert impact ${id}:`, errorMessage(err)))
      .finally(() => running.delete(id));
    running.set(id, task);
  };

  return {
    run(id) {
      if (!running.has(id)) work(id, false);
    },
    async sweep() {
      const taken: string[] = [];
      for (const id of await orphans(store, TABLE, worker.lease)) {
        if (stopping.signal.aborted) break;
        if (running.has(id)) continue;
        try {
          if (!(await takeOver(store, id, worker.owner, worker.lease))) continue;
        } catch (err) {
          console.error(`alert impact ${id}:`, errorMessage(err));
          continue;
        }
        work(id, true);
        taken.push(id);
      }
      return taken;
    },
    async stop() {
      stopping.abort();
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}
