/**
 * Reading and writing spreadsheet files with SheetJS. An imported file is read in a Web Worker (parse.worker.ts)
 * that is stopped after a time limit; SheetJS loads on the page only to write the format workbook. `@e965/xlsx` is
 * SheetJS 0.20 as published on npm (the `xlsx` package there stopped at 0.18.5, before the fixes for prototype
 * pollution and a regular-expression DoS).
 */
import { checkFile, parseTable, type ParseLimits, type ParseOutcome } from './parseTable';
import type { ParseRequest } from './parse.worker';
import { SHEET_TEXT } from './sheetText';

/** Reads the file in a worker, stopping it after `timeoutMs`. */
function inWorker(bytes: ArrayBuffer, name: string, limits: ParseLimits, timeoutMs: number): Promise<ParseOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./parse.worker.ts', import.meta.url), { type: 'module' });
    const done = (outcome: ParseOutcome) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(outcome);
    };
    const timer = setTimeout(() => done({ ok: false, message: SHEET_TEXT.tooSlow }), timeoutMs);
    worker.onmessage = (event: MessageEvent<ParseOutcome>) => done(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      done({ ok: false, message: `${name} could not be read as a spreadsheet (${limits.types.join(', ')})` });
    };
    const request: ParseRequest = { bytes, name, limits };
    worker.postMessage(request, [bytes]);
  });
}

/**
 * The first worksheet of an imported file as rows of cell texts, or why it was refused: its type or size (checked
 * before reading), a damaged file, or a read over the time limit. Where there is no Worker (unit tests under
 * jsdom) it is read on the page, without the time limit.
 */
export async function readTable(file: File, limits: ParseLimits, timeoutMs: number): Promise<ParseOutcome> {
  const refusal = checkFile(file.name, file.size, limits);
  if (refusal) return { ok: false, message: refusal };
  const bytes = await file.arrayBuffer();
  if (typeof Worker !== 'undefined') return inWorker(bytes, file.name, limits, timeoutMs);
  const XLSX = await import('@e965/xlsx');
  return parseTable(XLSX, new Uint8Array(bytes), file.name, limits);
}

/** Saves a workbook of sheets (name, header row, rows) as `fileName` through the browser's download. */
export async function downloadWorkbook(
  fileName: string,
  sheets: readonly { name: string; rows: readonly (readonly string[])[] }[],
): Promise<void> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.utils.book_new();
  for (const { name, rows } of sheets)
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => [...row])), name);
  XLSX.writeFile(book, fileName);
}

/** Saves text as a file through the browser's download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
