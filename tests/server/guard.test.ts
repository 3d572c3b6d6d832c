import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { BACKENDS, bootFresh, caller, type TestApp } from './helper';
import { authCalls, SERVICE_BASES } from '../../schemas/api';

const UNAUTHORIZED = { success: false, data: null, message: ['Unauthorized'] };
const NO_LEGO = { success: false, data: null, message: ['This desk does not have Lego access'] };

/** One call of each guarded family. */
const GUARDED = [
  '/saas/lego/company/search?q=tata',
  '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR',
  '/saas/lego/company_routes_master/fetch?c=1001&t=CONSIGNOR&pt=TRANSPORTER',
  '/saas/lego/company_vehicles/fetch?c=1001',
  '/saas/lego/static_data/materials/fetch',
  '/tms/transporters?c=1001',
  '/v1/company/get-fteid?c=1001',
  '/v1/accessControl/permissions',
  '/maps/place/autocomplete?input=pune',
];

describe.each(BACKENDS)('desk token and Lego permission on $name', (backend) => {
  let t: TestApp;
  let deskToken: string;
  beforeAll(async () => {
    t = await bootFresh(backend, { jwtSecret: 'test-secret-of-this-suite' });
    deskToken = (await t.login('ops@demo.local')).deskToken;
  });
  afterAll(() => t?.close());

  it('answers 401 without a token, with a bad one and with a tampered one', async () => {
    const [head, payload, signature] = deskToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, deskId: 'desk-root' })).toString('base64url');
    const tampered = `${head}.${forged}.${signature}`;
    for (const url of GUARDED) {
      expect(await t.call('GET', url)).toMatchObject({ status: 401, body: UNAUTHORIZED });
      for (const bad of ['garbage', tampered, `${deskToken}x`]) {
        const res = await t.call('GET', url, undefined, { headers: { authorization: `Bearer ${bad}` } });
        expect(res, `${url} with ${bad.slice(0, 12)}`).toMatchObject({ status: 401, body: UNAUTHORIZED });
      }
    }
  });

  it('refuses expired tokens, tokens of another secret and login tokens', async () => {
    const sign = (secret: string, claims: object, exp: number) =>
      new SignJWT({
        typ: 'desk',
        email: 'ops@demo.local',
        deskId: 'd',
        masks: { create: '1', update: '1', read: '1' },
        ver: 0,
        jti: 'tok_test',
        ...claims,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('usr_ops')
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign('test-secret-of-this-suite', {}, now - 10);
    const foreign = await sign('another-secret', {}, now + 600);
    const { token: loginToken } = await t.login('ops@demo.local');
    for (const bad of [expired, foreign, loginToken]) {
      const res = await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: bad } });
      expect(res).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    // Validly signed but without exp: a token that would never expire.
    const endless = await new SignJWT({
      typ: 'desk',
      email: 'ops@demo.local',
      deskId: 'd',
      masks: { create: '1', update: '1', read: '1' },
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('usr_ops')
      .sign(new TextEncoder().encode('test-secret-of-this-suite'));
    expect(
      await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: endless } }),
    ).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // Without a token version or a token id (no way to refuse or revoke it), and of an older version.
    for (const claims of [{ ver: undefined }, { jti: undefined }, { ver: -1 }, { ver: '0' }]) {
      const bad = await sign('test-secret-of-this-suite', claims, now + 600);
      expect(
        await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: bad } }),
        JSON.stringify(claims),
      ).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    // The same claims, validly signed and current, are accepted: the refusals above were for the reasons named.
    const good = await sign('test-secret-of-this-suite', {}, now + 600);
    expect(
      (await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: good } })).status,
    ).toBe(200);
  });

  it('accepts the desk token as a bearer header and as a token header', async () => {
    const variants: Record<string, string>[] = [{ authorization: `Bearer ${deskToken}` }, { token: deskToken }];
    for (const headers of variants) {
      const res = await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers });
      expect(res.body).toEqual({
        success: true,
        data: [{ id: '1001', name: 'Tata Steel Limited', type: 'CONSIGNOR' }],
        message: [],
      });
    }
  });

  it('answers 403 to a desk without prm.super.read and gives it no data, not even validation texts', async () => {
    const nolego = await t.login('nolego@demo.local');
    for (const url of GUARDED) expect(await nolego.call('GET', url)).toMatchObject({ status: 403, body: NO_LEGO });
    const write = await nolego.call('POST', '/saas/lego/company_materials/create?c=1001', { label: 'Copper Cathodes' });
    expect(write).toMatchObject({ status: 403, body: NO_LEGO });
    const invalid = await nolego.call('POST', '/saas/lego/company_materials/create', { label: 'x'.repeat(65) });
    expect(invalid).toMatchObject({ status: 403, body: NO_LEGO });
    const materials = await t.store.query("select 1 from company_materials where label = 'Copper Cathodes'");
    expect(materials).toHaveLength(0);
  });

  it('leaves health, config, the outbox and logos public', async () => {
    expect(await t.call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await t.call('GET', '/config.json')).body).toEqual({
      googleMapsApiKey: null,
      mapTilesUrl: null,
      services: SERVICE_BASES,
    });
    expect((await t.call('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).status).toBe(200);
    expect((await t.call('GET', '/tms/transporters/trn_tsl_vrl/logo')).status).toBe(404);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    expect(await t.call('GET', '/saas/lego/nothing_here')).toMatchObject({
      status: 404,
      body: { success: false, message: ['Not found'] },
    });
  });

  it('mounts no outbox when a transport is configured', async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({
      store: t.store,
      prepare: false,
      mailer: { kind: 'smtp', send: async () => undefined },
    });
    expect((await caller(app)('GET', '/dev/outbox')).status).toBe(404);
    await app.close();
  });
});

const LEGO_MASKS = { create: '10000000', update: '10000000', read: '11100000' };

describe.each(BACKENDS)('logout and withdrawn rights on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootFresh(backend, { jwtSecret: 'test-secret-of-the-revocation-suite' });
  });
  afterAll(() => t?.close());

  /** A user of its own per test, so that changing it disturbs no other test; returns its first session. */
  async function newUser(id: string) {
    await t.store.query(
      `insert into users (id, email, name, password_hash, pwd_exp, desk_id, masks)
       values ($1, $2, 'Test Operator', 'none', current_date + 30, 'desk-test', $3)`,
      [id, `${id}@demo.local`, JSON.stringify(LEGO_MASKS)],
    );
    return t.login(`${id}@demo.local`);
  }
  const search = '/saas/lego/company/search?q=tata';
  const logout = (headers: Record<string, string>) => t.call('POST', authCalls.logout.path, undefined, { headers });

  it('revokes the desk token at logout: every guarded call is then 401, and logging out again is no error', async () => {
    const session = await newUser('usr_logout');
    expect((await session.call('GET', search)).status).toBe(200);
    expect(await logout({ authorization: `Bearer ${session.deskToken}` })).toMatchObject({
      status: 200,
      body: { success: true, data: null, message: [] },
    });
    for (const url of GUARDED)
      expect(await session.call('GET', url), url).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await t.call('GET', search, undefined, { headers: { token: session.deskToken } })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    // The console sends the token both ways, with an empty JSON body.
    const again = await t.call('POST', authCalls.logout.path, '', {
      headers: {
        authorization: `Bearer ${session.deskToken}`,
        token: session.deskToken,
        'content-type': 'application/json',
      },
    });
    expect(again).toMatchObject({ status: 200, body: { success: true, data: null, message: [] } });
  });

  it("keeps the user's other sessions working after one logs out", async () => {
    const first = await newUser('usr_two_desks');
    const second = await t.login('usr_two_desks@demo.local');
    expect((await logout({ token: first.deskToken })).status).toBe(200);
    expect((await first.call('GET', search)).status).toBe(401);
    expect((await second.call('GET', search)).status).toBe(200);
  });

  it('keeps revoked token ids until their expiry and sweeps expired ones', async () => {
    const session = await newUser('usr_sweep');
    await t.store.query(
      "insert into revoked_tokens (jti, expires_at) values ('tok_long_gone', now() - interval '1 minute')",
    );
    await logout({ token: session.deskToken });
    const { jti, exp } = decodeJwt(session.deskToken);
    const rows = await t.store.query<{ jti: string; at: number }>(
      'select jti, extract(epoch from expires_at)::int as at from revoked_tokens order by jti',
    );
    expect(rows.map((r) => r.jti)).not.toContain('tok_long_gone');
    expect(rows).toContainEqual({ jti, at: exp });
  });

  it('answers logout without a token, or with one not signed here, with 401; an expired desk token has nothing left to revoke', async () => {
    expect(await t.call('POST', authCalls.logout.path)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const session = await newUser('usr_logout_odd');
    const claims = decodeJwt(session.deskToken);
    const sign = (secret: string, exp: number) =>
      new SignJWT({ ...claims, exp: undefined })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    for (const bad of ['garbage', await sign('another-secret', now + 600), session.token]) {
      expect(await logout({ authorization: `Bearer ${bad}` })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    const before = (await t.store.query('select jti from revoked_tokens')).length;
    expect((await logout({ token: await sign('test-secret-of-the-revocation-suite', now - 10) })).status).toBe(200);
    expect((await t.store.query('select jti from revoked_tokens')).length).toBe(before);
    // None of these ended the session.
    expect((await session.call('GET', search)).status).toBe(200);
  });

  it('answers 403 on the next call once prm.super.read is withdrawn, with the current masks', async () => {
    const session = await newUser('usr_withdrawn');
    expect((await session.call('GET', search)).status).toBe(200);
    await t.store.query('update users set masks = $2 where id = $1', [
      'usr_withdrawn',
      JSON.stringify({ ...LEGO_MASKS, read: '01100000' }),
    ]);
    for (const url of GUARDED)
      expect(await session.call('GET', url), url).toMatchObject({ status: 403, body: NO_LEGO });
  });

  it('answers 401 on the next call once the user is disabled, and logs it in no more', async () => {
    const session = await newUser('usr_disabled');
    expect((await session.call('GET', search)).status).toBe(200);
    await t.store.query("update users set disabled = true where id = 'usr_disabled'");
    for (const url of GUARDED)
      expect(await session.call('GET', url), url).toMatchObject({ status: 401, body: UNAUTHORIZED });
    await expect(t.login('usr_disabled@demo.local')).rejects.toThrow(/verify failed/);
    // A disabled user can still end its session.
    expect((await logout({ token: session.deskToken })).status).toBe(200);
  });

  it('answers 401 to a token of an older version: changed masks need a new login, which carries them', async () => {
    const session = await newUser('usr_version');
    const granted = { create: '11000000', update: '10000000', read: '11100000' };
    await t.store.query('update users set masks = $2 where id = $1', ['usr_version', JSON.stringify(granted)]);
    expect(await session.call('GET', search)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    const renewed = await t.login('usr_version@demo.local');
    expect(decodeJwt(renewed.deskToken)).toMatchObject({ masks: granted, ver: 1 });
    expect((await renewed.call('GET', search)).status).toBe(200);
    // What an administrator does to end every session of a user: bump the version.
    await t.store.query("update users set token_version = token_version + 1 where id = 'usr_version'");
    expect(await renewed.call('GET', search)).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // A password change (or the daily pwd_exp refresh of the seed) leaves sessions alone.
    const third = await t.login('usr_version@demo.local');
    await t.store.query("update users set pwd_exp = current_date + 60 where id = 'usr_version'");
    expect((await third.call('GET', search)).status).toBe(200);
  });
});
