import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { BACKENDS, bootFresh, latestCode, type TestApp } from './helper';


describe.each(BACKENDS)('one-time code login on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootFresh(backend);
  });
  afterAll(() => t?.close());

  it('logs in with the code from the outbox and hands out both tokens', async () => {
    const requested = await t.call('POST', '/auth/otp/request', { identifier: 'OPS@demo.local' });
    expect(requested).toMatchObject({ status: 200, body: { success: true, data: null, message: [] } });
    const code = await latestCode(t.call, 'ops@demo.local');
    const verified = await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code });
    expect(verified.status).toBe(200);
    const { token, deskToken, user } = verified.body.data;
    expect(user).toEqual({ id: 'usr_ops', name: 'Priya Sharma', email: 'ops@demo.local' });

    const login = decodeJwt(token);
    expect(login).toMatchObject({ sub: 'usr_ops', email: 'ops@demo.local', name: 'Priya Sharma' });
    expect(login.pwd_exp).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(login.pwd_exp! > new Date().toISOString().slice(0, 10)).toBe(true);
    expect(login.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(11 * 3600);

    const desk = decodeJwt(deskToken);
    expect(desk).toMatchObject({ sub: 'usr_ops', typ: 'desk', deskId: 'desk-ops-01' });
    expect(desk.masks).toEqual({ create: '10000000', update: '10000000', read: '11100000' });

    // Single use: the same code does not work twice.
    const again = await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code });
    expect(again).toMatchObject({ status: 401, body: { success: false, data: null, message: ['Invalid or expired code'] } });
  });

  it('logs in by phone number too', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: '9876543210' });
    const code = await latestCode(t.call, '9876543210');
    const verified = await t.call('POST', '/auth/otp/verify', { identifier: '9876543210', code });
    expect(verified.body.data.user.email).toBe('ops@demo.local');
  });

  it('locks a code after 5 wrong tries, even for the right code', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'nolego@demo.local' });
    const code = await latestCode(t.call, 'nolego@demo.local');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code: wrong });
      expect(res.status).toBe(401);
    }
    const right = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code });
    expect(right).toMatchObject({ status: 401, body: { message: ['Invalid or expired code'] } });
    const row = await t.store.one<{ attempts: number }>(
      "select attempts from otp_codes where identifier = 'nolego@demo.local' order by created_at desc limit 1",
    );
    expect(row!.attempts).toBe(5);
  });

  it('refuses an expired code', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const code = await latestCode(t.call, 'expired@demo.local');
    await t.store.query("update otp_codes set expires_at = now() - interval '1 second' where identifier = 'expired@demo.local'");
    const res = await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code });
    expect(res).toMatchObject({ status: 401, body: { message: ['Invalid or expired code'] } });
  });

  it('answers an unknown identifier the same way and sends nothing', async () => {
    const before = (await t.call('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body.length;
    const res = await t.call('POST', '/auth/otp/request', { identifier: 'nobody@demo.local' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: [] });
    expect((await t.call('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body.length).toBe(before);
    // A guessed code for the unknown identifier is refused like any wrong code.
    const guess = await t.call('POST', '/auth/otp/verify', { identifier: 'nobody@demo.local', code: '123456' });
    expect(guess).toMatchObject({ status: 401, body: { message: ['Invalid or expired code'] } });
  });

  it('rate-limits per identifier with 429 and Retry-After', async () => {
    const identifier = 'limited@demo.local';
    for (let i = 0; i < 5; i += 1) expect((await t.call('POST', '/auth/otp/request', { identifier })).status).toBe(200);
    const refused = await t.call('POST', '/auth/otp/request', { identifier });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, data: null, message: ['Too many requests. Please try again later'] });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(800);
    expect(wait).toBeLessThanOrEqual(900);
  });

  it('rate-limits per client address', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 20; i += 1) {
      const res = await t.call('POST', '/auth/otp/request', { identifier: `visitor${i}@demo.local` }, { ip });
      expect(res.status).toBe(200);
    }
    const refused = await t.call('POST', '/auth/otp/request', { identifier: 'visitor99@demo.local' }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is still served.
    expect((await t.call('POST', '/auth/otp/request', { identifier: 'visitor99@demo.local' })).status).toBe(200);
  });

  it('validates the bodies with the schema texts', async () => {
    const bad = await t.call('POST', '/auth/otp/request', { identifier: 'not an address' });
    expect(bad).toMatchObject({ status: 400, body: { success: false, data: null, message: ['Please enter a valid e-mail or 10 digit phone number'] } });
    const noCode = await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code: '12' });
    expect(noCode).toMatchObject({ status: 400, body: { message: ['Enter the 6 digit code'] } });
  });

  it('keeps expired@demo.local expired and lets a password change move pwd_exp 90 days on', async () => {
    // "Today" is the database's calendar day.
    const addDays = async (days: number) =>
      (await t.store.one<{ d: string }>('select (current_date + $1::int)::text as d', [days]))!.d;
    const first = await t.login('expired@demo.local');
    expect(decodeJwt(first.token).pwd_exp).toBe(await addDays(-1));

    const weak = await t.call('POST', '/auth/password/change', { identifier: 'expired@demo.local', code: '123456', password: 'short' });
    expect(weak).toMatchObject({ status: 400, body: { message: ['Password must be at least 8 characters with a letter and a digit'] } });

    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const code = await latestCode(t.call, 'expired@demo.local');
    const hashBefore = await t.store.one<{ password_hash: string }>("select password_hash from users where id = 'usr_expired'");
    const changed = await t.call('POST', '/auth/password/change', { identifier: 'expired@demo.local', code, password: 'Monsoon2026' });
    expect(changed).toMatchObject({ status: 200, body: { success: true, data: null } });
    const after = await t.store.one<{ password_hash: string; pwd_exp: string }>("select password_hash, pwd_exp from users where id = 'usr_expired'");
    expect(after!.pwd_exp).toBe(await addDays(90));
    expect(after!.password_hash).toMatch(/^scrypt\$/);
    expect(after!.password_hash).not.toBe(hashBefore!.password_hash);

    // The code was used up by the change; a new login shows the new expiry.
    const reused = await t.call('POST', '/auth/password/change', { identifier: 'expired@demo.local', code, password: 'Monsoon2027' });
    expect(reused.status).toBe(401);
    const second = await t.login('expired@demo.local');
    expect(decodeJwt(second.token).pwd_exp).toBe(await addDays(90));
  });
});

describe('dev outbox', () => {
  it('answers only requests from this machine', async () => {
    const t = await bootFresh(BACKENDS[0]);
    try {
      const remote = await t.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().message).toEqual(['The outbox can be read from this machine only (set DEV_OUTBOX_OPEN=1 to allow others)']);
      const local = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(local.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('never answers a forwarded request, whatever proxy rules are in force', async () => {
    // No proxy trusted, one hop trusted (TRUST_PROXY=1, as server/main.ts reads it), every hop trusted.
    for (const trustProxy of [false, (_address: string, hop: number) => hop < 1, true]) {
      const t = await bootFresh(BACKENDS[0], { trustProxy });
      try {
        // A reverse proxy on this host connects from 127.0.0.1 and names the real client in a header.
        for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-for': '127.0.0.1' }]) {
          const forwarded = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers });
          expect(forwarded.statusCode, `${JSON.stringify(headers)} with trustProxy ${String(trustProxy)}`).toBe(403);
        }
        expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});
