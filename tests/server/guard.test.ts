import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { BACKENDS, bootFresh, caller, type TestApp } from './helper';

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
      new SignJWT({ typ: 'desk', email: 'ops@demo.local', deskId: 'd', masks: { create: '1', update: '1', read: '1' }, ...claims })
        .setProtectedHeader({ alg: 'HS256' }).setSubject('usr_ops').setExpirationTime(exp).sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign('test-secret-of-this-suite', {}, now - 10);
    const foreign = await sign('another-secret', {}, now + 600);
    const { token: loginToken } = await t.login('ops@demo.local');
    for (const bad of [expired, foreign, loginToken]) {
      const res = await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: bad } });
      expect(res).toMatchObject({ status: 401, body: UNAUTHORIZED });
    }
    // Validly signed but without exp: a token that would never expire.
    const endless = await new SignJWT({ typ: 'desk', email: 'ops@demo.local', deskId: 'd', masks: { create: '1', update: '1', read: '1' } })
      .setProtectedHeader({ alg: 'HS256' }).setSubject('usr_ops').sign(new TextEncoder().encode('test-secret-of-this-suite'));
    expect(await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: endless } })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    // The same claims, validly signed and current, are accepted: the refusals above were for the reasons named.
    const good = await sign('test-secret-of-this-suite', {}, now + 600);
    expect((await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers: { token: good } })).status).toBe(200);
  });

  it('accepts the desk token as a bearer header and as a token header', async () => {
    const variants: Record<string, string>[] = [{ authorization: `Bearer ${deskToken}` }, { token: deskToken }];
    for (const headers of variants) {
      const res = await t.call('GET', '/saas/lego/company/search?q=tata', undefined, { headers });
      expect(res.body).toEqual({ success: true, data: [{ id: '1001', name: 'Tata Steel Limited', type: 'CONSIGNOR' }], message: [] });
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
      services: { main: '', transporters: '/tms', maps: '', auth: '', data: '', reports: '' },
    });
    expect((await t.call('GET', '/dev/outbox', undefined, { ip: '127.0.0.1' })).status).toBe(200);
    expect((await t.call('GET', '/tms/transporters/trn_tsl_vrl/logo')).status).toBe(404);
  });

  it('answers unknown API paths with 404 in the envelope', async () => {
    expect(await t.call('GET', '/saas/lego/nothing_here')).toMatchObject({ status: 404, body: { success: false, message: ['Not found'] } });
  });

  it('mounts no outbox when a transport is configured', async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({ store: t.store, prepare: false, mailer: { kind: 'smtp', send: async () => undefined } });
    expect((await caller(app)('GET', '/dev/outbox')).status).toBe(404);
    await app.close();
  });
});
