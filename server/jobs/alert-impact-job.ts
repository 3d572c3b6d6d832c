import { IMPACT_MSG } from '../../schemas/alert-impact';
import { errorMessage } from '../errors';
import { runImpact } from '../repos/alert-impact-repository';
import type { Store } from '../store/store';
import { claimLease, orphans, underLease, type LeaseTiming } from './lease';

const TABLE = 'alert_impact_runs';

/**
 * Takeovers in a row that find no trip done since the last one, after which a preview is given up: one that stops
 * every instance working on it (its slice runs a process out of memory, say) is not handed on for ever.
 */
export const MAX_STALLS = 3;

/**
 * Notes a takeover of `id` (claimed by `owner`): a stall when no trip was done since the last takeover, a fresh count
 * when some were. After {@link MAX_STALLS} stalls in a row the preview is failed, saying why; answers whether it may
 * be resumed.
 */
async function noteTakeover(store: Store, id: string, owner: string): Promise<boolean> {
  const row = await store.one<{ stalls: number }>(
    `update alert_impact_runs
        set stalls = case when taken_at_done is not null and trips_done <= taken_at_done then stalls + 1 else 0 end,
            taken_at_done = trips_done
      where id = $1 and status = 'running' and lease_owner = $2 returning stalls`,
    [id, owner],
  );
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
   * background; answers their ids once claimed (reads show their progress). A preview taken over {@link MAX_STALLS}
   * times in a row without progress is failed instead.
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
          if (!(await claimLease(store, TABLE, id, worker.owner, worker.lease))) continue;
          if (!(await noteTakeover(store, id, worker.owner))) continue;
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
