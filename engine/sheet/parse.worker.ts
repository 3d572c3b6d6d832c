/**
 * The Web Worker that reads an imported file (engine/sheet/workbook.ts starts it): SheetJS parses off the page's
 * thread, so a large or hostile file cannot freeze the console, and the page stops the worker after its time limit.
 */
import * as XLSX from '@e965/xlsx';
import { parseTable, type ParseLimits } from './parseTable';

/** The page's request: the file's bytes and name, and the limits to read it within. */
export interface ParseRequest {
  bytes: ArrayBuffer;
  name: string;
  limits: ParseLimits;
}

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const { bytes, name, limits } = event.data;
  self.postMessage(parseTable(XLSX, new Uint8Array(bytes), name, limits));
};
