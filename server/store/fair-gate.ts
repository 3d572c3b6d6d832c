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
  /**
   * Works of one company's desks that may be inside at once (default: every slot but one when there are several, so
   * a company's desks together never hold every slot and another company's work finds one).
   */
  companyCap?: number;
}

/** What a gate holds now: works inside and waiting, in all and by desk. */
export interface FairGateStats {
  slots: number;
  /** Works of one desk that may be inside at once. */
  deskCap: number;
  /** Works of one company's desks that may be inside at once. */
  companyCap: number;
  inside: number;
  waiting: number;
  /** Per desk with work inside or waiting: how much of each. */
  desks: Record<string, { inside: number; waiting: number }>;
  /** Per company with work inside or waiting ('' for work of no company yet: a token being checked, a job). */
  companies: Record<string, { inside: number; waiting: number }>;
}

/** Slots handed out fairly among desks: {@link createFairGate}. */
export interface FairGate {
  /**
   * Waits for a slot for `desk`'s work (for `company`, '' when none is known); resolves with its release. Refused
   * (the promise rejects) once closed.
   */
  enter(desk: string, company?: string): Promise<Release>;
  stats(): FairGateStats;
  /** Refuses every waiting and later `enter`. */
  close(reason: Error): void;
}

interface Waiter {
  company: string;
  admit(release: Release): void;
  refuse(err: Error): void;
}

/** Counts by key that drop a key at zero. */
function tally() {
  const counts = new Map<string, number>();
  return {
    get: (key: string) => counts.get(key) ?? 0,
    add(key: string, by: number) {
      const value = (counts.get(key) ?? 0) + by;
      if (value > 0) counts.set(key, value);
      else counts.delete(key);
    },
    entries: () => counts.entries(),
  };
}

/**
 * Slots (worker threads, database connections) shared by desks, handed out as they free: each to the oldest waiting
 * work of the desk served longest ago among the desks under their cap whose work's company is under its cap (a round
 * robin over the desks that wait, which is weighted fair queueing with equal weights and unit costs). One desk's
 * hundred queued works thus never keep another desk's one work waiting for more than one turn; one company's many
 * desks together never hold more than the company's cap, so another company's work finds a slot. The round robin is
 * over desks, not companies: a desk working across companies (a compare) still gets one turn in each round.
 */
export function createFairGate({
  slots,
  deskCap = slots,
  companyCap = Math.max(1, slots - 1),
}: FairGateOptions): FairGate {
  const queues = new Map<string, Waiter[]>();
  const insideByDesk = tally();
  /** Works inside by company ('' for work of no company yet: not capped). */
  const insideByCompany = tally();
  /** The turn each desk last entered at (a desk never served counts as served before everyone). */
  const served = new Map<string, number>();
  let turn = 0;
  let inside = 0;
  let waiting = 0;
  let closedWith: Error | null = null;
  const companyFull = (company: string) => company !== '' && insideByCompany.get(company) >= companyCap;

  /** The desk with work waiting that may enter (its cap, its work's company's cap), served longest ago; or null. */
  function nextDesk(): string | null {
    let next: string | null = null;
    for (const [desk, queue] of queues) {
      if (insideByDesk.get(desk) >= deskCap || companyFull(queue[0].company)) continue;
      if (next === null || (served.get(desk) ?? -1) < (served.get(next) ?? -1)) next = desk;
    }
    return next;
  }

  function releaseOf(desk: string, company: string): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inside--;
      insideByDesk.add(desk, -1);
      insideByCompany.add(company, -1);
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
      insideByDesk.add(desk, 1);
      insideByCompany.add(waiter.company, 1);
      served.set(desk, ++turn);
      waiter.admit(releaseOf(desk, waiter.company));
    }
  }

  return {
    enter(desk, company = '') {
      if (closedWith) return Promise.reject(closedWith);
      return new Promise<Release>((admit, refuse) => {
        const queue = queues.get(desk) ?? [];
        queue.push({ company, admit, refuse });
        queues.set(desk, queue);
        waiting++;
        dispatch();
      });
    },
    stats() {
      const desks: FairGateStats['desks'] = {};
      const companies: FairGateStats['companies'] = {};
      const add = (into: FairGateStats['desks'], key: string, field: 'inside' | 'waiting', by: number) => {
        const entry = into[key] ?? { inside: 0, waiting: 0 };
        entry[field] += by;
        into[key] = entry;
      };
      for (const [desk, count] of insideByDesk.entries()) add(desks, desk, 'inside', count);
      for (const [company, count] of insideByCompany.entries()) add(companies, company, 'inside', count);
      for (const [desk, queue] of queues)
        for (const waiter of queue) {
          add(desks, desk, 'waiting', 1);
          add(companies, waiter.company, 'waiting', 1);
        }
      return { slots, deskCap, companyCap, inside, waiting, desks, companies };
    },
    close(reason) {
      closedWith = reason;
      for (const queue of queues.values()) for (const waiter of queue.splice(0)) waiter.refuse(reason);
      queues.clear();
      waiting = 0;
    },
  };
}
