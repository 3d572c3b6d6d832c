import { afterEach, describe, expect, it, vi } from 'vitest';
import { authCalls } from '../../schemas/api/auth';
import { postAuth, refusalOf } from './authRequest';

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );

afterEach(() => vi.unstubAllGlobals());

describe('postAuth', () => {
  it('posts the body to the call and returns its data', async () => {
    const fetch = reply(200, { success: true, data: { token: 't', deskToken: 'd' }, message: [] });
    vi.stubGlobal('fetch', fetch);
    expect(await postAuth(authCalls.verifyCode, { identifier: 'a@b.in', code: '123456' })).toEqual({
      ok: true,
      data: { token: 't', deskToken: 'd' },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/auth\/otp\/verify$/);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ identifier: 'a@b.in', code: '123456' });
  });

  it('reads the wait of a 429 from Retry-After', async () => {
    vi.stubGlobal(
      'fetch',
      reply(
        429,
        { success: false, data: null, message: ['Too many requests. Please try again later'] },
        { 'retry-after': '540' },
      ),
    );
    expect(await postAuth(authCalls.requestCode, { identifier: 'a@b.in' })).toEqual({
      ok: false,
      status: 429,
      messages: ['Too many requests. Please try again later'],
      retryAfter: 540,
    });
  });

  it('has no wait for other refusals, and says so when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      reply(400, { success: false, data: null, message: ['Invalid or expired code'] }, { 'retry-after': '5' }),
    );
    expect(await postAuth(authCalls.verifyCode, {})).toMatchObject({
      ok: false,
      status: 400,
      messages: ['Invalid or expired code'],
      retryAfter: null,
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await postAuth(authCalls.verifyCode, {})).toMatchObject({
      ok: false,
      status: 0,
      messages: ['Network error. Please check your connection'],
    });
  });
});

describe('refusalOf', () => {
  it('states the wait instead of "try again later"', () => {
    expect(
      refusalOf({ ok: false, status: 429, messages: ['Too many requests. Please try again later'], retryAfter: 600 }),
    ).toEqual({ title: 'Too many requests. Try again in 10 minutes', description: undefined });
    expect(
      refusalOf({ ok: false, status: 429, messages: ['Too many requests. Please try again later'], retryAfter: 42 })
        .title,
    ).toBe('Too many requests. Try again in 42 seconds');
  });

  it("keeps the account lock-out's own text under the wait", () => {
    const locked = 'Too many wrong codes for this account. Please wait, then request a new code';
    expect(refusalOf({ ok: false, status: 429, messages: [locked], retryAfter: 120 })).toEqual({
      title: 'Too many requests. Try again in 2 minutes',
      description: locked,
    });
  });

  it("shows the server's texts when there is no wait to state", () => {
    expect(
      refusalOf({
        ok: false,
        status: 429,
        messages: ['Too many code requests. Try again in 10 minutes'],
        retryAfter: null,
      }),
    ).toEqual({ title: 'Too many code requests. Try again in 10 minutes' });
    expect(refusalOf({ ok: false, status: 400, messages: ['Invalid or expired code'], retryAfter: null })).toEqual({
      title: 'Invalid or expired code',
    });
  });
});
