import { useCallback, useSyncExternalStore } from 'react';
import { storageWatch } from '../engine/data/storageWatch';

/** Light or dark: the system's choice (its `prefers-color-scheme`) unless the operator picked one in the header. */
export type ColorScheme = 'light' | 'dark';

/** Where the operator's pick is kept (cleared with the rest of the storage at logout, back to the system's). */
const STORED = 'colorScheme';
const DARK = '(prefers-color-scheme: dark)';
/** The views following the pick, told when it changes. */
const stored = storageWatch();

const picked = (): ColorScheme | null => {
  const value = localStorage.getItem(STORED);
  return value === 'light' || value === 'dark' ? value : null;
};
const systemScheme = (): ColorScheme => (window.matchMedia?.(DARK).matches ? 'dark' : 'light');
const current = (): ColorScheme => picked() ?? systemScheme();

function watch(changed: () => void): () => void {
  const query = window.matchMedia?.(DARK);
  query?.addEventListener('change', changed);
  const unwatch = stored.watch(changed);
  return () => {
    query?.removeEventListener('change', changed);
    unwatch();
  };
}

/** The console's colour scheme, and a way to pick one (kept across reloads). */
export function useColorScheme(): [ColorScheme, (scheme: ColorScheme) => void] {
  const scheme = useSyncExternalStore(watch, current, () => 'light' as const);
  const pick = useCallback((next: ColorScheme) => {
    // Picking what the system says anyway follows the system again from then on.
    if (next === systemScheme()) localStorage.removeItem(STORED);
    else localStorage.setItem(STORED, next);
    stored.changed();
  }, []);
  return [scheme, pick];
}
