import type { SheetColumn } from '../types';

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

/** Whether a row is the sheet's own header: at least two cells name columns, and at least half of its cells do. */
export function isHeaderRow(row: readonly unknown[], columns: readonly SheetColumn[]): boolean {
  const names = new Set(columns.flatMap((c) => [squash(c.key), squash(c.title ?? c.key)]));
  const cells = row.map(cellText).filter(Boolean);
  const named = cells.filter((cell) => names.has(squash(cell))).length;
  return named >= Math.min(2, columns.length) && named * 2 >= cells.length;
}

/** What an imported table becomes: rows in the sheet's column order, whether it had a header, how many rows were cut. */
export interface Fitted {
  rows: Grid;
  header: boolean;
  dropped: number;
}

/**
 * Fits a table read from a file (or pasted) to the sheet: a first row naming the columns maps them by name (in
 * any order; unknown headers are ignored), otherwise cells are taken in order. Blank rows are dropped and at most
 * `maxRows` rows are kept.
 */
export function fitTable(table: readonly (readonly unknown[])[], columns: readonly SheetColumn[], maxRows: number): Fitted {
  const header = table.length > 0 && isHeaderRow(table[0], columns);
  let order = columns.map((_, i) => i);
  if (header) {
    const position = new Map(table[0].map((cell, i) => [squash(cellText(cell)), i]));
    order = columns.map((c) => position.get(squash(c.key)) ?? position.get(squash(c.title ?? c.key)) ?? -1);
  }
  const body = (header ? table.slice(1) : table)
    .map((row) => order.map((i) => (i < 0 ? '' : cellText(row[i]))))
    .filter((row) => hasData(row, columns.length));
  return { rows: body.slice(0, maxRows), header, dropped: Math.max(0, body.length - maxRows) };
}

/** Data rows of the grid, with their grid index, each as an object keyed by column (a leading header row is skipped). */
export function dataRows(grid: Grid, columns: readonly SheetColumn[]): { index: number; values: Record<string, string> }[] {
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

/** Grid indices of the rows whose status is {@link SUCCESS}, last first (the order to delete them in). */
export function successRows(grid: Grid, statusColumn: number): number[] {
  return grid.flatMap((row, index) => (cellText(row[statusColumn]) === SUCCESS ? [index] : [])).reverse();
}
