import type { SheetColumn } from './types';

/** A grid as the sheet holds it: rows of cell texts, data columns first, the status cell last. */
export type Grid = string[][];

/** The status cell's text of a saved row (spec: 'Success' in green; anything else is an error, in red). */
export const SUCCESS = 'Success';

const squash = (text: string) => text.toLowerCase().replace(/[\s_\-.]/g, '');

/** Cell values to trimmed text (numbers and booleans from a workbook included). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).trim();
}

/** Whether a row holds anything in its data columns. */
export function hasData(row: readonly unknown[], width: number): boolean {
  return row.slice(0, width).some((cell) => cellText(cell) !== '');
}

/** Whether a row is the sheet's own header: at least two of its cells name columns (other cells may be unknown headers). */
export function isHeaderRow(row: readonly unknown[], columns: readonly SheetColumn[]): boolean {
  const names = new Set(columns.flatMap((c) => [squash(c.key), squash(c.title ?? c.key)]));
  return row.map(cellText).filter((cell) => cell && names.has(squash(cell))).length >= Math.min(2, columns.length);
}

/**
 * What an imported table becomes: rows in the sheet's column order, whether it had a header, how many rows were
 * cut at the limit, and the file's columns the sheet does not have (their headers, or their positions).
 */
export interface Fitted {
  rows: Grid;
  header: boolean;
  dropped: number;
  ignored: string[];
}

/**
 * Fits a table read from a file to the sheet: a first row naming the columns maps them by name (in any order),
 * otherwise cells are taken in order. Blank rows are dropped and at most `maxRows` rows are kept.
 */
export function fitTable(
  table: readonly (readonly unknown[])[],
  columns: readonly SheetColumn[],
  maxRows: number,
): Fitted {
  const header = table.length > 0 && isHeaderRow(table[0], columns);
  // Without a header, the file's cells fill the visible columns in order; hidden ones are the processors' to fill.
  const visible = columns.filter((c) => !c.hidden).length;
  let shown = 0;
  let order = columns.map((c) => (c.hidden ? -1 : shown++));
  let ignored: string[] = [];
  if (header) {
    const position = new Map(table[0].map((cell, i) => [squash(cellText(cell)), i]));
    order = columns.map((c) => position.get(squash(c.key)) ?? position.get(squash(c.title ?? c.key)) ?? -1);
    ignored = table[0].map(cellText).filter((name, i) => name !== '' && !order.includes(i));
  }
  const body = (header ? table.slice(1) : table).filter((row) => row.some((cell) => cellText(cell) !== ''));
  if (!header) {
    const extra = body.filter((row) => row.slice(visible).some((cell) => cellText(cell) !== '')).length;
    if (extra > 0) ignored = [`the cells after column ${visible}`];
  }
  const rows = body
    .map((row) => order.map((i) => (i < 0 ? '' : cellText(row[i]))))
    .filter((row) => hasData(row, columns.length));
  return { rows: rows.slice(0, maxRows), header, dropped: Math.max(0, rows.length - maxRows), ignored };
}

/** Data rows of the grid, with their grid index, each as an object keyed by column (a leading header row is skipped). */
export function dataRows(
  grid: Grid,
  columns: readonly SheetColumn[],
): { index: number; values: Record<string, string> }[] {
  return grid.flatMap((row, index) => {
    if (!hasData(row, columns.length) || (index === 0 && isHeaderRow(row, columns))) return [];
    return [{ index, values: Object.fromEntries(columns.map((c, x) => [c.key, cellText(row[x])])) }];
  });
}

/** Why a grid cannot be submitted, if it cannot: nothing at all, or only a header row. */
export function emptiness(grid: Grid, columns: readonly SheetColumn[]): 'empty' | 'noDataRows' | null {
  if (!grid.some((row) => hasData(row, columns.length))) return 'empty';
  return dataRows(grid, columns).length === 0 ? 'noDataRows' : null;
}

/** Whether a grid row is marked saved. */
export const isSaved = (row: readonly unknown[], statusColumn: number) => cellText(row[statusColumn]) === SUCCESS;

/** Grid indices of the rows whose status is {@link SUCCESS}, last first (the order to delete them in). */
export function successRows(grid: Grid, statusColumn: number): number[] {
  return grid.flatMap((row, index) => (isSaved(row, statusColumn) ? [index] : [])).reverse();
}

/** The grid without its saved rows: what 'Remove Success' leaves, in one pass (the view replaces its data once). */
export function withoutSaved(grid: Grid, statusColumn: number): Grid {
  return grid.filter((row) => !isSaved(row, statusColumn));
}
