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
 * Where a desk's own settings are kept (`desk:<e-mail>:<setting>`, e.g. its time zone): kept across logouts, so each
 * desk finds its choice again on this browser, and another desk on it does not inherit it.
 */
export const DESK_SETTING_PREFIX = 'desk:';

/** The local-storage key of a desk setting of the desk logged in (or last logged in) here. */
export const deskSettingKey = (setting: string) =>
  `${DESK_SETTING_PREFIX}${localStorage.getItem(STORAGE.userEmail) ?? ''}:${setting}`;

/**
 * Clears local storage, keeping only the keys named (the remembered e-mail on password expiry) and the desks'
 * settings.
 */
export function clearStorage(keep: string[] = []): void {
  const settings = Object.keys(localStorage).filter((key) => key.startsWith(DESK_SETTING_PREFIX));
  const kept = [...keep, ...settings].map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
