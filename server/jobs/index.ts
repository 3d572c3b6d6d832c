import type { Mailer } from '../auth/mailer';
import type { Store } from '../store/store';
import { registerBulkUploadJob } from './bulk-upload-job';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './queue';
import { registerReportJob, type ReportScheduler } from './report-job';

export type { JobQueue, JobQueueOptions } from './queue';

/** The job queue with the report scheduler of this instance (which starts and stops with it). */
export type Jobs = JobQueue & { readonly reports: ReportScheduler };

/** The API's job queue with every worker registered: the one place a new kind of job is added (then `start`). */
export function createJobs(store: Store, mailer: Mailer, options: JobQueueOptions = {}): Jobs {
  const queue = createJobQueue(store, options);
  registerBulkUploadJob(queue, store, mailer);
  const reports = registerReportJob(queue, store, mailer, { now: options.now, tickSeconds: options.reportTickSeconds });
  return {
    boss: queue.boss,
    reports,
    register: (name, handler, settings) => queue.register(name, handler, settings),
    send: (name, data, sendOptions) => queue.send(name, data, sendOptions),
    async start() {
      await queue.start();
      reports.start();
    },
    async stop() {
      await reports.stop();
      await queue.stop();
    },
  };
}
