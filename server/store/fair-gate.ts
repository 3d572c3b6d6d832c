/** A gate's answer to `enter`: call it once the work is done, to hand the slot on. */
export type Release = () => void;

/** A fair gate's options. */
export interface FairGateOptions {
  /** Works that may be inside at once (threads of a pool, connections of a database). */
  slots: number;
  /**
   * Works of one desk that may be inside at once (default: every slot). A desk at its cap waits even while slots are
   * free, so one desk never holds every slot: another desk's work coming later still finds one.
   */
  deskCap?: number;
}

/** What a gate holds now: works inside and waiting, in all and by desk. */
export interface FairGateStats {
  slots: number;
  /** Works of one desk that may be inside at once. */
  deskCap: number;
  inside: number;
  waiting: number;
  /** Per desk with work inside or waiting: how much of each. */
  desks: Record<string, { inside: number; waiting: number }>;
}

/** Slots handed out fairly among desks: {@link createFairGate}. */
export interface FairGate {
  /** Waits for a slot for `desk`'s work; resolves with its release. Refused (the promise rejects) once closed. */
  enter(desk: string): Promise<Release>;
  stats(): FairGateStats;
  /** Refuses every waiting and later `enter`. */
  close(reason: Error): void;
}

interface Waiter {
  admit(release: Release): void;
  refuse(err: Error): void;
}

/**
 * Slots (worker threads, database connections) shared by desks, handed out as they free: each to the oldest waiting
 * work of the desk served longest ago among the desks under their cap (a round robin over the desks that wait, which
 * is weighted fair queueing with equal weights and unit costs). One desk's hundred queued works thus never keep
 * another desk's one work waiting for more than one turn.
 */
export function createFairGate({ slots, deskCap = slots }: FairGateOptions): FairGate {
  const queues = new Map<string, Waiter[]>();
  const insideBy = new Map<string, number>();
  /** The turn each desk last entered at (a desk never served counts as served before everyone). */
  const served = new Map<string, number>();
  let turn = 0;
  let inside = 0;
  let waiting = 0;
  let closedWith: Error | null = null;

  /** The desk with work waiting and room under its cap that was served longest ago; null when none. */
  function nextDesk(): string | null {
    let next: string | null = null;
    for (const desk of queues.keys()) {
      if ((insideBy.get(desk) ?? 0) >= deskCap) continue;
      if (next === null || (served.get(desk) ?? -1) < (served.get(next) ?? -1)) next = desk;
    }
    return next;
  }

  function releaseOf(desk: string): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inside--;
      const left = (insideBy.get(desk) ?? 1) - 1;
      if (left > 0) insideBy.set(desk, left);
      else insideBy.delete(desk);
      dispatch();
    };
  }

  function dispatch(): void {
    for (let desk = nextDesk(); desk !== null && inside < slots; desk = nextDesk()) {
      const queue = queues.get(desk) ?? [];
      const waiter = queue.shift();
      if (queue.length === 0) queues.delete(desk);
      if (!waiter) continue;
      waiting--;
      inside++;
      insideBy.set(desk, (insideBy.get(desk) ?? 0) + 1);
      served.set(desk, ++turn);
      waiter.admit(releaseOf(desk));
    }
  }

  return {
    enter(desk) {
      if (closedWith) return Promise.reject(closedWith);
      return new Promise<Release>((admit, refuse) => {
        const queue = queues.get(desk) ?? [];
        queue.push({ admit, refuse });
        queues.set(desk, queue);
        waiting++;
        dispatch();
      });
    },
    stats() {
      const desks: FairGateStats['desks'] = {};
      for (const [desk, count] of insideBy) desks[desk] = { inside: count, waiting: 0 };
      for (const [desk, queue] of queues) desks[desk] = { inside: desks[desk]?.inside ?? 0, waiting: queue.length };
      return { slots, deskCap, inside, waiting, desks };
    },
    close(reason) {
      closedWith = reason;
      for (const queue of queues.values()) for (const waiter of queue.splice(0)) waiter.refuse(reason);
      queues.clear();
      waiting = 0;
    },
  };
}
