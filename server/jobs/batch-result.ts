import { batchRepository, type BatchRecord } from '../repos/batch-repository';
import type { Store } from '../store/store';
import { cpuPool } from '../workers/cpu-pool';
import { BULK_ROW_TYPES, columnLimit } from './bulk-upload-job';

/**
 * A batch's result file built in the worker pool from its upload and each row's result so far ('Not processed yet'
 * for the others); null when the upload cannot be read. `wait`: a job's build waits for room in the pool's queue, a
 * request's is refused (503) when it is full.
 */
async function buildResultFile(store: Store, batch: BatchRecord, wait: boolean): Promise<Buffer | null> {
  const type = BULK_ROW_TYPES[batch.type];
  const file = type ? await batchRepository.file(store, batch.id) : null;
  if (!type || !file) return null;
  const results = await batchRepository.resultTextsJson(store, batch.id);
  return cpuPool().run('batchResultFile', { file, maxColumns: columnLimit(type), results }, { wait });
}

/** Makes and stores the result file of a batch whose rows are all done: the job's last step before it ends DONE. */
export async function storeBatchResult(store: Store, batchId: string): Promise<void> {
  const batch = await batchRepository.byId(store, batchId);
  const file = batch ? await buildResultFile(store, batch, true) : null;
  if (file) await batchRepository.storeResultFile(store, batchId, file);
}

/**
 * What `GET /v1/batch/:batchId/result` sends: the file stored when the batch ended; else, for a batch still running
 * or one that ended before migration 160, a file built in the worker pool (stored too when the batch has ended, so
 * it is built once). Null when the upload cannot be read.
 */
export async function batchResultFile(store: Store, batch: BatchRecord): Promise<Buffer | null> {
  const stored = await batchRepository.resultFile(store, batch.id);
  if (stored) return stored;
  const built = await buildResultFile(store, batch, false);
  if (built && (batch.status === 'DONE' || batch.status === 'FAILED'))
    await batchRepository.storeResultFile(store, batch.id, built);
  return built;
}
