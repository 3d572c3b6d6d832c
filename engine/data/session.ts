import { REMEMBERED_PREFIX } from '../scope/remembered';

/** Local-storage keys of the session, as the spec names them. */
export const STORAGE = {
  token: 'token',
  deskToken: 'deskToken',
  permissions: 'permissions',
  user: 'user',
  userEmail: 'userEmail',
  timeLeftInDays: 'timeLeftInDays',
} as const;

/** The desk token the API calls carry, or null when logged out. */
export function deskToken(): string | null {
  return localStorage.getItem(STORAGE.deskToken);
}

/**
/**
 * Where a desk's own settings are kept (`desk:<e-mail>:<setting>`, e.g. its time zone): kept across logouts, so each
 * desk finds its choice again on this browser, and another desk on it does not inherit it.
 */
export const DESK_SETTING_PREFIX = 'desk:';

/** The local-storage key of a desk setting of the desk logged in (or last logged in) here. */
export const deskSettingKey = (setting: string) =>
  `${DESK_SETTING_PREFIX}${localStorage.getItem(STORAGE.userEmail) ?? ''}:${setting}`;

/**
 * Clears local storage, keeping only the keys named (the remembered e-mail on password expiry), the desks' settings
 * and each user's remembered scope (keyed by the user: the next session of the same user at this desk opens on it).
 */
export function clearStorage(keep: string[] = []): void {
  const kept = [
    ...keep,
    ...Object.keys(localStorage).filter(
      (key) => key.startsWith(DESK_SETTING_PREFIX) || key.startsWith(REMEMBERED_PREFIX),
    ),
  ].map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
