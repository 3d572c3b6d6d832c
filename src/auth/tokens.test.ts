import { describe, expect, it, beforeEach } from 'vitest';
import dayjs from 'dayjs';
import { clearIfExpired, expirePasswordSession, isExpired, isPasswordExpired, storeLogin } from './tokens';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

describe('tokens', () => {
  beforeEach(() => localStorage.clear());

  it('exp is in seconds', () => {
    expect(isExpired({ exp: Math.floor(Date.now() / 1000) + 60 })).toBe(false);
    expect(isExpired({ exp: Math.floor(Date.now() / 1000) - 1 })).toBe(true);
    expect(isExpired(null)).toBe(true);
  });

  it('password expiry compares calendar dates: today counts as expired', () => {
    const today = dayjs('2026-11-21T18:00:00');
    expect(isPasswordExpired('2026-11-21', today)).toBe(true);
    expect(isPasswordExpired('2026-11-20', today)).toBe(true);
    expect(isPasswordExpired('2026-11-22', today)).toBe(false);
  });

  it('an expired stored token clears storage on start', () => {
    storeLogin(
      jwt({ sub: 'u', email: 'ops@demo.local', name: 'Priya', exp: 1, pwd_exp: '2099-01-01' }),
      jwt({ exp: 1, masks: { read: '1' } }),
    );
    expect(localStorage.getItem('userEmail')).toBe('ops@demo.local');
    clearIfExpired();
    expect(localStorage.length).toBe(0);
  });

  it('password expiry keeps only the remembered e-mail and sets timeLeftInDays to -1', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    storeLogin(
      jwt({ sub: 'u', email: 'expired@demo.local', name: 'E', exp, pwd_exp: '2020-01-01' }),
      jwt({ exp, masks: { read: '1' } }),
    );
    expirePasswordSession();
    expect(localStorage.getItem('userEmail')).toBe('expired@demo.local');
    expect(localStorage.getItem('timeLeftInDays')).toBe('-1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('deskToken')).toBeNull();
  });
});
