import type { ComponentType } from 'react';
import type { Endpoint, CallInput } from '../data/endpoint';
import type { Scope } from '../scope/scope';
import type { SheetExtras } from '../sheetConfig';
import type { ConfigContext } from '../types';

/**
 * A column of a bulk sheet: the row object's key, its header (default: the key), its width in pixels, and whether
 * it is hidden (filled by a row processor, e.g. a geocoded place id; not shown, not exported, not in the format).
 */
export interface SheetColumn {
  key: string;
  title?: string;
  width?: number;
  hidden?: boolean;
}

/** A data row handed to a sheet tool: its number as the sheet shows it, and its cell texts keyed by column. */
export interface SheetToolRow {
  row: number;
  values: Record<string, string>;
}

/** What a sheet tool's modal receives: the rows Submit would send (saved rows left out), the scope, how to close. */
export interface SheetToolProps {
  rows: readonly SheetToolRow[];
  ctx: ConfigContext;
  onClose: () => void;
}

/**
 * A button beside Submit that opens a modal on the sheet's rows as they are, before anything is saved (e.g. the alert
 * sheet's 'Preview impact'). Its code loads when it is first pressed.
 */
export interface SheetTool {
  label: string;
  component(): Promise<{ default: ComponentType<SheetToolProps> }>;
}

/** What the server said of one submitted row: saved, or why not (shown in the row's status cell). */
export type SheetRowResult = { ok: true } | { ok: false; message: string };

/**
 * A bulk sheet: a spreadsheet of `columns` plus a status cell per row, filled by typing, pasting or importing a
 * file (xlsx, xls or csv), submitted in one call; each row's status becomes 'Success' (green) or the server's error
 * text (red), 'Remove Success' drops the saved rows and Reset clears the sheet.
 */
export interface SheetConfig<Answer = unknown> extends SheetExtras {
  kind: 'sheet';
  path: string;
  title: string;
  columns: readonly SheetColumn[];
  /** The status column's header (default 'Status'). */
  statusTitle?: string;
  /** What the scope lacks besides a company (see `FormConfig.scopeNeeds`): Submit toasts it and sends nothing. */
  scopeNeeds?(scope: Scope): string | undefined;
  maxRows: number;
  /** Empty rows always kept below the data. */
  spareRows: number;
  /**
   * The 'Please Refer Format' link: downloads a workbook with the headers and an example row, plus one sheet per
   * list of allowed values (e.g. the alert names).
   */
  format?: {
    label: string;
    fileName: string;
    example: Record<string, string>;
    lists?: readonly { name: string; values: readonly string[] }[];
  };
  submit: {
    endpoint: Endpoint;
    /** The call for the sheet's data rows (objects keyed by column, cell texts trimmed). */
    input: (rows: Record<string, string>[], ctx: ConfigContext) => CallInput;
    /** Per-row outcome, in the order of `rows`, from the call's answer; absent entries leave the status blank. */
    results(data: Answer | undefined): SheetRowResult[];
    /** Rows per call (default 200): a long sheet goes in a few calls, one after the other. */
    chunkSize?: number;
  };
  messages: {
    noCompany: string;
    empty: string;
    noDataRows: string;
    /** Toast when at least one row was saved, from the saved rows (the server's own message wins when it sends one). */
    success: (saved: Record<string, string>[], ctx: ConfigContext) => string;
    /** Toast when no row was saved (likewise). */
    failure: string;
  };
  /** A 'Back' button to this path (query string kept). */
  back?: string;
  /** Buttons beside Submit opening a modal on the rows before they are saved. */
  tools?: readonly SheetTool[];
}
