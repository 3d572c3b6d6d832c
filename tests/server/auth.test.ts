import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { BACKENDS, bootFresh, latestCode, type TestApp } from './helper';
import { AUTH_TEXT } from '../../schemas/api/auth';
import { addressGroup } from '../../server/auth/rate-limit';

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
    expect(again).toMatchObject({
      status: 401,
      body: { success: false, data: null, message: ['Invalid or expired code'] },
    });
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
    const failures = () =>
      t.store.one<{ failures: number }>("select failures from otp_failures where account = 'user:usr_nolego'");
    expect((await failures())!.failures).toBe(12);
    const right = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code });
    expect(right.status).toBe(200);
    // A login starts the count of consecutive failures again.
    expect(await failures()).toBeNull();
  });

  it('refuses an expired code', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const code = await latestCode(t.call, 'expired@demo.local');
    await t.store.query(
      "update otp_codes set expires_at = now() - interval '1 second' where identifier = 'expired@demo.local'",
    );
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
    const codes = async () =>
      (await t.store.one<{ n: number }>('select count(*)::int as n from otp_codes where identifier = $1', [
        identifier,
      ]))!.n;
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
    expect(bad).toMatchObject({
      status: 400,
      body: { success: false, data: null, message: ['Please enter a valid e-mail or 10 digit phone number'] },
    });
    const noCode = await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code: '12' });
    expect(noCode).toMatchObject({ status: 400, body: { message: ['Enter the 6 digit code'] } });
  });

  it('keeps expired@demo.local expired and lets a password change move pwd_exp 90 days on', async () => {
    // "Today" is the database's calendar day.
    const addDays = async (days: number) =>
      (await t.store.one<{ d: string }>('select (current_date + $1::int)::text as d', [days]))!.d;
    const first = await t.login('expired@demo.local');
    expect(decodeJwt(first.token).pwd_exp).toBe(await addDays(-1));

    const weak = await t.call('POST', '/auth/password/change', {
      identifier: 'expired@demo.local',
      code: '123456',
      password: 'short',
    });
    expect(weak).toMatchObject({
      status: 400,
      body: { message: ['Password must be at least 8 characters with a letter and a digit'] },
    });

    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const code = await latestCode(t.call, 'expired@demo.local');
    const hashBefore = await t.store.one<{ password_hash: string }>(
      "select password_hash from users where id = 'usr_expired'",
    );
    const changed = await t.call('POST', '/auth/password/change', {
      identifier: 'expired@demo.local',
      code,
      password: 'Monsoon2026',
    });
    expect(changed).toMatchObject({ status: 200, body: { success: true, data: null } });
    const after = await t.store.one<{ password_hash: string; pwd_exp: string }>(
      "select password_hash, pwd_exp from users where id = 'usr_expired'",
    );
    expect(after!.pwd_exp).toBe(await addDays(90));
    expect(after!.password_hash).toMatch(/^scrypt\$/);
    expect(after!.password_hash).not.toBe(hashBefore!.password_hash);

    // The code was used up by the change; a new login shows the new expiry.
    const reused = await t.call('POST', '/auth/password/change', {
      identifier: 'expired@demo.local',
      code,
      password: 'Monsoon2027',
    });
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
      expect(remote.json().message).toEqual([
        'The outbox can be read from this machine only (set DEV_OUTBOX_OPEN=1 to allow others)',
      ]);
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
        for (const headers of [
          { 'x-forwarded-for': '203.0.113.9' },
          { forwarded: 'for=203.0.113.9' },
          { 'x-real-ip': '203.0.113.9' },
          { 'x-forwarded-for': '127.0.0.1' },
        ]) {
          const forwarded = await t.app.inject({ method: 'GET', url: '/dev/outbox', headers });
          expect(forwarded.statusCode, `${JSON.stringify(headers)} with trustProxy ${String(trustProxy)}`).toBe(403);
        }
        expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    }
    // Three apps booted one after the other: a guard for a busy machine (beside the browser suite), not a speed check.
  }, 120_000);

  it('never answers a request carrying any forwarding or client-address header, of any proxy or CDN', async () => {
    const t = await bootFresh(BACKENDS[0]);
    try {
      const headers = [
        // The ones the review found served.
        'X-Forwarded-Proto',
        'X-Forwarded-Port',
        'X-Client-IP',
        'True-Client-IP',
        'CF-Connecting-IP',
        'X-Original-Forwarded-For',
        'X-Envoy-External-Address',
        'X-Forwarded-Server',
        'X-Forwarded',
        'X-Cluster-Client-IP',
        // Their families.
        'X-Forwarded-Host',
        'Forwarded',
        'Via',
        'X-Real-IP',
        'CF-Ray',
        'CF-IPCountry',
        'X-Original-Host',
        'X-Original-URL',
        'X-Envoy-Internal',
        'Fastly-Client-IP',
        'Fastly-SSL',
        'X-Azure-ClientIP',
        'X-Azure-FDID',
        'Akamai-Origin-Hop',
        'X-AppEngine-User-IP',
        'X-Amzn-Trace-Id',
        'CloudFront-Viewer-Address',
        'X-ARR-ClientIP',
        'WL-Proxy-Client-IP',
        'X-Originating-IP',
        'Client-IP',
        'X-ProxyUser-Ip',
      ];
      for (const name of headers) {
        const answer = await t.app.inject({
          method: 'GET',
          url: '/dev/outbox',
          headers: { [name]: name.toLowerCase().includes('proto') ? 'https' : '127.0.0.1' },
        });
        expect(answer.statusCode, name).toBe(403);
      }
      // What a browser or fetch on this machine sends is no proxy's.
      const browser = {
        accept: 'application/json',
        'accept-language': 'en-IN',
        'user-agent': 'Mozilla/5.0',
        'sec-fetch-mode': 'cors',
        'sec-ch-ua-platform': 'Linux',
        referer: 'http://localhost:5173/login',
        origin: 'http://localhost:5173',
        'cache-control': 'no-cache',
        'x-requested-with': 'XMLHttpRequest',
      };
      expect((await t.app.inject({ method: 'GET', url: '/dev/outbox', headers: browser })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers only a request whose Host names this machine, so a proxy passing the public Host on is refused', async () => {
    const t = await bootFresh(BACKENDS[0]);
    try {
      const outbox = (host: string) => t.app.inject({ method: 'GET', url: '/dev/outbox', headers: { host } });
      for (const host of [
        'console.example.com',
        'console.example.com:443',
        '203.0.113.9',
        '10.0.0.5:3000',
        'localhost.example.com',
        '127.0.0.1.nip.io',
        '[::2]',
        '[::1].example.com',
        'localhost:abc',
        '256.0.0.1',
      ]) {
        expect((await outbox(host)).statusCode, host).toBe(403);
      }
      for (const host of [
        'localhost',
        'localhost:5173',
        'LOCALHOST:3000',
        '127.0.0.1',
        '127.0.0.1:3000',
        '127.1.2.3:80',
        '[::1]',
        '[::1]:8080',
      ]) {
        expect((await outbox(host)).statusCode, host).toBe(200);
      }
    } finally {
      await t.close();
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
    (await t.call<{ to: string; body: string }[]>('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body.filter(
      (m) => m.to === to,
    );
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
    expect(
      (await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code: older }, { ip: owner })).status,
    ).toBe(401);
    await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip: owner });
    expect((await outboxFor('ops@demo.local')).length).toBe(before + 6);
    expect(
      (
        await t.call('POST', '/auth/otp/verify', {
          identifier: 'ops@demo.local',
          code: await latestCode(t.call, 'ops@demo.local'),
        })
      ).status,
    ).toBe(200);
  });

  it("does not void the owner's code by asking for another one within its lifetime", async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' });
    const first = await latestCode(t.call, 'expired@demo.local');
    await t.call('POST', '/auth/otp/request', { identifier: 'expired@demo.local' }, { ip: '198.51.100.9' });
    const second = await latestCode(t.call, 'expired@demo.local');
    const verified = await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: first });
    expect(verified.status).toBe(200);
    // A code is used once; the stranger's code went with the login.
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: first })).status).toBe(
      401,
    );
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'expired@demo.local', code: second })).status).toBe(
      401,
    );
  });

  it('answers 429 to an address that keeps guessing, not to the owner', async () => {
    await t.call('POST', '/auth/otp/request', { identifier: 'nolego@demo.local' });
    const code = await latestCode(t.call, 'nolego@demo.local');
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i += 1) {
      const res = await t.call(
        'POST',
        '/auth/otp/verify',
        { identifier: 'nolego@demo.local', code: wrongFor(code) },
        { ip },
      );
      expect(res.status).toBe(401);
    }
    const refused = await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code }, { ip });
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, data: null, message: ['Too many requests. Please try again later'] },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    expect((await t.call('POST', '/auth/otp/verify', { identifier: 'nolego@demo.local', code })).status).toBe(200);
  });

  it('counts only failures against an address: an office behind one address logs in all day', async () => {
    const office = '198.51.100.88';
    for (let i = 0; i < 12; i += 1) {
      await t.call('POST', '/auth/otp/request', { identifier: 'ops@demo.local' }, { ip: office });
      const code = await latestCode(t.call, 'ops@demo.local');
      expect(
        (await t.call('POST', '/auth/otp/verify', { identifier: 'ops@demo.local', code }, { ip: office })).status,
      ).toBe(200);
    }
    expect(
      (await t.store.one<{ n: number }>('select count(*)::int as n from rate_limit_hits where bucket = $1', [
        `otp:fail:ip:${office}`,
      ]))!.n,
    ).toBe(0);
  });

  it('cannot lock the owner out with ten addresses of one IPv6 /64, and counts no tries without a live code', async () => {
    const identifier = 'expired@demo.local';
    const guess = (code: string, ip?: string) => t.call('POST', '/auth/otp/verify', { identifier, code }, { ip });
    const failures = async () =>
      (await t.store.one<{ failures: number }>("select failures from otp_failures where account = 'user:usr_expired'"))
        ?.failures;
    expect((await guess('123456')).status).toBe(401);
    expect(await failures()).toBeUndefined();

    // The review's attack: one request, then ten wrong codes from each of ten addresses of 2001:db8:1:2::/64.
    await t.call('POST', '/auth/otp/request', { identifier }, { ip: '198.51.100.20' });
    const code = await latestCode(t.call, identifier);
    const statuses: number[] = [];
    for (let host = 1; host <= 10; host += 1) {
      for (let i = 0; i < 10; i += 1)
        statuses.push((await guess(wrongFor(code), `2001:db8:1:2::${host.toString(16)}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(90).fill(429));
    expect(await failures()).toBe(10);
    expect((await guess(code, '203.0.113.61')).status).toBe(200);
    expect(await failures()).toBeUndefined();
  });
});

describe('client addresses the per-address limits count', () => {
  it('groups IPv6 by /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(addressGroup('198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressGroup('::FFFF:c633:6407')).toBe('198.51.100.7');
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0:0:0:a',
      '2001:db8:1:2::1%eth0',
    ]) {
      expect(addressGroup(ip), ip).toBe('2001:db8:1:2::/64');
    }
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('2001:db8::198.51.100.7')).toBe('2001:db8:0:0::/64');
  });
});

describe.each(BACKENDS)(
  'waiting periods after 100 wrong codes for one account (NIST SP 800-63B 5.2.2), on $name',
  (backend) => {
    let t: TestApp;
    /** How far the app's clock is ahead of the real one: waiting periods pass without sleeping. */
    let ahead = 0;
    beforeAll(async () => {
      t = await bootFresh(backend, { clock: () => new Date(Date.now() + ahead) });
    });
    afterAll(() => t?.close());

    const outboxFor = async (to: string) =>
      (await t.call<{ to: string; body: string }[]>('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).body.filter(
        (m) => m.to === to,
      );
    const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
    const request = (identifier: string) => t.call('POST', '/auth/otp/request', { identifier });
    const verify = (identifier: string, code: string, ip?: string) =>
      t.call('POST', '/auth/otp/verify', { identifier, code }, { ip });
    const failures = async (userId: string) =>
      (
        await t.store.one<{ failures: number }>('select failures from otp_failures where account = $1', [
          `user:${userId}`,
        ])
      )?.failures;
    /** Seconds of the wait the answer asks for, after checking it is the account's lock. */
    const lockedFor = (answer: { status: number; headers: Record<string, unknown>; body: unknown }) => {
      expect(answer).toMatchObject({ status: 429, body: { success: false, data: null, message: [AUTH_TEXT.locked] } });
      return Number(answer.headers['retry-after']);
    };
    /** Mails a code to `identifier` and makes `wrong` failed tries against it (each from a fresh address); returns the code. */
    const guessWrong = async (identifier: string, wrong: number) => {
      await request(identifier);
      const code = await latestCode(t.call, identifier);
      for (let i = 0; i < wrong; i += 1) expect((await verify(identifier, wrongFor(code))).status).toBe(401);
      return code;
    };

    it('groups the failures of an IPv6 /64 and of IPv4-mapped addresses', async () => {
      for (let host = 1; host <= 10; host += 1)
        expect((await verify('probe@demo.local', '123456', `2001:db8:7:7::${host}`)).status).toBe(401);
      const refused = await verify('probe@demo.local', '123456', '2001:db8:7:7:abcd::1');
      expect(refused).toMatchObject({ status: 429, body: { message: ['Too many requests. Please try again later'] } });
      expect((await verify('probe@demo.local', '123456', '2001:db8:7:8::1')).status).toBe(401);

      for (let i = 0; i < 10; i += 1)
        expect((await verify('probe@demo.local', '123456', i % 2 ? '192.0.2.44' : '::ffff:192.0.2.44')).status).toBe(
          401,
        );
      expect((await verify('probe@demo.local', '123456', '192.0.2.44')).status).toBe(429);
      expect((await verify('probe@demo.local', '123456', '::ffff:192.0.2.44')).status).toBe(429);
      expect((await verify('probe@demo.local', '123456', '192.0.2.45')).status).toBe(401);
    });

    it('counts the failures of an account whether its e-mail or its phone was typed', async () => {
      const byMail = await guessWrong('expired@demo.local', 50);
      await guessWrong('9876543212', 49);
      expect(await failures('usr_expired')).toBe(99);
      // The 100th failure, by phone, also stops the e-mail's right code.
      expect((await verify('9876543212', '000000')).status).toBe(401);
      expect(lockedFor(await verify('expired@demo.local', byMail))).toBeGreaterThan(50);
      ahead += 61_000;
      expect((await verify('expired@demo.local', byMail)).status).toBe(401);
      expect(
        (
          await t.call('POST', '/auth/otp/verify', {
            identifier: 'expired@demo.local',
            code: await guessWrong('expired@demo.local', 0),
          })
        ).status,
      ).toBe(200);
      expect(await failures('usr_expired')).toBeUndefined();
    });

    it('refuses even the right code during the wait, voids the live codes, and then lets the owner request a new one and log in', async () => {
      const identifier = 'nolego@demo.local';
      const code = await guessWrong(identifier, 99);
      expect(await failures('usr_nolego')).toBe(99);
      expect((await verify(identifier, wrongFor(code))).status).toBe(401);
      const wait = lockedFor(await verify(identifier, code));
      expect(wait).toBeGreaterThan(50);
      expect(wait).toBeLessThanOrEqual(60);
      // A request during the wait gets the neutral answer and mails nothing: the code could not be used yet.
      const mailed = (await outboxFor(identifier)).length;
      expect(await request(identifier)).toMatchObject({
        status: 200,
        body: { success: true, data: null, message: [] },
      });
      expect((await outboxFor(identifier)).length).toBe(mailed);
      // Tries during the wait are not held against the owner's address either.
      const owner = '203.0.113.70';
      for (let i = 0; i < 12; i += 1) lockedFor(await verify(identifier, code, owner));

      ahead += 61_000;
      expect((await verify(identifier, code, owner)).status).toBe(401);
      expect(await request(identifier)).toMatchObject({ status: 200, body: { message: [] } });
      expect((await outboxFor(identifier)).length).toBe(mailed + 1);
      const fresh = await latestCode(t.call, identifier);
      expect((await verify(identifier, fresh, owner)).status).toBe(200);
    });

    it('doubles the wait with each lock-out up to four hours, and a login starts again from one minute', async () => {
      const identifier = 'ops@demo.local';
      const lockOut = async () => {
        const code = await guessWrong(identifier, 100);
        return lockedFor(await verify(identifier, code));
      };
      const first = await lockOut();
      expect(first).toBeGreaterThan(50);
      expect(first).toBeLessThanOrEqual(60);
      ahead += 61_000;
      const second = await lockOut();
      expect(second).toBeGreaterThan(110);
      expect(second).toBeLessThanOrEqual(120);
      ahead += 61_000;
      expect(lockedFor(await verify(identifier, '123456'))).toBeLessThanOrEqual(60);
      ahead += 61_000;
      expect((await verify(identifier, await guessWrong(identifier, 0))).status).toBe(200);

      // The login started the count again: the next lock-out waits one minute.
      const afterLogin = await lockOut();
      expect(afterLogin).toBeGreaterThan(50);
      expect(afterLogin).toBeLessThanOrEqual(60);
      ahead += 61_000;
      // However many lock-outs came before, the wait stays at four hours.
      await t.store.query("update otp_failures set lockouts = 20, failures = 99 where account = 'user:usr_ops'");
      const code = await guessWrong(identifier, 1);
      const capped = lockedFor(await verify(identifier, code));
      expect(capped).toBeGreaterThan(4 * 3600 - 10);
      expect(capped).toBeLessThanOrEqual(4 * 3600);
      ahead += 4 * 3600_000 + 1000;
      expect((await verify(identifier, await guessWrong(identifier, 0))).status).toBe(200);
    });
  },
);
