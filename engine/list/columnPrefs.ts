import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { deskSettingKey } from '../data/session';
import { storageWatch } from '../data/storageWatch';

/**
 * How an operator has laid out a list's columns on this desk: the columns hidden and the widths dragged, by column
 * field. Kept in the browser's storage under the desk and the list's screen, across the desk's logouts (as its time
 * zone is), and not seen by another desk on the same browser.
 */
export interface ColumnPrefs {
  hidden: string[];
  widths: Record<string, number>;
}

/** The narrowest and widest a dragged column may be, in pixels. */
export const COLUMN_WIDTH = { min: 60, max: 800 } as const;

const NONE: ColumnPrefs = { hidden: [], widths: {} };

/** Where a screen's column layout is kept: a setting of the desk, kept across its logouts (engine/data/session.ts). */
export const columnPrefsKey = (screen: string) => deskSettingKey(`listColumns:${screen}`);

/** The browser's local storage, or nothing where it is disabled (reading `localStorage` itself may throw). */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A width as kept: a whole number of pixels within {@link COLUMN_WIDTH}. */
export const keptWidth = (width: number) => Math.round(Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, width)));

/** The layout in a stored text; anything else (none, a text edited by hand, an older shape) is no layout. */
export function parseColumnPrefs(text: string | null): ColumnPrefs {
  if (!text) return NONE;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return NONE;
    const hidden = 'hidden' in value && Array.isArray(value.hidden) ? value.hidden : [];
    const widths = 'widths' in value && typeof value.widths === 'object' && value.widths ? value.widths : {};
    return {
      hidden: hidden.filter((field): field is string => typeof field === 'string'),
      widths: Object.fromEntries(
        Object.entries(widths).flatMap(([field, width]) =>
          typeof width === 'number' && Number.isFinite(width) ? [[field, keptWidth(width)]] : [],
        ),
      ),
    };
  } catch {
    return NONE;
  }
}

/** The lists showing a layout, told when one changes. */
const { watch, changed } = storageWatch();
/** The last layout read of each key, with its text: the same object while the text stays (React's snapshot rule). */
const read = new Map<string, { text: string | null; prefs: ColumnPrefs }>();

/** The layout kept for a screen. */
export function readColumnPrefs(screen: string): ColumnPrefs {
  const key = columnPrefsKey(screen);
  const text = storage()?.getItem(key) ?? null;
  const last = read.get(key);
  if (last && last.text === text) return last.prefs;
  const prefs = parseColumnPrefs(text);
  read.set(key, { text, prefs });
  return prefs;
}

/** Keeps a screen's layout (none: forgets it, back to the list's own), and tells the lists showing it. */
export function writeColumnPrefs(screen: string, prefs: ColumnPrefs): void {
  const kept = storage();
  const empty = prefs.hidden.length === 0 && Object.keys(prefs.widths).length === 0;
  try {
    if (empty) kept?.removeItem(columnPrefsKey(screen));
    else kept?.setItem(columnPrefsKey(screen), JSON.stringify(prefs));
  } catch {
    // A full or refused storage: the layout lasts until the page is left.
  }
  changed();
}

/**
 * A list's column layout on this desk, and how to change it: show or hide a column, set a column's width, or go back
 * to the list's own layout. Every list of the screen (and other tabs) follows.
 */
export function useColumnPrefs(screen: string) {
  const prefs = useSyncExternalStore(
    watch,
    () => readColumnPrefs(screen),
    () => NONE,
  );
  const show = useCallback(
    (field: string, shown: boolean) => {
      const now = readColumnPrefs(screen);
      const hidden = now.hidden.filter((other) => other !== field);
      writeColumnPrefs(screen, { ...now, hidden: shown ? hidden : [...hidden, field] });
    },
    [screen],
  );
  const resize = useCallback(
    (field: string, width: number) => {
      const now = readColumnPrefs(screen);
      writeColumnPrefs(screen, { ...now, widths: { ...now.widths, [field]: keptWidth(width) } });
    },
    [screen],
  );
  const reset = useCallback(() => writeColumnPrefs(screen, NONE), [screen]);
  return useMemo(() => ({ prefs, show, resize, reset }), [prefs, show, resize, reset]);
}
