import type { ConfigContext } from './types';

/** File types a sheet can import. */
export type SheetFileType = 'xlsx' | 'xls' | 'csv';

/** Limits of an imported file: its types, its size and the time its reading may take (in a Web Worker). */
export interface SheetFileLimits {
  /** Default xlsx and csv (spec 000 section 5: 'File must be xlsx or csv'). */
  types?: readonly SheetFileType[];
  /** Default 5 MB. */
  maxMb?: number;
  /** The worker is stopped after this many milliseconds (default 15 000). */
  timeoutMs?: number;
}

/** The defaults of {@link SheetFileLimits}. */
export const FILE_DEFAULTS = {
  types: ['xlsx', 'csv'],
  maxMb: 5,
  timeoutMs: 15_000,
} as const satisfies Required<SheetFileLimits>;

/**
 * What a sheet may declare beyond its columns, caps and bulk call (`SheetConfig` in sheet/types.ts extends this): the
 * files it imports, the processors each row goes through before it is sent, drafts and a CSV export.
 */
export interface SheetExtras {
  files?: SheetFileLimits;
  /**
   * Steps each data row goes through, in order, before it is sent: lookups, number and date parsing, geocoding.
   * A step's error becomes the row's status (red) and the row is not sent; values a step fills (a hidden place
   * id, a geocoded address) are written back into the sheet.
   */
  processors?: readonly SheetProcessor[];
  /** Drafts in the browser's local storage, per screen and company: 'Save Draft', restored on load, cleared by Reset. */
  draft?: boolean;
  /** A 'Download' of the sheet as CSV: the file's name and the columns in it (default: the visible ones), titled as in the sheet. */
  export?: { fileName: string; columns?: readonly string[] };
}

/** A data row as processors see it: cell texts keyed by column. */
export type RowValues = Readonly<Record<string, string>>;

/** What a processor makes of a row: its values (changed or not), or why the row cannot be sent. */
export type RowStep = { values: RowValues } | { error: string };

/**
 * One step of a sheet's row pipeline. `prepare` runs once per submit with the rows still valid (e.g. to look up the
 * names a lookup matches against); `run` is then called for every such row, with what `prepare` returned. Steps that call a
 * service set `concurrency` (rows in flight at once, default 1 for those returning promises).
 */
export interface SheetProcessor<Prepared = unknown> {
  /** Names the step in errors of the pipeline itself. */
  name: string;
  prepare?(ctx: ConfigContext, rows: readonly RowValues[]): Promise<Prepared> | Prepared;
  // Method syntax on purpose: a processor of one Prepared type is then a SheetProcessor of unknown.
  run(values: RowValues, prepared: Prepared): RowStep | Promise<RowStep>;
  concurrency?: number;
}
