import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_BASES } from '../../schemas/api/services';
import { configureHttp, http, withQuery } from './http';
import { callEndpoint, endpointQuery, fillPath } from './endpoint';
import { setRuntimeConfig } from './services';

const respond = (status: number, body?: unknown) =>
  vi.fn(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('HTTP helper (spec 000 section 7 semantics)', () => {
  const toasts: string[] = [];
  let unauthorized = 0;
  beforeEach(() => {
    toasts.length = 0;
    unauthorized = 0;
    localStorage.clear();
    setRuntimeConfig({});
    configureHttp({ notify: (m) => toasts.push(...m), unauthorized: () => (unauthorized += 1) });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('treats 200 to 400 as success and unwraps the envelope', async () => {
    vi.stubGlobal('fetch', respond(400, { success: true, data: [1], message: [] }));
    await expect(http({ path: '/x' })).resolves.toMatchObject({ ok: true, data: [1] });
    expect(toasts).toEqual([]);
  });

  it('returns nothing for 204 and 205', async () => {
    vi.stubGlobal('fetch', respond(204));
    await expect(http({ path: '/x', method: 'DELETE' })).resolves.toMatchObject({ ok: true, data: undefined });
  });

  it('returns failures instead of throwing and toasts every message', async () => {
    vi.stubGlobal(
      'fetch',
      respond(422, {
        success: false,
        data: null,
        message: ['Maximum 64 character allowed', 'Blank spaces not allowed'],
      }),
    );
    const result = await http({ path: '/x', method: 'POST', body: {} });
    expect(result).toMatchObject({
      ok: false,
      status: 422,
      messages: ['Maximum 64 character allowed', 'Blank spaces not allowed'],
    });
    expect(toasts).toEqual(['Maximum 64 character allowed', 'Blank spaces not allowed']);
  });

  it('an envelope with success false is a failure even with status 200', async () => {
    vi.stubGlobal('fetch', respond(200, { success: false, data: null, message: ['Consignors not found'] }));
    await expect(http({ path: '/x' })).resolves.toMatchObject({ ok: false });
    expect(toasts).toEqual(['Consignors not found']);
  });

  it('a data-family call refused in the main envelope (status 400) is a failure', async () => {
    vi.stubGlobal(
      'fetch',
      respond(400, { success: false, data: null, message: ['Auto closure type cannot be changed'] }),
    );
    await expect(
      http({ path: '/saas/data/autoclosure/createAndUpdateAutoClosure', method: 'POST', body: {}, envelope: 'data' }),
    ).resolves.toMatchObject({ ok: false });
    expect(toasts).toEqual(['Auto closure type cannot be changed']);
  });

  it('unwraps data-family answers and fails on result.status 0', async () => {
    vi.stubGlobal(
      'fetch',
      respond(200, { status: 'ok', result: { status: 1, data: [{ id: 'a1' }], message: 'done' } }),
    );
    await expect(http({ path: '/d', envelope: 'data' })).resolves.toMatchObject({
      ok: true,
      data: [{ id: 'a1' }],
      messages: ['done'],
    });
    vi.stubGlobal('fetch', respond(200, { status: 'ok', result: { status: 0, message: 'Dashboard is not updated' } }));
    await expect(http({ path: '/d', envelope: 'data' })).resolves.toMatchObject({ ok: false });
    expect(toasts).toEqual(['Dashboard is not updated']);
  });

  it("unwraps the notification service's {value} answers; its refusals keep their texts", async () => {
    vi.stubGlobal('fetch', respond(200, { value: [{ id: 1, name: 'trip.created', event_status: 'ONBOARDED' }] }));
    await expect(
      http({ path: '/notification/events', service: 'notification', envelope: 'value' }),
    ).resolves.toMatchObject({ ok: true, data: [{ id: 1, name: 'trip.created' }] });
    vi.stubGlobal('fetch', respond(500, { success: false, data: null, message: ['Event is already created'] }));
    await expect(
      http({ path: '/notification/save-event', method: 'POST', body: {}, envelope: 'value' }),
    ).resolves.toMatchObject({ ok: false, status: 500, messages: ['Event is already created'] });
    expect(toasts).toEqual(['Event is already created']);
  });

  it('a 401 asks the shell to check the session again; quiet calls toast nothing', async () => {
    vi.stubGlobal('fetch', respond(401, { success: false, data: null, message: ['Unauthorized'] }));
    await http({ path: '/x' }, { quiet: true });
    expect(unauthorized).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('a network failure is returned with a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(http({ path: '/x' })).resolves.toMatchObject({ ok: false, status: 0 });
    expect(toasts).toEqual(['Network error. Please check your connection']);
  });

  it("sends If-Match when told and returns the answer's ETag", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, data: { id: 't1' }, message: [] }), {
          status: 200,
          headers: { etag: '"4"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(http({ path: '/x', method: 'PATCH', body: {}, ifMatch: '"3"' })).resolves.toMatchObject({
      ok: true,
      etag: '"4"',
    });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).toMatchObject({ 'if-match': '"3"' });
    await http({ path: '/x' });
    const [, plain] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(plain.headers).not.toHaveProperty('if-match');
  });

  it('leaves a 412 to a conditional save to its caller, but toasts a 412 to any other call', async () => {
    vi.stubGlobal(
      'fetch',
      respond(412, {
        success: false,
        data: null,
        message: ['This record was changed by someone else. Reload it to see the changes.'],
      }),
    );
    const stale = await http({ path: '/x', method: 'POST', body: {}, ifMatch: '"3"' });
    expect(stale).toMatchObject({
      ok: false,
      status: 412,
      messages: ['This record was changed by someone else. Reload it to see the changes.'],
    });
    expect(toasts).toEqual([]);
    await http({ path: '/x', method: 'POST', body: {} });
    expect(toasts).toEqual(['This record was changed by someone else. Reload it to see the changes.']);
  });

  it('sends the desk token both as bearer and as the token header, on the service base URL', async () => {
    localStorage.setItem('deskToken', 'abc.def.ghi');
    setRuntimeConfig({ services: { ...SERVICE_BASES, transporters: '/tms' } });
    const fetch = respond(200, { success: true, data: null, message: [] });
    vi.stubGlobal('fetch', fetch);
    await callEndpoint(
      { service: 'transporters', method: 'PATCH', path: '/transporters/:id' },
      { params: { id: 't 1' }, scope: { companyId: '1001' }, body: { active: false } },
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/tms/transporters/t%201?c=1001');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer abc.def.ghi',
      token: 'abc.def.ghi',
      'content-type': 'application/json',
    });
    expect(init.body).toBe('{"active":false}');
  });
});

describe('endpoints', () => {
  it('builds the query from scope, fixed values and the caller, skipping empty values', () => {
    expect(
      endpointQuery(
        { path: '/f', query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } },
        { scope: { companyId: '1', companyType: 'TRANSPORTER', branchId: '3' }, query: { routeId: 'r' } },
      ),
    ).toEqual({ c: '1', b: '3', d: undefined, t: 'CONSIGNOR', pt: 'TRANSPORTER', routeId: 'r' });
    expect(endpointQuery({ path: '/s', scoped: false }, { scope: { companyId: '1' } })).toEqual({});
    expect(withQuery('/p', { a: 1, b: '', c: undefined, d: 'x y' })).toBe('/p?a=1&d=x+y');
  });

  it('a missing path parameter is a config error', () => {
    expect(() => fillPath('/transporters/:id', {})).toThrow('Missing path parameter "id" for /transporters/:id');
  });
});
