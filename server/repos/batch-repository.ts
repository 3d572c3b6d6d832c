import type { Queryable } from '../store/store';
import type { BatchStatus, BulkUploadType } from '../../schemas/bulk-upload';
import { batchCalls, type Batch } from '../../schemas/api/batches';

/** A stored batch with what the job needs (not its file). */
export interface BatchRecord {
  id: string;
  fteid: string;
  type: BulkUploadType;
  filename: string;
  status: BatchStatus;
  email: string | null;
  created_by: string;
  rows_total: number;
}

/** One row's outcome. */
export interface RowResult {
  rowNo: number;
  ok: boolean;
  result: string;
  recordId: string | null;
}

const COLUMNS = 'id, fteid, type, filename, status, created_at, rows_total, rows_done, rows_failed, messages';

type BatchRow = Omit<Batch, 'created_at' | 'result_url'> & { created_at: Date | string };

/** The answer shape of a batch: ISO time and the path of its result file once it has rows. */
function toBatch(row: BatchRow): Batch {
  return {
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    result_url: row.rows_total > 0 ? batchCalls.result.path.replace(':batchId', row.id) : null,
    messages: row.messages ?? [],
  };
}

/** The SQL of bulk-upload batches (migration 115). */
export const batchRepository = {
  /** Stores an uploaded file as a QUEUED batch. */
  async create(
    db: Queryable,
    b: {
      id: string;
      fteid: string;
      type: BulkUploadType;
      filename: string;
      email: string | null;
      file: Buffer;
      createdBy: string;
    },
  ): Promise<Batch> {
    const row = await db.one<BatchRow>(
      `insert into bulk_batches (id, fteid, type, filename, status, email, file, created_by)
       values ($1, $2, $3, $4, 'QUEUED', $5, decode($6, 'base64'), $7) returning ${COLUMNS}`,
      // As base64 text: PGlite converts a bytea parameter byte by byte (about a second per megabyte).
      [b.id, b.fteid, b.type, b.filename, b.email, b.file.toString('base64'), b.createdBy],
    );
    return toBatch(row!);
  },

  /** The entity's batches of a type (all types without one), newest first. */
  async list(db: Queryable, fteid: string, type: BulkUploadType | undefined, limit = 100): Promise<Batch[]> {
    const rows = await db.query<BatchRow>(
      `select ${COLUMNS} from bulk_batches where fteid = $1 and ($2::text is null or type = $2)
       order by created_at desc, id limit $3`,
      [fteid, type ?? null, limit],
    );
    return rows.map(toBatch);
  },

  /** One batch (without its file), or null. */
  async byId(db: Queryable, id: string): Promise<BatchRecord | null> {
    return db.one<BatchRecord>(
      'select id, fteid, type, filename, status, email, created_by, rows_total from bulk_batches where id = $1',
      [id],
    );
  },

  /** The uploaded file's bytes. */
  async file(db: Queryable, id: string): Promise<Buffer | null> {
    const row = await db.one<{ file: string }>(
      "select encode(file, 'base64') as file from bulk_batches where id = $1",
      [id],
    );
    return row ? Buffer.from(row.file, 'base64') : null;
  },

  /** Marks a batch as running with its row count (again, when a job resumes: the count is the same). */
  async start(db: Queryable, id: string, rowsTotal: number): Promise<void> {
    await db.query(
      `update bulk_batches set status = 'RUNNING', rows_total = $2 where id = $1 and status in ('QUEUED', 'RUNNING')`,
      [id, rowsTotal],
    );
  },

  /** Row numbers that already have a result (a resumed job skips them). */
  async doneRows(db: Queryable, id: string): Promise<Set<number>> {
    const rows = await db.query<{ row_no: number }>('select row_no from bulk_batch_rows where batch_id = $1', [id]);
    return new Set(rows.map((r) => r.row_no));
  },

  /** Records one row's result (in the transaction of the row's work); the primary key refuses a second one. */
  async recordRow(db: Queryable, batchId: string, r: RowResult): Promise<void> {
    await db.query(
      'insert into bulk_batch_rows (batch_id, row_no, ok, result, record_id) values ($1, $2, $3, $4, $5)',
      [batchId, r.rowNo, r.ok, r.result, r.recordId],
    );
  },

  /** Adds the rows recorded in this transaction to the batch's progress counts. */
  async addProgress(db: Queryable, id: string, done: number, failed: number): Promise<void> {
    await db.query('update bulk_batches set rows_done = rows_done + $2, rows_failed = rows_failed + $3 where id = $1', [
      id,
      done,
      failed,
    ]);
  },

  /**
   * Claims the next batch to work on for `owner`, fairly: first a batch whose instance died (its lease ran out),
   * then the entity served longest ago (never served first), oldest batch first within it; so one desk's hundred
   * uploads do not keep another's waiting more than one batch. Answers its id and how many times it was claimed.
   */
  async claimNext(
    db: Queryable,
    owner: string,
    now: string | null,
    leaseSeconds: number,
  ): Promise<{ id: string; attempts: number } | null> {
    return db.one<{ id: string; attempts: number }>(
      `with next as (
         select b.id from bulk_batches b
          where b.status in ('QUEUED', 'RUNNING') and (b.lease_until is null or b.lease_until < coalesce($2::timestamptz, now()))
          order by b.lease_until is null,
                   (select max(x.claimed_at) from bulk_batches x where x.fteid = b.fteid) nulls first,
                   b.created_at, b.id
          limit 1 for update of b skip locked)
       update bulk_batches set lease_owner = $1, lease_until = coalesce($2::timestamptz, now()) + make_interval(secs => $3),
              claimed_at = coalesce($2::timestamptz, now()), attempts = attempts + 1
         from next where bulk_batches.id = next.id
       returning bulk_batches.id, bulk_batches.attempts`,
      [owner, now, leaseSeconds],
    );
  },

  /** How many batches a desk (its user) has waiting or running. */
  async pendingOf(db: Queryable, userId: string): Promise<number> {
    const row = await db.one<{ n: number }>(
      `select count(*)::int as n from bulk_batches where created_by = $1 and status in ('QUEUED', 'RUNNING')`,
      [userId],
    );
    return row!.n;
  },

  /** Ends a batch; true only for the call that ended it (so the requester is told once). */
  async finish(db: Queryable, id: string, status: 'DONE' | 'FAILED', messages: string[] = []): Promise<boolean> {
    const row = await db.one(
      `update bulk_batches set status = $2, messages = $3::jsonb, finished_at = now()
       where id = $1 and status in ('QUEUED', 'RUNNING') returning id`,
      [id, status, JSON.stringify(messages)],
    );
    return row !== null;
  },

  /** Stores a batch's result file (migration 160), made once: every download sends it as it is. */
  async storeResultFile(db: Queryable, id: string, file: Buffer): Promise<void> {
    // As base64 text, as the upload is stored (PGlite converts a bytea parameter byte by byte).
    await db.query("update bulk_batches set result_file = decode($2, 'base64') where id = $1", [
      id,
      file.toString('base64'),
    ]);
  },

  /**
   * Every row's result text by row number, as one JSON text `[[rowNo, result], ...]` for the worker that writes the
   * result file (10,000 results read as rows hold the event loop for about 70 ms, as one text about 10).
   */
  async resultTextsJson(db: Queryable, id: string): Promise<string> {
    const row = await db.one<{ results: string }>(
      `select coalesce(json_agg(json_build_array(row_no, result) order by row_no), '[]')::text as results from bulk_batch_rows where batch_id = $1`,
      [id],
    );
    return row!.results;
  },

  /** A batch's stored result file, or null (a batch still running, or one that ended before migration 160). */
  async resultFile(db: Queryable, id: string): Promise<Buffer | null> {
    const row = await db.one<{ file: string | null }>(
      "select encode(result_file, 'base64') as file from bulk_batches where id = $1",
      [id],
    );
    return row?.file ? Buffer.from(row.file, 'base64') : null;
  },

  /** Every row's result, by row number. */
  async results(db: Queryable, id: string): Promise<Map<number, RowResult>> {
    const rows = await db.query<{ row_no: number; ok: boolean; result: string; record_id: string | null }>(
      'select row_no, ok, result, record_id from bulk_batch_rows where batch_id = $1 order by row_no',
      [id],
    );
    return new Map(rows.map((r) => [r.row_no, { rowNo: r.row_no, ok: r.ok, result: r.result, recordId: r.record_id }]));
  },

  /** What the completion message says of a batch. */
  async summary(db: Queryable, id: string) {
    return db.one<{
      email: string | null;
      filename: string;
      status: BatchStatus;
      rows_total: number;
      rows_done: number;
      rows_failed: number;
      messages: string[];
    }>('select email, filename, status, rows_total, rows_done, rows_failed, messages from bulk_batches where id = $1', [
      id,
    ]);
  },

  /** Whether a row of a batch has its result recorded. */
  async hasRow(db: Queryable, id: string, rowNo: number): Promise<boolean> {
    return (await db.one('select 1 from bulk_batch_rows where batch_id = $1 and row_no = $2', [id, rowNo])) !== null;
  },

  /** The e-mail of the user who uploaded a batch (who its rows are saved by). */
  async uploaderEmail(db: Queryable, userId: string): Promise<string | null> {
    return (await db.one<{ email: string }>('select email from users where id = $1', [userId]))?.email ?? null;
  },

  /** The id of a notification event by name, whatever its case. */
  async eventIdByName(db: Queryable, name: string): Promise<number | null> {
    const row = await db.one<{ id: number }>('select id from notification_events where lower(name) = lower($1)', [
      name,
    ]);
    return row?.id ?? null;
  },
};
