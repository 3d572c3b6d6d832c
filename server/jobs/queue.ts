import PgBoss from 'pg-boss';
import type { Queryable, Store } from '../store/store';
import { bossDb } from './boss-db';
import { errorCode } from '../errors';
import type { Clock } from '../auth/rate-limit';
import type { OutboundQuotas } from '../rules/outbound-gate';

/**
 * A job's handler: `signal` is aborted when the server stops, so a long job ends at its next step (its work is
 * resumable: the job is handed back to the queue and resumed by this or another instance).
 */
export type JobHandler<Data> = (
  data: Data,
  context: { jobId: string; signal: AbortSignal; lastAttempt: boolean },
) => Promise<void>;

/** Settings of one queue (per kind of job). */
export interface QueueSettings {
  /** A running job not finished after this long is taken to be orphaned (its instance died) and run again. */
  expireInSeconds?: number;
  /** Attempts after the first. */
  retryLimit?: number;
  /** Jobs fetched per poll, run one after another (default 1): a queue of many short jobs need not wait a poll each. */
  batchSize?: number;
}

/** Settings of the whole queue (environment or tests). */
export interface JobQueueOptions {
  /** How often idle workers look for jobs (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are put back, etc. (pg-boss default 120 s). */
  maintenanceIntervalSeconds?: number;
  /** Default expiry of a running job (default 300 s); queues may set their own. */
  expireInSeconds?: number;
  /** The report scheduler's clock (ms since the epoch; default Date.now): tests move it (server/jobs/report-job.ts). */
  now?: () => number;
  /** Days a proposal waits for its decision or apply before the sweep expires it (default 30, `PROPOSAL_MAX_AGE_DAYS`). */
  proposalMaxAgeDays?: number;
  /** Seconds between the report scheduler's ticks (default 15); 0 = no timer, tests call `reports.tick()`. */
  reportTickSeconds?: number;
  /** Seconds a run's or batch's lease lasts unless renewed (default 20; server/jobs/lease.ts). */
  leaseSeconds?: number;
  /** Seconds between sweeps for work whose lease ran out (default 10); 0 = no timer, tests call `sweep()`. */
  sweepSeconds?: number;
  /** The clock of leases and quotas (default: the database's); tests move it. */
  clock?: Clock;
  /** The outbound quotas scheduled runs take from (server/rules/outbound-gate.ts). */
  outbound?: OutboundQuotas;
}

/**
 * The background job queue of the API (DESIGN.md section 4): pg-boss on the API's own database, so jobs survive a
 * restart and run once across several instances. Handlers are registered before `start`; `send` may take a
 * transaction so that a job exists exactly when the work it belongs to was committed. Cron schedules (pg-boss's
 * `schedule`, with a time zone) are available through `boss` for the scheduled reports.
 */
export interface JobQueue {
  /**
   * Registers the handler of a kind of job (before `start`). A job's data comes back from the database as JSON:
   * `isData` checks it is what the handler takes (a job whose data is not fails, as a handler's error would).
   */
  register<Data>(
    name: string,
    isData: (data: unknown) => data is Data,
    handler: JobHandler<Data>,
    settings?: QueueSettings,
  ): void;
  /** Queues a job; with `db` (a transaction), inside it. Answers the job id. */
  send<Data extends object>(
    name: string,
    data: Data,
    options?: { db?: Queryable; singletonKey?: string },
  ): Promise<string | null>;
  /** Creates the queue's schema and queues, then starts the workers. */
  start(): Promise<void>;
  /** Stops taking jobs, aborts running handlers and waits for them to hand their jobs back. */
  stop(): Promise<void>;
  /** pg-boss itself, for what this interface does not cover (cron schedules). */
  readonly boss: PgBoss;
}

/**
 * PostgreSQL's codes for what instances starting together on one database can meet while they create pg-boss's schema
 * and queues at the same time: a transaction aborted to break a deadlock, and the catalog's unique index refusing the
 * second of two concurrent `create ... if not exists` (23505 on pg_namespace, or 42P07 / 42710 for a table or an
 * object). In each case the other instance finishes, so doing the work again finds it done.
 */
const START_RACES = new Set(['40P01', '23505', '42P07', '42710']);

/** Runs `work` again when it lost one of those races; other errors, and a fifth lost race, are thrown. */
async function retryStartRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!START_RACES.has(errorCode(err) ?? '') || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * Runs `work` (pg-boss's start, which creates or migrates its schema) while this instance holds a PostgreSQL advisory
 * lock, so that instances starting together on one database do it one after the other: the later ones find the schema
 * made. pg-boss locks its own script too, but two instances can still both find it missing and race on the schema
 * itself (23505 on pg_namespace), and a pg-boss whose start failed cannot be started again. PGlite has one
 * connection and one instance: nothing to wait for there.
 */
async function startedAlone<T>(store: Store, work: () => Promise<T>): Promise<T> {
  if (store.kind !== 'postgres') return work();
  return store.tx(async (q) => {
    await q.query(`select pg_advisory_xact_lock(hashtext('lego.job-queue.start'))`);
    return work();
  });
}

/** A job queue on `store` (see {@link JobQueue}). */
export function createJobQueue(store: Store, options: JobQueueOptions = {}): JobQueue {
  const boss = new PgBoss({
    db: bossDb(store),
    schema: 'pgboss',
    expireInSeconds: options.expireInSeconds ?? 300,
    ...(options.maintenanceIntervalSeconds && { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
  });
  // pg-boss reports failures of its timers here; an unhandled 'error' event would end the process.
  boss.on('error', (err) => console.error('job queue:', err.message));
  const handlers = new Map<string, { handler: JobHandler<unknown>; settings: QueueSettings }>();
  const running = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  let started = false;

  return {
    boss,
    register(name, isData, handler, settings = {}) {
      if (started) throw new Error(`job queue: register ${name} before start`);
      const checked: JobHandler<unknown> = async (data, context) => {
        if (!isData(data)) throw new Error(`job queue: a ${name} job's data is not what its handler takes`);
        await handler(data, context);
      };
      handlers.set(name, { handler: checked, settings });
    },
    async send(name, data, sendOptions = {}) {
      return boss.send(name, data, {
        ...(sendOptions.db && { db: bossDb(sendOptions.db) }),
        ...(sendOptions.singletonKey && { singletonKey: sendOptions.singletonKey }),
      });
    },
    async start() {
      await startedAlone(store, () => retryStartRace(() => boss.start()));
      for (const [name, { handler, settings }] of handlers) {
        await retryStartRace(() =>
          boss.createQueue(name, {
            name,
            retryLimit: settings.retryLimit ?? 5,
            retryDelay: 1,
            ...(settings.expireInSeconds && { expireInSeconds: settings.expireInSeconds }),
          }),
        );
        await boss.work<object>(
          name,
          {
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            includeMetadata: true,
            ...(settings.batchSize && { batchSize: settings.batchSize }),
          },
          async (jobs) => {
            for (const job of jobs) {
              const run = handler(job.data, {
                jobId: job.id,
                signal: stopping.signal,
                lastAttempt: job.retryCount >= job.retryLimit,
              });
              running.add(run);
              try {
                await run;
              } finally {
                running.delete(run);
              }
            }
          },
        );
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      stopping.abort();
      await Promise.allSettled([...running]);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
