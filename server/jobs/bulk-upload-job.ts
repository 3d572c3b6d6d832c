import type { BulkUploadType } from '../../schemas/bulk-upload';
import { BULK_EXTRA_COLUMNS, BULK_UPLOAD_MSG } from '../../schemas/bulk-upload';
import type { Mailer } from '../auth/mailer';
import { batchRepository, type BatchRecord, type RowResult } from '../repos/batch-repository';
import { withActor } from '../store/actor';
import type { Queryable, Store } from '../store/store';
import { saveUploadedRow, type BulkRowType, type RowSaved } from '../rules/bulk-row-type';
import { cpuPool } from '../workers/cpu-pool';
import { storeBatchResult } from './batch-result';
import { configurationsRowType } from '../rules/notification-config-bulk-row';
import type { JobQueue } from './queue';
import { instantOf } from '../auth/rate-limit';
import { batchTicket, settleOutbound } from '../rules/outbound-gate';
import { underLease, type LeaseTiming } from './lease';
import { isUniqueViolation } from '../store/unique';
import { errorMessage } from '../errors';
import { isRecord } from '../../schemas/guards';

/** The components of the bulk upload and how their rows are stored; a new component is one entry here. */
export const BULK_ROW_TYPES: Record<BulkUploadType, BulkRowType> = {
  configurations: configurationsRowType,
};

/** The queue of batch jobs: one job per batch, data `{ batchId }`. */
export const BULK_UPLOAD_QUEUE = 'bulk-upload';

/** A bulk upload job's data, as the upload sends it (server/routes/bulk-upload.ts): the batch it was queued for. */
const isBatchJob = (data: unknown): data is { batchId: string } => isRecord(data) && typeof data.batchId === 'string';

/** Rows stored per transaction (each under its own savepoint, with its result record). */
const ROWS_PER_TX = 100;
/**
 * Longest a transaction of rows runs before it commits and lets the API in (PGlite has one connection, which a
 * transaction holds): at least one row, at most {@link ROWS_PER_TX}. Long rows (3.8 KB templates) make short slices.
 */
const SLICE_MS = 15;

/** The widest sheet a component's file may be: its columns and a margin (a wider one is refused unread). */
export const columnLimit = (type: BulkRowType): number => type.columns.length + BULK_EXTRA_COLUMNS;

/**
 * The data rows of a sheet as cell maps keyed by header, or why the file cannot be processed: read in the worker pool
 * (server/workers/cpu-tasks.ts `batchRows`), the rows coming back in slices, so the event loop runs meanwhile. The
 * job's read waits its turn in the pool (`wait`); a request's ('Check file') counts against its desk's share.
 */
export async function rowsOf(
  bytes: Buffer,
  type: BulkRowType,
  wait = true,
): Promise<{ rows: Record<string, string>[] } | { error: string }> {
  const read = await cpuPool().run(
    'batchRows',
    { file: bytes, columns: [...type.columns], required: [...type.required], maxColumns: columnLimit(type) },
    { wait },
  );
  return Array.isArray(read) ? { rows: read } : read;
}

/** A row's outcome as its result record says it. */
const resultOf = (rowNo: number, saved: RowSaved): RowResult =>
  saved.ok
    ? { rowNo, ok: true, result: 'Success', recordId: saved.recordId }
    : { rowNo, ok: false, result: saved.errors.join('; '), recordId: null };

/** One slice of rows to store: row numbers (1 = first under the header) with their cells. */
type Slice = { rowNo: number; row: Record<string, string> }[];

/**
 * Stores a slice of rows and their results in one transaction, the fast way: a row refused by its rules is a result,
 * not an error, so no savepoint is needed; anything thrown rolls the whole slice back (then {@link storeRow} redoes
 * it row by row).
 */
async function storeSlice(
  q: Queryable,
  batch: BatchRecord,
  type: BulkRowType,
  slice: Slice,
  by: string,
  memo: Map<string, unknown>,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  const until = performance.now() + SLICE_MS;
  for (const { rowNo, row } of slice) {
    const result = resultOf(rowNo, await saveUploadedRow(type, q, row, by, memo));
    await batchRepository.recordRow(q, batch.id, result);
    results.push(result);
    if (performance.now() > until) break;
  }
  return results;
}

/** Stores one row and its result inside `q`, under a savepoint: a failing row leaves the others of its transaction alone. */
async function storeRow(
  q: Queryable,
  batch: BatchRecord,
  type: BulkRowType,
  rowNo: number,
  row: Record<string, string>,
  by: string,
  memo: Map<string, unknown>,
): Promise<RowResult | null> {
  if (await batchRepository.hasRow(q, batch.id, rowNo)) return null;
  const savepoint = `bulk_row_${rowNo}`;
  await q.query(`savepoint ${savepoint}`);
  try {
    const result = resultOf(rowNo, await saveUploadedRow(type, q, row, by, memo));
    await batchRepository.recordRow(q, batch.id, result);
    await q.query(`release savepoint ${savepoint}`);
    return result;
  } catch (err) {
    await q.query(`rollback to savepoint ${savepoint}`);
    // Another run of the same batch recorded this row first: it is done, and nothing of this run's attempt stays.
    if (isUniqueViolation(err) && (await batchRepository.hasRow(q, batch.id, rowNo))) return null;
    console.error(`bulk upload ${batch.id} row ${rowNo}:`, errorMessage(err));
    const result: RowResult = { rowNo, ok: false, result: BULK_UPLOAD_MSG.rowCrashed, recordId: null };
    await batchRepository.recordRow(q, batch.id, result);
    return result;
  }
}

/** Tells the requester, when an address was given, that the batch ended. */
async function notify(mailer: Mailer, store: Store, batchId: string): Promise<void> {
  const b = await batchRepository.summary(store, batchId);
  if (!b?.email) return;
  const summary =
    b.status === 'DONE'
      ? `${b.rows_done - b.rows_failed} of ${b.rows_total} rows were stored, ${b.rows_failed} failed. The result file lists each row's result.`
      : `The batch failed: ${b.messages.join('; ')}`;
  await mailer.send({
    to: b.email,
    subject: `Bulk upload ${b.filename}: ${b.status === 'DONE' ? 'completed' : 'failed'}`,
    body: `Batch ${batchId} (${b.filename}). ${summary}`,
  });
  // Its quota was taken at the upload: it now counts from the time the summary went.
  await settleOutbound(store, batchTicket(batchId));
}

/**
 * Runs (or resumes) one batch: reads its stored file, stores every row not yet done with its result in one
 * transaction per slice of rows (so a replay after a restart skips done rows and creates nothing twice), keeps the
 * progress counts in the same transactions, ends the batch DONE (FAILED when the file cannot be processed) and
 * tells the requester. Stops between slices when `signal` is aborted; the job then goes back to the queue.
 */
export async function runBatch(store: Store, mailer: Mailer, batchId: string, signal: AbortSignal): Promise<void> {
  const batch = await batchRepository.byId(store, batchId);
  if (!batch || batch.status === 'DONE' || batch.status === 'FAILED') return;
  const type = BULK_ROW_TYPES[batch.type];
  const by = (await batchRepository.uploaderEmail(store, batch.created_by)) ?? batch.created_by;
  const parsed = type
    ? await rowsOf((await batchRepository.file(store, batchId))!, type)
    : { error: BULK_UPLOAD_MSG.unknownType };
  if ('error' in parsed) {
    if (await batchRepository.finish(store, batchId, 'FAILED', [parsed.error])) await notify(mailer, store, batchId);
    return;
  }
  await batchRepository.start(store, batchId, parsed.rows.length);
  const done = await batchRepository.doneRows(store, batchId);
  const memo = new Map<string, unknown>();
  const todo = parsed.rows.map((row, i) => ({ rowNo: i + 1, row })).filter(({ rowNo }) => !done.has(rowNo));
  await withActor(
    () => ({ userId: batch.created_by, email: by, call: 'bulkUpload.upload' }),
    async () => {
      for (let i = 0; i < todo.length; ) {
        // Requests waiting for the database (PGlite has one connection) go first: the API stays responsive during a batch.
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) throw new Error('stopped: the batch resumes when the queue hands the job out again');
        const slice = todo.slice(i, i + ROWS_PER_TX);
        const count = async (q: Queryable, results: (RowResult | null)[]) => {
          const stored = results.filter((r) => r !== null);
          await batchRepository.addProgress(q, batchId, stored.length, stored.filter((r) => !r.ok).length);
        };
        try {
          // As many rows of the slice as fit in SLICE_MS; the rest are the next slice's.
          i += await store.tx(async (q) => {
            const results = await storeSlice(q, batch, type, slice, by, memo);
            await count(q, results);
            return results.length;
          });
        } catch {
          // A row threw (or another run stored one of these rows meanwhile): the slice again, each row on its own.
          await store.tx(async (q) => {
            const results: (RowResult | null)[] = [];
            for (const { rowNo, row } of slice) results.push(await storeRow(q, batch, type, rowNo, row, by, memo));
            await count(q, results);
          });
          i += slice.length;
        }
      }
    },
  );
  await storeBatchResult(store, batchId);
  if (await batchRepository.finish(store, batchId, 'DONE')) await notify(mailer, store, batchId);
}

/** Claims of one batch after which it is given up (each stop of a server mid-batch is one). */
const MAX_ATTEMPTS = 50;

/** This instance's batch worker: it works on one batch at a time, fairly chosen (batchRepository.claimNext). */
export interface BatchWorker {
  /** Works on batches until none is waiting (or a batch failed: the next sweep tries again); joins a drain under way. */
  drain(): Promise<void>;
  /** Stops after the current slice of rows, hands the batch back (its lease freed) and waits for that. */
  stop(): Promise<void>;
}

/**
 * Registers the batch job on the queue and answers this instance's batch worker. A queued job only wakes the
 * worker of whichever instance takes it: the worker then claims the fairest waiting batch under a lease (renewed
 * while it works), so a batch whose instance died is taken over by the next drain (every sweep) once its lease ran
 * out, and one desk's many uploads do not hold the others back.
 */
export function registerBulkUploadJob(
  queue: JobQueue,
  store: Store,
  mailer: Mailer,
  worker: { owner: string; lease: LeaseTiming },
): BatchWorker {
  const stopping = new AbortController();
  let draining: Promise<void> | null = null;
  let again = false;

  async function work(batchId: string, attempts: number): Promise<boolean> {
    if (attempts > MAX_ATTEMPTS) {
      if (await batchRepository.finish(store, batchId, 'FAILED', [BULK_UPLOAD_MSG.gaveUp]))
        await notify(mailer, store, batchId);
      return true;
    }
    return underLease(store, 'bulk_batches', batchId, worker.owner, worker.lease, async (lost) => {
      const signal = AbortSignal.any([stopping.signal, lost]);
      try {
        await runBatch(store, mailer, batchId, signal);
        return true;
      } catch (err) {
        if (!signal.aborted) console.error(`bulk upload ${batchId}:`, errorMessage(err));
        return false;
      }
    });
  }

  async function loop(): Promise<void> {
    for (;;) {
      if (stopping.signal.aborted) return;
      const next = await batchRepository.claimNext(
        store,
        worker.owner,
        instantOf(worker.lease.clock),
        worker.lease.seconds,
      );
      if (!next) {
        if (!again) return;
        again = false;
        continue;
      }
      // A batch that failed (the store, not its rows) is left for the next sweep rather than retried at once.
      if (!(await work(next.id, next.attempts))) return;
    }
  }

  const drain = (): Promise<void> => {
    if (stopping.signal.aborted) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = loop()
      .catch((err) => console.error('bulk upload:', errorMessage(err)))
      .finally(() => {
        draining = null;
      });
    return draining;
  };

  // The job only wakes the worker; it does not wait for the batches (a long drain would outlive the job's expiry).
  queue.register(BULK_UPLOAD_QUEUE, isBatchJob, async () => {
    void drain();
  });
  return {
    drain,
    async stop() {
      stopping.abort();
      await draining;
    },
  };
}
