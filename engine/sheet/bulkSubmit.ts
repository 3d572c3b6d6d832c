import type { SheetRowResult } from './types';
import type { IndexedRow } from './processors';
import { SUCCESS } from './sheetModel';

/** Rows per call when a sheet does not say: the largest sheet (600 rows) goes in three calls. */
export const DEFAULT_CHUNK = 200;

/** One call's answer as the sender sees it: each row's outcome and the server's message, or a refused call. */
export type ChunkAnswer = { ok: true; outcomes: SheetRowResult[]; message?: string } | { ok: false; message?: string };

/** What the calls made of the rows: each row's status text by grid index, the saved rows, and the server's messages. */
export interface BulkOutcome {
  statuses: Map<number, string>;
  saved: IndexedRow[];
  messages: string[];
  /** A call was refused as a whole (with the server's text, if any): the rows after it were not sent, their status stays blank. */
  refused?: { message?: string };
}

/**
 * Sends the rows in calls of `chunkSize`, one after the other, and maps each answer back to its rows: 'Success' or
 * the row's own error. A call refused as a whole marks its rows with the refusal's text (or `failure`) and stops,
 * so a server that is down gets one call, not one per chunk.
 */
export async function sendInChunks(
  rows: readonly IndexedRow[],
  chunkSize: number,
  failure: string,
  send: (chunk: IndexedRow[]) => Promise<ChunkAnswer>,
  /** Told how many rows have been answered so far, after each call. */
  onProgress?: (answered: number) => void,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { statuses: new Map(), saved: [], messages: [] };
  const size = Math.max(1, Math.floor(chunkSize));
  for (let start = 0; start < rows.length; start += size) {
    const chunk = rows.slice(start, start + size);
    const answer = await send(chunk);
    if (!answer.ok) {
      for (const row of chunk) outcome.statuses.set(row.index, answer.message ?? failure);
      outcome.refused = { message: answer.message };
      break;
    }
    if (answer.message) outcome.messages.push(answer.message);
    chunk.forEach((row, i) => {
      const result = answer.outcomes[i];
      if (!result) return;
      outcome.statuses.set(row.index, result.ok ? SUCCESS : result.message);
      if (result.ok) outcome.saved.push(row);
    });
    onProgress?.(start + chunk.length);
  }
  return outcome;
}
