import { jwtDecode } from 'jwt-decode';
import dayjs from 'dayjs';
import { STORAGE, clearStorage } from '../../engine/data/session';
import type { PermissionMasks } from '../../schemas/permission-check';

/** Claims of the login token. */
export interface LoginClaims {
  sub: string;
  email: string;
  name: string;
  exp: number;
  /** Password-expiry date, YYYY-MM-DD. */
  pwd_exp: string;
}

/** Claims of the desk token: the user's permission masks. */
export interface DeskClaims {
  sub: string;
  exp: number;
  deskId?: string;
  masks: PermissionMasks;
}

/** Decodes a token, or null when it is not a JWT. */
export function decode<T>(token: string | null): T | null {
  if (!token) return null;
  try {
    return jwtDecode<T>(token);
  } catch {
    return null;
  }
}

/** Whether a token's `exp` (seconds) has passed. */
export function isExpired(claims: { exp?: number } | null, now = Date.now()): boolean {
  return !claims?.exp || claims.exp * 1000 <= now;
}

/** Whether the password expires today or earlier (calendar dates, spec 000 section 2.2). */
export function isPasswordExpired(pwdExp: string | undefined, today = dayjs()): boolean {
  if (!pwdExp) return false;
  return !dayjs(pwdExp).startOf('day').isAfter(today.startOf('day'));
}

/** Stores a login: both tokens, the decoded permissions, the user and the remembered e-mail. */
export function storeLogin(token: string, deskToken: string): void {
  const login = decode<LoginClaims>(token);
  const desk = decode<DeskClaims>(deskToken);
  localStorage.setItem(STORAGE.token, token);
  localStorage.setItem(STORAGE.deskToken, deskToken);
  localStorage.setItem(STORAGE.permissions, JSON.stringify(desk?.masks ?? null));
  if (login) {
    localStorage.setItem(STORAGE.user, JSON.stringify({ id: login.sub, name: login.name, email: login.email }));
    localStorage.setItem(STORAGE.userEmail, login.email);
    localStorage.setItem(
      STORAGE.timeLeftInDays,
      String(dayjs(login.pwd_exp).startOf('day').diff(dayjs().startOf('day'), 'day')),
    );
  }
}

/** The signed-in user's id (the login token's `sub`), or null when nobody is signed in here. */
export function signedInUser(): string | null {
  return decode<LoginClaims>(localStorage.getItem(STORAGE.token))?.sub ?? null;
}

/** On start: a stored token whose exp has passed clears local storage (spec 000 section 2.2). */
export function clearIfExpired(): void {
  const token = localStorage.getItem(STORAGE.token);
  if (token && isExpired(decode<LoginClaims>(token))) clearStorage();
}

/** Password expiry: storage cleared except the remembered e-mail, timeLeftInDays set to -1. */
export function expirePasswordSession(): void {
  clearStorage([STORAGE.userEmail]);
  localStorage.setItem(STORAGE.timeLeftInDays, '-1');
}
