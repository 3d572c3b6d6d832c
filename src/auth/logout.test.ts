import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../engine/data/services';
import { authCalls } from '../../schemas/api/auth';
import { rememberedScope, rememberScope } from '../../engine/scope/remembered';
import { logout } from './logout';

describe('logout', () => {
  beforeEach(() => {
    localStorage.clear();
    setRuntimeConfig({});
    localStorage.setItem('token', 'login.token.here');
    localStorage.setItem('deskToken', 'desk.token.here');
    localStorage.setItem('userEmail', 'ops@demo.local');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server to revoke the desk token, then clears local storage', async () => {
    let storedDuringCall: string | null = null;
    const fetch = vi.fn(async () => {
      storedDuringCall = localStorage.getItem('deskToken');
      return new Response(JSON.stringify({ success: true, data: null, message: [] }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    await logout();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url, 'http://x').pathname).toBe(authCalls.logout.path);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer desk.token.here');
    // The token was still stored while the server was asked, and is gone after.
    expect(storedDuringCall).toBe('desk.token.here');
    expect(localStorage.length).toBe(0);
  });

  it("keeps each user's remembered company: the next session of the same user at this desk opens on it", async () => {
    rememberScope(localStorage, 'u1', { companyId: '1001', companyName: 'Tata Steel Limited', uID: '42' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await logout();
    expect(localStorage.getItem('deskToken')).toBeNull();
    expect(rememberedScope(localStorage, 'u1')).toEqual({ companyId: '1001', companyName: 'Tata Steel Limited' });
    expect(localStorage.length).toBe(1);
  });

  it('ends the session here even when the server refuses or cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, data: null, message: ['Unauthorized'] }), { status: 401 }),
      ),
    );
    await logout();
    expect(localStorage.length).toBe(0);

    localStorage.setItem('deskToken', 'desk.token.here');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await logout();
    expect(localStorage.length).toBe(0);
  });
});
