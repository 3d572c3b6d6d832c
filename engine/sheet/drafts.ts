import { isRecord } from '../data/pick';
import type { Grid } from './sheetModel';

/** The storage a draft lives in (the browser's localStorage; a Map-backed one in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A draft's key: one per screen and company (no company: a draft of its own). */
export const draftKey = (path: string, companyId: string | undefined) => `lego.sheetDraft:${path}:${companyId ?? ''}`;

/** Version of the stored shape; a draft of another version is ignored. */
const VERSION = 1;

const isTextRow = (row: unknown): row is string[] =>
  Array.isArray(row) && row.every((cell) => typeof cell === 'string');

/** Saves the rows (data cells and status), trailing blank rows left out. False when storage refused (quota, disabled). */
export function saveDraft(storage: DraftStorage, key: string, grid: Grid): boolean {
  let end = grid.length;
  while (end > 0 && grid[end - 1].every((cell) => cell.trim() === '')) end--;
  try {
    storage.setItem(key, JSON.stringify({ v: VERSION, rows: grid.slice(0, end) }));
    return true;
  } catch {
    return false;
  }
}

/**
 * The rows of a saved draft, fitted to `width` cells (data and status) and at most `maxRows` rows, or null when
 * there is none or it is not one (edited by hand, another version): storage is input like any other.
 */
export function loadDraft(storage: DraftStorage, key: string, width: number, maxRows: number): Grid | null {
  let parsed: unknown;
  try {
    const text = storage.getItem(key);
    if (text === null) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const { v, rows } = parsed;
  if (v !== VERSION || !Array.isArray(rows) || rows.length === 0) return null;
  if (!rows.every(isTextRow)) return null;
  return rows.slice(0, maxRows).map((row) => Array.from({ length: width }, (_, x) => (row[x] ?? '').slice(0, 10_000)));
}

/** Forgets a draft (Reset); storage errors are ignored, as there is nothing left to lose. */
export function clearDraft(storage: DraftStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Storage disabled: there was no draft either.
  }
}
