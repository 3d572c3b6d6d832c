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
 * Clears local storage, keeping only the keys named (the remembered e-mail on password expiry) and each user's
 * remembered scope (keyed by the user: the next session of the same user at this desk opens on it).
 */
export function clearStorage(keep: string[] = []): void {
  const remembered = Object.keys(localStorage).filter((key) => key.startsWith(REMEMBERED_PREFIX));
  const kept = [...keep, ...remembered].map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
