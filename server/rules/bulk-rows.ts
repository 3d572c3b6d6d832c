import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BULK_TEXT, LISTED_FAILED_ROWS } from '../../schemas/bulk-rows';
import { RuleRefusal } from './refusal';
import { errorCode } from '../errors';
import { inSavepoint } from '../repos/savepoint';
import type { Queryable, Store } from '../store/store';

/** What became of one row of a bulk call: stored, with what the call answers for it, or refused with its reason. */
export type RowOutcome<T> = { saved: T } | { refused: string };

/** A row that passed its checks, with its place in the body. */
export interface IndexedRow<R> {
  index: number;
  row: R;
}

/** How a bulk call reads and stores its rows (`Raw`: a row of the body as it comes, of unknown type unless read ahead). */
export interface BulkRows<R, T, Raw = unknown> {
  /** Checks one row of the body on its own (schema, shape): the row to store, or why it is refused. */
  read(raw: Raw): { row: R } | { refused: string };
  /**
   * Stores rows in a few set-based statements and answers each, in order. Throws when the database refuses one of
   * them (a NUL byte, a unique or foreign key violation): the rows are then stored one by one to find which.
   */
  store(q: Queryable, rows: IndexedRow<R>[]): Promise<RowOutcome<T>[]>;
  /** The row's reason when it breaks a unique index (e.g. 'Alert config already exists'). */
  duplicate?: string;
  /** The share of a chunk one row takes (default 1; a route counts its places). */
  weight?(row: R): number;
  /** The weight of rows stored by one statement, in one transaction when not all or none. */
  chunk: number;
}

/**
 * Milliseconds of row checks between two turns of the event loop: checking 600 rows of 9 KB takes some 300 ms, which
 * would hold every other request that long.
 */
const READ_SLICE_MS = 10;

/** PostgreSQL error classes of a value or a row (SQLSTATE 22 data exception, 23 constraint, 54 program limit). */
const ROW_CLASSES = ['22', '23', '54'];

/**
 * The row's reason for a database error of storing it alone, or the error thrown on when it is not about the row
 * (a lost connection: then the call fails as a whole).
 */
export function rowFailure(err: unknown, duplicate: string = BULK_TEXT.refused): string {
  const code = errorCode(err);
  if (code === undefined || !ROW_CLASSES.includes(code.slice(0, 2))) throw err;
  if (code === '23505') return duplicate;
  if (code === '23503') return BULK_TEXT.missingReference;
  return code.startsWith('22') ? BULK_TEXT.unstorable : BULK_TEXT.refused;
}

/** The rows in order, cut where the next row would take a chunk past `size` (a heavier row still gets one alone). */
function chunks<R>(rows: IndexedRow<R>[], size: number, weight: (row: R) => number): IndexedRow<R>[][] {
  const result: IndexedRow<R>[][] = [];
  let current: IndexedRow<R>[] = [];
  let load = 0;
  for (const item of rows) {
    const w = weight(item.row);
    if (current.length && load + w > size) {
      result.push(current);
      current = [];
      load = 0;
    }
    current.push(item);
    load += w;
  }
  if (current.length) result.push(current);
  return result;
}

/**
 * Stores a chunk under a savepoint; when the database refuses it, stores its rows one by one, each under its own
 * savepoint, so the refused row gets its reason and the transaction goes on with the next.
 */
async function storeChunk<R, T, Raw>(
  q: Queryable,
  chunk: IndexedRow<R>[],
  bulk: BulkRows<R, T, Raw>,
  outcomes: RowOutcome<T>[],
): Promise<void> {
  try {
    const answers = await inSavepoint(q, 'bulk_chunk', () => bulk.store(q, chunk));
    chunk.forEach((item, i) => {
      outcomes[item.index] = answers[i];
    });
    return;
  } catch (err) {
    rowFailure(err); // throws on when the failure is not about a row
  }
  for (const item of chunk) {
    try {
      [outcomes[item.index]] = await inSavepoint(q, 'bulk_row', () => bulk.store(q, [item]));
    } catch (err) {
      outcomes[item.index] = { refused: rowFailure(err, bulk.duplicate) };
    }
  }
}

/** An all-or-none upload's answer: each failed row by number and reason, at most {@link LISTED_FAILED_ROWS} of them. */
function failedRows(outcomes: RowOutcome<unknown>[]): string[] {
  const failed = outcomes.flatMap((o, index) => ('refused' in o ? [BULK_TEXT.rowFailed(index + 1, o.refused)] : []));
  if (failed.length <= LISTED_FAILED_ROWS) return failed;
  return [...failed.slice(0, LISTED_FAILED_ROWS), BULK_TEXT.moreRowsFailed(failed.length - LISTED_FAILED_ROWS)];
}

/**
 * A bulk call's rows, each checked on its own, then stored in chunks of few set-based statements. Every row gets
 * its answer, in the body's order; no row's failure (bad value, duplicate, database refusal) fails the call.
 *
 * - allOrNone false: each chunk is its own transaction, so the good rows are kept and, on the single connection of
 *   PGlite, other requests get the database between chunks.
 * - allOrNone true: one transaction; when any row fails, nothing is kept and the call answers 400 naming the rows.
 *
 * Between chunks the event loop takes its turn, so a large batch does not hold other requests.
 */
export async function saveBulk<R, T, Raw = unknown>(
  store: Store,
  body: readonly Raw[],
  allOrNone: boolean,
  bulk: BulkRows<R, T, Raw>,
): Promise<RowOutcome<T>[]> {
  const outcomes: RowOutcome<T>[] = new Array(body.length);
  const valid: IndexedRow<R>[] = [];
  let slice = performance.now();
  for (const [index, raw] of body.entries()) {
    const read = bulk.read(raw);
    if ('refused' in read) outcomes[index] = read;
    else valid.push({ index, row: read.row });
    if (performance.now() - slice > READ_SLICE_MS) {
      await nextTurn();
      slice = performance.now();
    }
  }
  const parts = chunks(valid, bulk.chunk, bulk.weight ?? (() => 1));

  if (!allOrNone) {
    for (const [n, part] of parts.entries()) {
      try {
        await store.tx((q) => storeChunk(q, part, bulk, outcomes));
      } catch (error) {
        // Earlier chunks are kept: a 500 would tell the sheet none was, and a second submit would store them twice.
        // With nothing kept yet, the failure is the call's.
        if (n === 0) throw error;
        for (const rest of parts.slice(n))
          for (const item of rest) outcomes[item.index] = { refused: BULK_TEXT.notStored };
        return outcomes;
      }
      await nextTurn();
    }
    return outcomes;
  }
  if (!valid.length) throw new RuleRefusal(failedRows(outcomes));
  // Throwing out of the transaction rolls it back: nothing of a failed all-or-none upload is kept.
  await store.tx(async (q) => {
    for (const part of parts) {
      await storeChunk(q, part, bulk, outcomes);
      await nextTurn();
    }
    if (outcomes.some((o) => 'refused' in o)) throw new RuleRefusal(failedRows(outcomes));
  });
  return outcomes;
}

/** A row read ahead of storing: what to store, or the row's error texts. */
export type RowRead<R> = { row: R } | { refused: string[] };

/** How rows read ahead are stored: one statement for many rows (answering their ids), and the text of a duplicate. */
export interface ReadRowsStore<R> {
  insertMany(q: Queryable, rows: R[]): Promise<string[]>;
  duplicate: string;
  /** Rows per statement of a bulk upload. */
  chunk: number;
}

/**
 * The bulk create of rows read ahead (bulkUpload=true): one answer per row in the body's order, its id or its error
 * texts. Rows are stored in chunks under savepoints, one by one when the database refuses one (a duplicate code),
 * so a bad row never undoes a good one. allOrNone: nothing is stored when a row fails (see {@link saveBulk}).
 */
export async function saveReadRows<R>(
  store: Store,
  reads: RowRead<R>[],
  allOrNone: boolean,
  rows: ReadRowsStore<R>,
): Promise<({ id: string } | string[])[]> {
  const outcomes = await saveBulk(store, reads, allOrNone, {
    read: (read) => ('refused' in read ? { refused: read.refused.join(', ') } : read),
    store: async (q, items) =>
      (
        await rows.insertMany(
          q,
          items.map((item) => item.row),
        )
      ).map((id) => ({ saved: id })),
    duplicate: rows.duplicate,
    chunk: rows.chunk,
  });
  return outcomes.map((outcome, i) => {
    const read = reads[i];
    if ('refused' in read) return read.refused;
    return 'refused' in outcome ? [outcome.refused] : { id: outcome.saved };
  });
}

/**
 * The form's create of rows read ahead: every row must pass, else 400 with the texts (of one row; of more, one text
 * per failed row, prefixed by its number); then all rows are stored in one statement, or none (a duplicate: 400).
 * Answers the stored ids in order.
 */
export async function saveReadRowsAll<R>(
  store: Store,
  reads: RowRead<R>[],
  rows: Pick<ReadRowsStore<R>, 'insertMany' | 'duplicate'>,
): Promise<string[]> {
  if (reads.length === 1 && 'refused' in reads[0]) throw new RuleRefusal(reads[0].refused);
  const refused = reads.flatMap((read, i) =>
    'refused' in read ? [BULK_TEXT.rowFailed(i + 1, read.refused.join(', '))] : [],
  );
  if (refused.length) {
    const more = refused.length - LISTED_FAILED_ROWS;
    throw new RuleRefusal(
      more > 0 ? [...refused.slice(0, LISTED_FAILED_ROWS), BULK_TEXT.moreRowsFailed(more)] : refused,
    );
  }
  // None refused (else thrown above): every read is a row.
  const valid = reads.flatMap((read) => ('row' in read ? [read.row] : []));
  try {
    return await store.tx((q) => rows.insertMany(q, valid));
  } catch (err) {
    throw new RuleRefusal([rowFailure(err, rows.duplicate)]);
  }
}
