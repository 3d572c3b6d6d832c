import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { callEndpoint } from '../data/endpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ConfigContext, SheetConfig } from '../types';
import { dataRows, emptiness, fitTable, isSaved, successRows, SUCCESS, type Grid } from './sheetModel';
import { downloadWorkbook, readTable } from './workbook';

/** What the controller needs of the spreadsheet widget (jspreadsheet in the view, a plain array in tests). */
export interface SheetGrid {
  /** Every row, data cells then the status cell. */
  read(): Grid;
  /** Replaces the rows with `rows` (statuses blank). */
  load(rows: Grid): void;
  /** Writes a row's status: 'Success' shown green, anything else red, '' blank. */
  setStatus(index: number, text: string): void;
  /** Brings the status column into view (it is the last of many). */
  revealStatus?(): void;
  /** Removes rows (indices in descending order). */
  deleteRows(indices: readonly number[]): void;
  clear(): void;
}

/** The text shown when rows past the limit were left out. */
export const rowLimitText = (maxRows: number) => `The sheet holds at most ${maxRows} rows; the rows after row ${maxRows} were left out`;

/**
 * State and actions of a bulk sheet without UI: import a file, submit the data rows in one call and write each
 * row's status, remove the saved rows, reset. Nothing is sent when there is no company or no data.
 */
export function useSheetController(config: SheetConfig, grid: RefObject<SheetGrid | null>) {
  const [scope] = useScope();
  const params = useParams();
  const ctx: ConfigContext = useMemo(() => ({ scope, params }), [scope, params]);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(0);
  const statusColumn = config.columns.length;

  /** Counts the rows marked 'Success' (after a submit or an edit), which decides whether 'Remove Success' shows. */
  const recount = useCallback(() => setSaved(grid.current ? successRows(grid.current.read(), statusColumn).length : 0), [grid, statusColumn]);

  const importFile = useCallback(
    async (file: File) => {
      let table: string[][];
      try {
        table = await readTable(file);
      } catch {
        // A damaged or mislabelled file (readTable throws UnreadableFile, or SheetJS fails on it).
        feedback.error(`${file.name} could not be read as a spreadsheet (xlsx, xls or csv)`);
        return;
      }
      const fitted = fitTable(table, config.columns, config.maxRows);
      if (fitted.rows.length === 0) {
        feedback.error(config.messages.noDataRows);
        return;
      }
      grid.current?.load(fitted.rows);
      setSaved(0);
      if (fitted.dropped > 0) feedback.warning(rowLimitText(config.maxRows));
      if (fitted.ignored.length > 0) feedback.warning(`Not in the sheet, so left out: ${fitted.ignored.join(', ')}`);
    },
    [config, grid],
  );

  const submit = useCallback(async () => {
    const sheet = grid.current;
    if (!sheet) return;
    if (!scope.companyId) {
      feedback.error(config.messages.noCompany);
      return;
    }
    const cells = sheet.read();
    const why = emptiness(cells, config.columns);
    if (why) {
      feedback.error(config.messages[why]);
      return;
    }
    // Rows already saved stay as they are: sending them again would only report them as duplicates.
    const rows = dataRows(cells, config.columns).filter((row) => !isSaved(cells[row.index], statusColumn));
    if (rows.length === 0) {
      feedback.info('Every row is already saved; Remove Success clears them from the sheet');
      return;
    }
    setBusy(true);
    try {
      const result = await callEndpoint(config.submit.endpoint, { scope, ...config.submit.input(rows.map((r) => r.values), ctx) });
      if (!result.ok) {
        // Each message of a refusal is toasted by the HTTP layer; say something when there was none.
        if (result.messages.length === 0) feedback.error(config.messages.failure);
        return;
      }
      const outcomes = config.submit.results(result.data);
      rows.forEach((row, i) => {
        const outcome = outcomes[i];
        if (outcome) sheet.setStatus(row.index, outcome.ok ? SUCCESS : outcome.message);
      });
      sheet.revealStatus?.();
      const savedRows = rows.filter((_, i) => outcomes[i]?.ok).map((r) => r.values);
      if (savedRows.length > 0) {
        feedback.success(result.messages[0] ?? config.messages.success(savedRows, ctx));
        // Lists read before the upload (e.g. the alert settings) are stale now.
        await mutate(() => true);
      }
      else feedback.error(result.messages[0] ?? config.messages.failure);
      recount();
    } finally {
      setBusy(false);
    }
  }, [config, ctx, grid, mutate, recount, scope, statusColumn]);

  const removeSuccess = useCallback(() => {
    const sheet = grid.current;
    if (!sheet) return;
    sheet.deleteRows(successRows(sheet.read(), statusColumn));
    setSaved(0);
  }, [grid, statusColumn]);

  const reset = useCallback(() => {
    grid.current?.clear();
    setSaved(0);
  }, [grid]);

  const downloadFormat = useCallback(async () => {
    const format = config.format;
    if (!format) return;
    const header = config.columns.map((c) => c.title ?? c.key);
    await downloadWorkbook(format.fileName, [
      { name: 'Format', rows: [header, config.columns.map((c) => format.example[c.key] ?? '')] },
      ...(format.lists ?? []).map((list) => ({ name: list.name, rows: [[list.name], ...list.values.map((value) => [value])] })),
    ]);
  }, [config]);

  return { scope, busy, saved, recount, importFile, submit, removeSuccess, reset, downloadFormat };
}
