import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearStorage, STORAGE } from './data/session';
import { deskTime, deskTimeZone, useDeskTimeZone } from './timeZone';

const AT = Date.parse('2026-11-29T05:44:45Z');

describe("the desk's time zone", () => {
  afterEach(() => localStorage.clear());

  it("is India's until the desk picks another, which its times then show; a logout keeps it for that desk only", () => {
    localStorage.setItem(STORAGE.userEmail, 'ops@demo.local');
    expect(deskTimeZone()).toBe('Asia/Kolkata');
    expect(deskTime(AT)).toBe('29/11/2026 11:14 IST');
    const { result } = renderHook(() => useDeskTimeZone());
    act(() => result.current[1]('UTC'));
    expect(result.current[0]).toBe('UTC');
    expect(deskTime(AT)).toBe('29/11/2026 05:44 UTC');
    // A zone the runtime does not know changes nothing.
    act(() => result.current[1]('Mars/Olympus'));
    expect(result.current[0]).toBe('UTC');

    clearStorage();
    localStorage.setItem(STORAGE.userEmail, 'ops@demo.local');
    expect(deskTimeZone()).toBe('UTC');
    localStorage.setItem(STORAGE.userEmail, 'ops2@demo.local');
    expect(deskTimeZone()).toBe('Asia/Kolkata');

    // Picking India's zone again keeps nothing.
    localStorage.setItem(STORAGE.userEmail, 'ops@demo.local');
    act(() => result.current[1]('Asia/Kolkata'));
    expect(Object.keys(localStorage)).toEqual([STORAGE.userEmail]);
  });
});
