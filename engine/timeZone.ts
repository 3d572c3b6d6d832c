import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_TIME_ZONE, isTimeZone, timeText } from '../schemas/time-format';
import { deskSettingKey } from './data/session';
import { storageWatch } from './data/storageWatch';

/** The views showing times, told when the desk's zone changes. */
const { watch, changed } = storageWatch();

/**
 * The zone this desk's times are shown and exported in: the one it picked in the header, else India's. Read when a
 * cell is written, so every formatter of the console (schemas/time-format.ts) takes it from here.
 */
export function deskTimeZone(): string {
  const picked = localStorage.getItem(deskSettingKey('timeZone'));
  return isTimeZone(picked) ? picked : DEFAULT_TIME_ZONE;
}

/**
 * The desk's zone, and a way to pick one (kept for this desk across reloads and logouts). A view that shows times
 * calls it so that it draws them again when the zone changes.
 */
export function useDeskTimeZone(): [string, (tz: string) => void] {
  const zone = useSyncExternalStore(watch, deskTimeZone, () => DEFAULT_TIME_ZONE);
  const pick = useCallback((next: string) => {
    if (!isTimeZone(next)) return;
    // Picking India's zone follows the default again (nothing is kept).
    if (next === DEFAULT_TIME_ZONE) localStorage.removeItem(deskSettingKey('timeZone'));
    else localStorage.setItem(deskSettingKey('timeZone'), next);
    changed();
  }, []);
  return [zone, pick];
}

/** A time in the desk's zone, its zone named: '29/11/2026 11:14 IST' ('' for no value). */
export const deskTime = (value: unknown): string => timeText(value, deskTimeZone());
