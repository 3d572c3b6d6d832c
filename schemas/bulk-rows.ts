/**
 * What the bulk calls (setAlerts, company_routes/create) share: the allOrNone switch of their query and the texts
 * of a row the database refuses and of an all-or-none upload that stored nothing.
 */

/** allOrNone: false (the default) stores each good row and answers each row; true stores every row or none. */
export const allOrNoneField = {
  type: 'boolean',
  default: false,
  errorMessage: 'allOrNone must be true or false',
} as const;

/** Rows of an all-or-none failure named in its answer; more are summed up in one last message. */
export const LISTED_FAILED_ROWS = 10;

export const BULK_TEXT = {
  /** A value PostgreSQL cannot hold (a NUL character, a broken escape) or a number out of its range. */
  unstorable: 'This row holds a value that cannot be stored (such as a NUL character)',
  /** A foreign key the row breaks. */
  missingReference: 'This row refers to a record that does not exist',
  /** Any other constraint the row breaks (a duplicate, a required value). */
  refused: 'This row breaks a rule of the stored data',
  /** A row not stored because the database failed midway (after earlier rows were kept): sending it again is safe. */
  notStored: 'This row was not saved because the server failed midway; please submit it again',
  /** One failed row of an all-or-none upload: its number in the body (from 1) and its reason. */
  rowFailed: (row: number, message: string) => `Row ${row}: ${message}`,
  moreRowsFailed: (count: number) => `${count} more ${count === 1 ? 'row' : 'rows'} failed`,
} as const;
