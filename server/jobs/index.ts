import type { Mailer } from '../auth/mailer';
import type { Store } from '../store/store';
import { registerBulkUploadJob } from './bulk-upload-job';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './queue';

export type { JobQueue, JobQueueOptions } from './queue';

/** The API's job queue with every worker registered: the one place a new kind of job is added (then `start`). */
export function createJobs(store: Store, mailer: Mailer, options: JobQueueOptions = {}): JobQueue {
  const queue = createJobQueue(store, options);
  registerBulkUploadJob(queue, store, mailer);
  return queue;
}
