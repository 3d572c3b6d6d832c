import { useCallback, useMemo, useState, type RefObject } from 'react';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { callEndpoint } from '../data/endpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ConfigContext } from '../types';
import type { SheetConfig, SheetToolRow } from './types';
import { DEFAULT_CHUNK, sendInChunks } from './bulkSubmit';
import { toCsv } from './csvExport';
import { clearDraft, draftKey, loadDraft, saveDraft, type DraftStorage } from './drafts';
import { parseLimits } from './parseTable';
import { runProcessors } from './processors';
import { FILE_DEFAULTS } from '../sheetConfig';
import { dataRows, emptiness, fitTable, hasData, isSaved, successRows, withoutSaved, type Grid } from './sheetModel';
import { SHEET_TEXT, partlySaved } from './sheetText';
import { downloadText, downloadWorkbook, readTable } from './workbook';

/** What the controller needs of the spreadsheet widget (jspreadsheet in the view, a plain array in tests). */
export interface SheetGrid {
  /** Every row, data cells then the status cell. */
  read(): Grid;
  /**
   * Replaces every row at once (data cells then the status cell; spare rows are the grid's to add). Every change
   * of many rows goes through here, so the widget redraws once, not once per row.
   */
  replace(rows: Grid): void;
  /** Makes the grid read-only (no typing, pasting, inserting or deleting rows) while true. */
  lock?(locked: boolean): void;
  /** Brings the status column into view (it is the last of many). */
  revealStatus?(): void;
}

/** The text shown when rows past the limit were left out. */
export const rowLimitText = (maxRows: number) =>
  `The sheet holds at most ${maxRows} rows; the rows after row ${maxRows} were left out`;

/** The browser's local storage, or nothing where it is disabled (reading `localStorage` itself may throw). */
function browserStorage(): DraftStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * State and actions of a bulk sheet without UI: import a file (read in a worker, within the sheet's limits), run
 * the row processors and submit the rows not yet saved in a few bulk calls, write each row's status, remove the
 * saved rows, drafts, CSV export, reset. Nothing is sent when there is no company or no data.
 */
export function useSheetController(
  config: SheetConfig,
  grid: RefObject<SheetGrid | null>,
  storage: DraftStorage | null = browserStorage(),
) {
  const [scope] = useScope();
  const params = useParams();
  const ctx: ConfigContext = useMemo(() => ({ scope, params }), [scope, params]);
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(0);
  /** While a submit runs: the rows answered so far, of those it sends. */
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const statusColumn = config.columns.length;
  const draft = config.draft ? draftKey(config.path, scope.companyId) : null;

  /** Counts the rows marked 'Success' (after a submit or an edit), which decides whether 'Remove Success' shows. */
  const recount = useCallback(
    () => setSaved(grid.current ? successRows(grid.current.read(), statusColumn).length : 0),
    [grid, statusColumn],
  );

  /** Puts rows (data cells, statuses blank) in the sheet. */
  const load = useCallback(
    (rows: Grid) => grid.current?.replace(rows.map((row) => [...row.slice(0, statusColumn), ''])),
    [grid, statusColumn],
  );

  const importFile = useCallback(
    async (file: File) => {
      const outcome = await readTable(
        file,
        parseLimits(config.files, config.maxRows),
        config.files?.timeoutMs ?? FILE_DEFAULTS.timeoutMs,
      );
      if (!outcome.ok) {
        feedback.error(outcome.message);
        return;
      }
      const fitted = fitTable(outcome.rows, config.columns, config.maxRows);
      if (fitted.rows.length === 0) {
        feedback.error(config.messages.noDataRows);
        return;
      }
      load(fitted.rows);
      setSaved(0);
      if (fitted.dropped > 0 || outcome.truncated) feedback.warning(rowLimitText(config.maxRows));
      if (fitted.ignored.length > 0) feedback.warning(`Not in the sheet, so left out: ${fitted.ignored.join(', ')}`);
    },
    [config, load],
  );

  /**
   * The rows a sheet tool works on (a preview of what Submit would send): the data rows not yet saved, each with its
   * row number as the sheet shows it; or nothing, with the reason toasted as Submit would (no company, no data).
   */
  const toolRows = useCallback((): SheetToolRow[] | null => {
    const cells = grid.current?.read();
    if (!cells) return null;
    const why = emptiness(cells, config.columns);
    const refusal = !scope.companyId
      ? config.messages.noCompany
      : (config.scopeNeeds?.(scope) ?? (why ? config.messages[why] : undefined));
    if (refusal) {
      feedback.error(refusal);
      return null;
    }
    return dataRows(cells, config.columns)
      .filter((row) => !isSaved(cells[row.index], statusColumn))
      .map((row) => ({ row: row.index + 1, values: row.values }));
  }, [config, grid, scope, statusColumn]);

  const submit = useCallback(async () => {
    const sheet = grid.current;
    if (!sheet) return;
    if (!scope.companyId) {
      feedback.error(config.messages.noCompany);
      return;
    }
    const needs = config.scopeNeeds?.(scope);
    if (needs) {
      feedback.error(needs);
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
    setProgress({ done: 0, total: rows.length });
    // The sheet stays as it was sent until the answers are written back by row: an edit meanwhile would be marked
    // saved without having been sent, and an inserted or deleted row would shift every status below it.
    sheet.lock?.(true);
    try {
      const { ready, refused } = await runProcessors(rows, config.processors ?? [], ctx);
      // Rows the processors refused are answered already (their status says why).
      setProgress({ done: refused.length, total: rows.length });
      const outcome = await sendInChunks(
        ready,
        config.submit.chunkSize ?? DEFAULT_CHUNK,
        config.messages.failure,
        async (chunk) => {
          const result = await callEndpoint(config.submit.endpoint, {
            scope,
            ...config.submit.input(
              chunk.map((r) => ({ ...r.values })),
              ctx,
            ),
          });
          // Each message of a refusal is toasted by the HTTP layer; the rows say it too.
          if (!result.ok) return { ok: false, message: result.messages[0] };
          return { ok: true, outcomes: config.submit.results(result.data), message: result.messages[0] };
        },
        (answered) => setProgress({ done: refused.length + answered, total: rows.length }),
      );
      // One write for the whole sheet: what the processors filled, never over what the operator typed (a date stays
      // DD/MM/YYYY), then each row's status. Hidden columns take it on every row (each submit works them out again);
      // cells left blank (a geocoded address, coordinates) only on saved rows, which are never sent again: on a row
      // the operator corrects and sends again, a filled cell would pass for typed input.
      const next = sheet.read().map((row) => [...row]);
      const savedRows = new Set(outcome.saved.map((row) => row.index));
      for (const row of ready) {
        config.columns.forEach((c, x) => {
          if (c.hidden || (savedRows.has(row.index) && next[row.index][x].trim() === ''))
            next[row.index][x] = row.values[c.key] ?? '';
        });
      }
      for (const { index, error } of refused) next[index][statusColumn] = error;
      for (const [index, text] of outcome.statuses) next[index][statusColumn] = text;
      sheet.replace(next);
      sheet.revealStatus?.();
      const failed = rows.length - outcome.saved.length;
      if (outcome.saved.length > 0) {
        // The server's own words name what it saved; the spec's success text is for a sheet saved whole, and a sheet
        // saved in part says how much was and was not.
        const single = outcome.messages.length === 1 && !outcome.refused ? outcome.messages[0] : undefined;
        if (single) feedback.success(single);
        else if (failed === 0)
          feedback.success(
            config.messages.success(
              outcome.saved.map((r) => ({ ...r.values })),
              ctx,
            ),
          );
        if (failed > 0) feedback.warning(partlySaved(outcome.saved.length, failed));
        // Lists read before the upload (e.g. the alert settings) are stale now.
        await mutate(() => true);
      } else if (!outcome.refused?.message) {
        // A refused call's own messages were toasted by the HTTP layer already.
        feedback.error(outcome.messages[0] ?? config.messages.failure);
      }
      recount();
    } finally {
      sheet.lock?.(false);
      setBusy(false);
      setProgress(null);
    }
  }, [config, ctx, grid, mutate, recount, scope, statusColumn]);

  const removeSuccess = useCallback(() => {
    const sheet = grid.current;
    if (!sheet) return;
    sheet.replace(withoutSaved(sheet.read(), statusColumn));
    setSaved(0);
  }, [grid, statusColumn]);

  const reset = useCallback(() => {
    grid.current?.replace([]);
    if (draft && storage) clearDraft(storage, draft);
    setSaved(0);
  }, [draft, grid, storage]);

  const saveDraftNow = useCallback(() => {
    const sheet = grid.current;
    if (!sheet || !draft) return;
    if (storage && saveDraft(storage, draft, sheet.read())) feedback.success(SHEET_TEXT.draftSaved);
    else feedback.error(SHEET_TEXT.draftFailed);
  }, [draft, grid, storage]);

  /** Puts the company's draft in the sheet, unless the sheet already holds data (typed rows are never replaced). */
  const restoreDraft = useCallback(() => {
    const sheet = grid.current;
    if (!sheet || !draft || !storage) return;
    if (sheet.read().some((row) => hasData(row, statusColumn))) return;
    const rows = loadDraft(storage, draft, statusColumn + 1, config.maxRows);
    if (!rows) return;
    sheet.replace(rows);
    recount();
  }, [config.maxRows, draft, grid, recount, statusColumn, storage]);

  const exportCsv = useCallback(() => {
    const sheet = grid.current;
    if (!sheet || !config.export) return;
    const keys = config.export.columns ?? config.columns.filter((c) => !c.hidden).map((c) => c.key);
    const titles = keys.map((key) => config.columns.find((c) => c.key === key)?.title ?? key);
    const rows = dataRows(sheet.read(), config.columns).map((row) => keys.map((key) => row.values[key] ?? ''));
    downloadText(config.export.fileName, toCsv(titles, rows));
  }, [config, grid]);

  const downloadFormat = useCallback(async () => {
    const format = config.format;
    if (!format) return;
    const visible = config.columns.filter((c) => !c.hidden);
    await downloadWorkbook(format.fileName, [
      { name: 'Format', rows: [visible.map((c) => c.title ?? c.key), visible.map((c) => format.example[c.key] ?? '')] },
      ...(format.lists ?? []).map((list) => ({
        name: list.name,
        rows: [[list.name], ...list.values.map((value) => [value])],
      })),
    ]);
  }, [config]);

  return {
    scope,
    busy,
    progress,
    saved,
    recount,
    importFile,
    submit,
    toolRows,
    ctx,
    removeSuccess,
    reset,
    saveDraft: saveDraftNow,
    restoreDraft,
    exportCsv,
    downloadFormat,
  };
}
