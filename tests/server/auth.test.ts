import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { BACKENDS, bootFresh, latestCode, type TestApp } from './helper';
import { AUTH_TEXT } from '../../schemas/api/auth';


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

  it("does not let wrong guesses from other addresses use up the owner's code", async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'nolego@demo.local' });
    const code = await latestCode(t.call, 'nolego@demo.local');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 12; i += 1) {
      const res = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code: wrong });
      expect(res).toMatchObject({ status: 401, body: { message: ['Invalid or expired code'] } });
    }
    const failures = () => t.store.one<{ failures: number }>("select failures from otp_failures where identifier = 'nolego@demo.local'");
    expect((await failures())!.failures).toBe(12);
    const right = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code });
    expect(right.status).toBe(200);
    // A login starts the count of consecutive failures again.
    expect(await failures()).toBeNull();
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

  it('slows the mails to one identifier without ever refusing it', async () => {
    const identifier = 'limited@demo.local';
    // An unknown identifier gets no mail, so count its code rows: one per request that would have mailed.
    const codes = async () => (await t.store.one<{ n: number }>('select count(*)::int as n from otp_codes where identifier = $1', [identifier]))!.n;
    for (let i = 0; i < 8; i += 1) {
      const res = await t.call('POST', '/auth/otp/request', { identifier });
      expect(res).toMatchObject({ status: 200, body: { success: true, data: null, message: [] } });
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(await codes()).toBe(5);
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

describe.each(BACKENDS)('a stranger who knows an address, on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootFresh(backend);
  });
  afterAll(() => t?.close());

  const outboxFor = async (to: string) =>
    (await t.call<{ to: string; body: string }[]>('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body.filter((m) => m.to === to);
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('cannot lock the owner out by asking for codes from five addresses', async () => {
    const before = (await outboxFor('ops@demo.local')).length;
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']) {
      expect((await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip })).status).toBe(200);
    }
    expect((await outboxFor('ops@demo.local')).length).toBe(before + 5);
    // The owner, from a sixth address: the same neutral answer, no new mail (five live codes are in the mailbox).
    const owner = '203.0.113.60';
    const requested = await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip: owner });
    expect(requested).toMatchObject({ status: 200, body: { success: true, data: null, message: [] } });
    expect((await outboxFor('ops@demo.local')).length).toBe(before + 5);
    const code = await latestCode(t.call, 'ops@demo.local');
    const verified = await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code }, { ip: owner });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user.id).toBe('usr_ops');
    // The login used up the other codes and starts the count of mails again: the next request mails a code.
    const older = (await outboxFor('ops@demo.local')).at(-2)!.body.match(/\b(\d{6})\b/)![1];
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code: older }, { ip: owner })).status).toBe(401);
    await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip: owner });
    expect((await outboxFor('ops@demo.local')).length).toBe(before + 6);
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code: await latestCode(t.call, 'ops@demo.local') })).status).toBe(200);
  });

  it("does not void the owner's code by asking for another one within its lifetime", async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const first = await latestCode(t.call, 'expired@demo.local');
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' }, { ip: '198.51.100.9' });
    const second = await latestCode(t.call, 'expired@demo.local');
    const verified = await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: first });
    expect(verified.status).toBe(200);
    // A code is used once; the stranger's code went with the login.
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: first })).status).toBe(401);
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: second })).status).toBe(401);
  });

  it('answers 429 to an address that keeps guessing, not to the owner', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'nolego@demo.local' });
    const code = await latestCode(t.call, 'nolego@demo.local');
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i += 1) {
      const res = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code: wrongFor(code) }, { ip });
      expect(res.status).toBe(401);
    }
    const refused = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code }, { ip });
    expect(refused).toMatchObject({ status: 429, body: { success: false, data: null, message: ['Too many requests. Please try again later'] } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code })).status).toBe(200);
  });

  it('counts only failures against an address: an office behind one address logs in all day', async () => {
    const office = '198.51.100.88';
    for (let i = 0; i < 12; i += 1) {
      await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip: office });
      const code = await latestCode(t.call, 'ops@demo.local');
      expect((await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code }, { ip: office })).status).toBe(200);
    }
    expect((await t.store.one<{ n: number }>('select count(*)::int as n from rate_limit_hits where bucket = $1', [`otp:fail:ip:${office}`]))!.n).toBe(0);
  });

  it('refuses codes after 100 failures in a row (NIST SP 800-63B) until an administrator unlocks, and counts no tries without a live code', async () => {
    const identifier = 'expired@demo.local';
    const guess = (code: string) => t.call('POST', '/auth/otp/verify', { identifier, code });
    expect((await guess('123456')).status).toBe(401);
    expect(await t.store.one('select failures from otp_failures where identifier = $1', [identifier])).toBeNull();

    await t.call('POST', '/auth/otp/request', { identifier });
    const code = await latestCode(t.call, identifier);
    for (let i = 0; i < 100; i += 1) expect((await guess(wrongFor(code))).status).toBe(401);
    const locked = await guess(code);
    expect(locked).toMatchObject({ status: 429, body: { success: false, data: null, message: [AUTH_TEXT.locked] } });
    await t.store.query('delete from otp_failures where identifier = $1', [identifier]);
    expect((await guess(code)).status).toBe(200);
  });
});
