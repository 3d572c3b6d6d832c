import type { Queryable } from '../store/store';

/**
 * What a component of the bulk upload provides (spec 002 section 2.8): its file's columns (the sample file's
 * header), the columns a file must have, example rows, and how one row is stored. `saveRow` runs inside the
 * transaction that also records the row's result, so it must write only through `db`.
 */
export interface BulkRowType {
  columns: readonly string[];
  required: readonly string[];
  examples: string[][];
  /**
   * Stores one row (cells by column name, trimmed text) for the user `by`: the id it made, or why not. `memo` lives
   * for one run of the batch: lookups that do not change meanwhile (an event's id by name) may be kept there.
   */
  saveRow(
    db: Queryable,
    row: Record<string, string>,
    by: string,
    memo: Map<string, unknown>,
  ): Promise<{ ok: true; recordId: string } | { ok: false; errors: string[] }>;
}
