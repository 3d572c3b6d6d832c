import { randomUUID } from 'node:crypto';
import type { Mailer } from '../auth/mailer';
import { errorMessage } from '../errors';
import { DEFAULT_QUOTAS } from '../rules/outbound-gate';
import type { Store } from '../store/store';
import { createImpactWorker, type ImpactWorker } from './alert-impact-job';
import { registerBulkUploadJob, type BatchWorker } from './bulk-upload-job';
import { DEFAULT_LEASE_SECONDS } from './lease';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './queue';
import { registerReportJob, type ReportScheduler, type RunWorker } from './report-job';
import { applyDueProposals } from './proposal-apply';

export type { JobQueue, JobQueueOptions } from './queue';

/**
 * The job queue with this instance's report scheduler, batch worker, alert impact previews and sweep (which start and
 * stop with it).
 */
export type Jobs = JobQueue & {
  readonly reports: ReportScheduler;
  readonly batches: BatchWorker;
  /** The alert impact previews this instance works through (those it started, those it took over). */
  readonly impacts: ImpactWorker;
  /** This instance's name on its leases, its lease timing and quotas ('Run now' carries out runs with them). */
  readonly runWorker: RunWorker;
  /**
   * Takes over the runs, batches and alert impact previews whose lease ran out (every `sweepSeconds`; tests call it):
   * runs and batches are finished when it answers, previews are resumed in the background; and applies the scheduled
   * proposals that are due.
   */
  sweep(): Promise<void>;
};

/** Seconds between sweeps: with 20 s leases, work of a dead instance is taken over within about 30 s. */
const DEFAULT_SWEEP_SECONDS = 10;

/** The API's job queue with every worker registered: the one place a new kind of job is added (then `start`). */
export function createJobs(store: Store, mailer: Mailer, options: JobQueueOptions = {}): Jobs {
  const queue = createJobQueue(store, options);
  const runWorker: RunWorker = {
    owner: `instance-${randomUUID()}`,
    lease: { seconds: options.leaseSeconds ?? DEFAULT_LEASE_SECONDS, clock: options.clock },
    quotas: options.outbound ?? DEFAULT_QUOTAS,
    clock: options.clock,
  };
  const batches = registerBulkUploadJob(queue, store, mailer, runWorker);
  const impacts = createImpactWorker(store, runWorker);
  const reports = registerReportJob(
    queue,
    store,
    mailer,
    { now: options.now, tickSeconds: options.reportTickSeconds },
    runWorker,
  );
  const sweepSeconds = options.sweepSeconds ?? DEFAULT_SWEEP_SECONDS;
  const sweep = async () => {
    await Promise.all([
      reports.sweep(),
      batches.drain(),
      impacts.sweep(),
      applyDueProposals(store, mailer, runWorker.quotas, options.now, options.proposalMaxAgeDays),
    ]);
  };
  let timer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  const safeSweep = () => {
    if (sweeping) return;
    sweeping = sweep()
      .catch((err) => console.error('sweep:', errorMessage(err)))
      .finally(() => {
        sweeping = null;
      });
  };
  return {
    boss: queue.boss,
    reports,
    batches,
    impacts,
    runWorker,
    sweep,
    register: (name, isData, handler, settings) => queue.register(name, isData, handler, settings),
    send: (name, data, sendOptions) => queue.send(name, data, sendOptions),
    async start() {
      await queue.start();
      reports.start();
      if (sweepSeconds > 0) {
        safeSweep();
        timer = setInterval(safeSweep, sweepSeconds * 1000);
        timer.unref();
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await reports.stop();
      await Promise.all([batches.stop(), impacts.stop()]);
      await sweeping;
      // A preview the sweep under way claimed meanwhile is handed back too (its lease freed).
      await impacts.stop();
      await queue.stop();
    },
  };
}
