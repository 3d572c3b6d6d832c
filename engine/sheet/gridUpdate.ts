import type jspreadsheet from 'jspreadsheet-ce';
import type { Grid } from './sheetModel';

/** A cell to rewrite in place. */
export interface CellChange {
  x: number;
  y: number;
  value: string;
}

/**
 * How the grid goes from what it shows to `target` with the least redrawing: the same rows with some cells changed
 * (statuses written after a submit), some rows taken out (Remove Success), or, for anything else, every row anew.
 */
export type GridPlan = { kind: 'cells'; changes: CellChange[] } | { kind: 'keep'; rows: number[] } | { kind: 'all' };

const sameRow = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((cell, x) => cell === b[x]);

/** Plans {@link applyPlan}: `current` and `target` are whole grids (data cells, status cell, spare rows included). */
export function planUpdate(current: Grid, target: Grid): GridPlan {
  if (current.length === target.length) {
    if (target.some((row, y) => row.length !== current[y].length)) return { kind: 'all' };
    const changes: CellChange[] = [];
    target.forEach((row, y) => {
      row.forEach((value, x) => {
        if (value !== current[y][x]) changes.push({ x, y, value });
      });
    });
    return { kind: 'cells', changes };
  }
  if (target.length < current.length) {
    // Rows taken out: each target row is the next equal row of the grid (identical rows are interchangeable).
    const rows: number[] = [];
    let from = 0;
    for (const row of target) {
      while (from < current.length && !sameRow(current[from], row)) from++;
      if (from === current.length) return { kind: 'all' };
      rows.push(from++);
    }
    return { kind: 'keep', rows };
  }
  return { kind: 'all' };
}

const isRowArrays = (
  data: jspreadsheet.CellValue[][] | Record<string, jspreadsheet.CellValue>[],
): data is jspreadsheet.CellValue[][] => data.every((row) => Array.isArray(row));

/**
 * Rewrites the worksheet per `plan` without rebuilding its rows: the cells and rows left in place keep their
 * elements, so Chromium neither restyles them nor lays them out afresh (rebuilding 600 rows of 38 columns costs
 * hundreds of milliseconds). jspreadsheet's own deleteRow is slower still (it renumbers and measures per call).
 * `render` repaints a rewritten cell of a column drawn by a render function. Returns false for a plan of kind 'all'.
 */
export function applyPlan(
  sheet: jspreadsheet.WorksheetInstance,
  plan: GridPlan,
  render: (x: number, td: HTMLTableCellElement, value: string) => void,
): boolean {
  // The worksheet holds rows as arrays (SheetView gives it arrays only); rows by name would be drawn afresh.
  const data = sheet.options.data;
  if (plan.kind === 'all' || !data || !isRowArrays(data)) return false;
  sheet.resetSelection();
  if (plan.kind === 'cells') {
    for (const { x, y, value } of plan.changes) {
      const td = sheet.records[y][x].element;
      data[y][x] = value;
      td.textContent = value;
      // As jspreadsheet draws a long cell: wrapped rather than running under its neighbours.
      if (value.length > 200) td.style.whiteSpace = 'pre-wrap';
      render(x, td, value);
    }
  } else {
    const keep = new Set(plan.rows);
    sheet.rows.forEach((row, y) => {
      if (!keep.has(y)) row.element.remove();
    });
    sheet.options.data = plan.rows.map((y) => data[y]);
    sheet.records = plan.rows.map((y) => sheet.records[y]);
    sheet.rows = plan.rows.map((y) => sheet.rows[y]);
    // Rows below a removed one move up: their numbers and coordinates follow (jspreadsheet reads data-y on a click).
    sheet.rows.forEach((row, y) => {
      if (row.y === y) return;
      row.y = y;
      row.element.setAttribute('data-y', String(y));
      const label = row.element.firstElementChild;
      if (label) {
        label.textContent = String(y + 1);
        label.setAttribute('data-y', String(y));
      }
      for (const cell of sheet.records[y]) {
        cell.y = y;
        cell.element.setAttribute('data-y', String(y));
      }
    });
  }
  // Undo steps name rows by position: after a rewrite they would undo the wrong cells, as after setData.
  sheet.history = [];
  sheet.historyIndex = -1;
  return true;
}
