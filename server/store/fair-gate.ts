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
 * Slots (worker threads, database connections) shared by companies and their desks, handed out as they free: each to
 * the oldest waiting work of the desk served longest ago, within the company served longest ago, among those under
 * their caps (a round robin over the companies that wait and, within each, over its desks: weighted fair queueing
 * with equal weights and unit costs, in two levels). One desk's hundred queued works thus never keep another desk's
 * one work waiting for more than one turn, and a company's many desks never keep another company's work waiting
 * for more than one turn either.
 */
export function createFairGate({
  slots,
  deskCap = slots,
  companyCap = Math.max(1, slots - 1),
}: FairGateOptions): FairGate {
  /** Waiting works by company, then by desk (a desk's key holds its company: one user may work for several). */
  const queues = new Map<string, Map<string, Waiter[]>>();
  const insideByDesk = tally();
  const insideByCompany = tally();
  /** The turn each desk and company last entered at (never served counts as served before everyone). */
  const served = new Map<string, number>();
  let turn = 0;
  let inside = 0;
  let waiting = 0;
  let closedWith: Error | null = null;
  const deskKey = (company: string, desk: string) => `${company}\u0000${desk}`;
  const older = (a: string, b: string | null) => b === null || (served.get(a) ?? -1) < (served.get(b) ?? -1);

  /** The company and desk to admit next (served longest ago, under their caps), or null. */
  function next(): { company: string; desk: string } | null {
    let pick: { company: string; desk: string } | null = null;
    for (const [company, desks] of queues) {
      if (insideByCompany.get(company) >= companyCap) continue;
      if (pick && !older(`company:${company}`, `company:${pick.company}`)) continue;
      let chosen: string | null = null;
      for (const desk of desks.keys())
        if (
          insideByDesk.get(deskKey(company, desk)) < deskCap &&
          older(deskKey(company, desk), chosen === null ? null : deskKey(company, chosen))
        )
          chosen = desk;
      if (chosen !== null) pick = { company, desk: chosen };
    }
    return pick;
  }

  function releaseOf(company: string, desk: string): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      inside--;
      insideByDesk.add(deskKey(company, desk), -1);
      insideByCompany.add(company, -1);
      dispatch();
    };
  }

  function dispatch(): void {
    for (let pick = next(); pick !== null && inside < slots; pick = next()) {
      const { company, desk } = pick;
      const desks = queues.get(company);
      const queue = desks?.get(desk) ?? [];
      const waiter = queue.shift();
      if (queue.length === 0) desks?.delete(desk);
      if (desks?.size === 0) queues.delete(company);
      if (!waiter) continue;
      waiting--;
      inside++;
      insideByDesk.add(deskKey(company, desk), 1);
      insideByCompany.add(company, 1);
      served.set(deskKey(company, desk), ++turn);
      served.set(`company:${company}`, turn);
      waiter.admit(releaseOf(company, desk));
    }
  }

  return {
    enter(desk, company = '') {
      if (closedWith) return Promise.reject(closedWith);
      return new Promise<Release>((admit, refuse) => {
        const desks = queues.get(company) ?? new Map<string, Waiter[]>();
        const queue = desks.get(desk) ?? [];
        queue.push({ admit, refuse });
        desks.set(desk, queue);
        queues.set(company, desks);
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
      for (const [key, count] of insideByDesk.entries()) add(desks, key.split('\u0000')[1], 'inside', count);
      for (const [company, count] of insideByCompany.entries()) add(companies, company, 'inside', count);
      for (const [company, byDesk] of queues)
        for (const [desk, queue] of byDesk) {
          add(desks, desk, 'waiting', queue.length);
          add(companies, company, 'waiting', queue.length);
        }
      return { slots, deskCap, companyCap, inside, waiting, desks, companies };
    },
    close(reason) {
      closedWith = reason;
      for (const desks of queues.values())
        for (const queue of desks.values()) for (const waiter of queue.splice(0)) waiter.refuse(reason);
      queues.clear();
      waiting = 0;
    },
  };
}
