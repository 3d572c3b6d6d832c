import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, tooManyText, waitText } from './retryAfter';

describe('retryAfterSeconds', () => {
  it('reads a number of seconds', () => {
    expect(retryAfterSeconds('90')).toBe(90);
    expect(retryAfterSeconds(' 1 ')).toBe(1);
  });

  it('reads an HTTP date as the seconds left until it, rounded up', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(retryAfterSeconds('Sat, 01 Mar 2025 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('Sat, 01 Mar 2025 10:00:00 GMT', now - 500)).toBe(1);
  });

  it('is null when there is nothing to wait for or nothing readable', () => {
    const now = Date.parse('2025-03-01T10:00:00Z');
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds('')).toBeNull();
    expect(retryAfterSeconds('0')).toBeNull();
    expect(retryAfterSeconds('-5')).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds('Sat, 01 Mar 2025 09:59:00 GMT', now)).toBeNull();
  });
});

describe('waitText', () => {
  it('says seconds under a minute', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
    expect(waitText(59)).toBe('59 seconds');
    expect(waitText(0.2)).toBe('1 second');
  });

  it('says whole minutes from a minute up, rounded up so the operator never retries too early', () => {
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(4 * 60 * 60)).toBe('240 minutes');
  });
});

describe('tooManyText', () => {
  it('states the wait', () => {
    expect(tooManyText(600)).toBe('Too many requests. Try again in 10 minutes');
    expect(tooManyText(30)).toBe('Too many requests. Try again in 30 seconds');
  });
});
