import type { BatchCheck } from '../../schemas/api/batches';
import { BULK_CHECK_MAX_ROWS, BULK_UPLOAD_MSG, type BulkUploadType } from '../../schemas/bulk-upload';
import { errorMessage } from '../errors';
import { inSavepoint } from '../repos/savepoint';
import { saveUploadedRow } from '../rules/bulk-row-type';
import type { Store } from '../store/store';
import { BULK_ROW_TYPES, rowsOf } from './bulk-upload-job';

/** Thrown at the end of a check's transaction so that it is rolled back: what the rows wrote is undone. */
class CheckDone extends Error {}

/**
 * 'Check file' (Odoo's import "Test"): reads a file as a batch would (in the worker pool, against the desk's share)
 * and runs every row through the upload's own step, {@link saveUploadedRow}, for the user `by`, in ONE transaction
 * that is then rolled back. A row therefore meets what the rows above it would have written (a configuration twice
 * in the file is refused the second time, as the upload does), and nothing stays: no configuration, no audit entry
 * (its triggers write in the same transaction), no batch, no e-mail. A row that throws is rolled back to its
 * savepoint and answers what the batch records for it. Answers why the file cannot be read instead, as a batch's
 * FAILED messages say, or that it has more rows than a check takes ({@link BULK_CHECK_MAX_ROWS}: the transaction holds
 * a connection, on PGlite the only one, while it runs).
 */
export async function checkBatchFile(
  store: Store,
  type: BulkUploadType,
  file: Buffer,
  by: string,
): Promise<BatchCheck | { error: string }> {
  const rowType = BULK_ROW_TYPES[type];
  const parsed = await rowsOf(file, rowType, false);
  if ('error' in parsed) return parsed;
  if (parsed.rows.length > BULK_CHECK_MAX_ROWS) return { error: BULK_UPLOAD_MSG.checkTooManyRows };
  const rows: BatchCheck['rows'] = [];
  const memo = new Map<string, unknown>();
  try {
    await store.tx(async (q) => {
      for (const [i, row] of parsed.rows.entries()) {
        const rowNo = i + 1;
        try {
          const saved = await inSavepoint(q, 'bulk_check_row', () => saveUploadedRow(rowType, q, row, by, memo));
          rows.push({ row_no: rowNo, ok: saved.ok, errors: saved.ok ? [] : saved.errors });
        } catch (err) {
          console.error(`bulk upload check row ${rowNo}:`, errorMessage(err));
          rows.push({ row_no: rowNo, ok: false, errors: [BULK_UPLOAD_MSG.rowCrashed] });
        }
      }
      throw new CheckDone();
    });
  } catch (err) {
    if (!(err instanceof CheckDone)) throw err;
  }
  return { rows_total: rows.length, rows_failed: rows.filter((r) => !r.ok).length, rows };
}
