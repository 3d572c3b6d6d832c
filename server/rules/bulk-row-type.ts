import { BULK_UPLOAD_MSG } from '../../schemas/bulk-upload';
import type { Queryable } from '../store/store';

/** What storing one row answers: the id it made, or why not. */
export type RowSaved = { ok: true; recordId: string } | { ok: false; errors: string[] };

/**
 * What a component of the bulk upload provides (spec 002 section 2.8): its file's columns (the sample file's
 * header), the columns a file must have, example rows, and how one row is stored. `saveRow` runs inside the
 * transaction that also records the row's result, so it must write only through `db`.
 */
export interface BulkRowType {
  columns: readonly string[];
  required: readonly string[];
  /** The sample file's rows, cells in the order of `columns`: a row left as it is here is refused ({@link saveUploadedRow}). */
  examples: string[][];
  /**
   * Stores one row (cells by column name, trimmed text) for the user `by`: the id it made, or why not. `memo` lives
   * for one run of the batch: lookups that do not change meanwhile (an event's id by name) may be kept there.
   */
  saveRow(db: Queryable, row: Record<string, string>, by: string, memo: Map<string, unknown>): Promise<RowSaved>;
}

/** Whether a row is one of the sample file's example rows, unchanged (every column's cell as the sample has it). */
export const isExampleRow = (type: BulkRowType, row: Record<string, string>): boolean =>
  type.examples.some((example) => type.columns.every((column, i) => (row[column] ?? '') === (example[i] ?? '')));

/**
 * One uploaded row through the component's rules: what the batch job stores and 'Check file' tries (then rolls
 * back), so both say the same of every row. An example row of the sample left unchanged is refused, not stored: a
 * sample uploaded as downloaded would otherwise create its example configurations.
 */
export async function saveUploadedRow(
  type: BulkRowType,
  db: Queryable,
  row: Record<string, string>,
  by: string,
  memo: Map<string, unknown>,
): Promise<RowSaved> {
  if (isExampleRow(type, row)) return { ok: false, errors: [BULK_UPLOAD_MSG.exampleRow] };
  return type.saveRow(db, row, by, memo);
}
