import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPath, mainCalls, platformCalls, SERVICE_BASES } from '../../schemas/api';
import { cspDirectives, MAPS_EVAL, originSource } from '../../server/http/security-headers';
import { BACKENDS, bootFresh, caller, type Answer, type Call, type TestApp } from './helper';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const ROUTES = `${fullPath(mainCalls.routes, SERVICE_BASES)}?c=1001&t=CONSIGNOR`;

/** The CSP of an answer as directive → sources. */
function policy(answer: Answer): Map<string, string[]> {
  const header = answer.headers['content-security-policy'];
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...sources] = part.split(/\s+/);
        return [name.toLowerCase(), sources] as const;
      }),
  );
}

/** What every answer carries, whatever it is. */
function expectSecurityHeaders(answer: Answer, what: string) {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(answer.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(answer.headers['x-frame-options'], what).toBe('DENY');
  expect(answer.headers['x-powered-by'], what).toBeUndefined();
  // Plain http: no HSTS (a browser would ignore it, and a localhost that later serves https must not be pinned).
  expect(answer.headers['strict-transport-security'], what).toBeUndefined();
  const csp = policy(answer);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  expect(scripts, what).toContain("'self'");
  expect(scripts, `${what}: inline script`).not.toContain("'unsafe-inline'");
  // Nothing else: no wildcard, scheme, nonce or hash; eval only beside Google Maps' script host (its API needs it).
  expect(
    scripts.filter((source) => !["'self'", 'https://maps.googleapis.com', ...MAPS_EVAL].includes(source)),
    what,
  ).toEqual([]);
  if (scripts.includes("'unsafe-eval'"))
    expect(scripts, `${what}: eval without Google Maps`).toContain('https://maps.googleapis.com');
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
  return csp;
}

describe.each(BACKENDS)('security headers on every answer ($name)', (backend) => {
  const dist = mkdtempSync(join(tmpdir(), 'lego-dist-'));
  let t: TestApp;
  let desk: Call;
  let deskToken: string;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lego</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("lego")');
    t = await bootFresh(backend, { staticDir: dist });
    ({ call: desk, deskToken } = await t.login('ops@demo.local'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("the console's index, a deep link and a static file", async () => {
    for (const path of ['/', '/routes', '/routes/rt_1/edit?companyId=1001']) {
      const page = await t.call('GET', path, undefined, { headers: HTML });
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain('<title>Lego</title>');
      expectSecurityHeaders(page, path);
    }
    const asset = await t.call('GET', '/assets/app.js');
    expect(asset.status).toBe(200);
    expectSecurityHeaders(asset, '/assets/app.js');
  });

  it('a guarded API call, with and without a token, and its validation error', async () => {
    const ok = await desk('GET', ROUTES);
    expect(ok.status).toBe(200);
    expectSecurityHeaders(ok, 'routes fetch');
    const unauthorized = await t.call('GET', ROUTES);
    expect(unauthorized).toMatchObject({ status: 401, body: { message: ['Unauthorized'] } });
    expectSecurityHeaders(unauthorized, '401');
    const noCompany = await desk('GET', fullPath(mainCalls.routes, SERVICE_BASES));
    expect(noCompany.status).toBe(400);
    expectSecurityHeaders(noCompany, '400');
  });

  it('unknown paths, a malformed body, /health and /config.json', async () => {
    const missing = await t.call('GET', '/saas/lego/unknown', undefined, { headers: HTML });
    expect(missing).toMatchObject({ status: 404, body: { message: ['Not found'] } });
    expectSecurityHeaders(missing, '404 of the API');
    const missingFile = await t.call('GET', '/assets/missing.js');
    expect(missingFile.status).toBe(404);
    expectSecurityHeaders(missingFile, '404 of a file');
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${fullPath(mainCalls.saveRoute, SERVICE_BASES)}?c=1001`,
      payload: '{"label":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deskToken}` },
    });
    expect(malformed.statusCode).toBe(400);
    expectSecurityHeaders(
      { status: malformed.statusCode, headers: malformed.headers, body: malformed.body },
      'malformed body',
    );
    const health = await t.call('GET', platformCalls.health.path);
    expect(health).toMatchObject({ status: 200, body: { status: 'ok' } });
    expectSecurityHeaders(health, '/health');
    expectSecurityHeaders(await t.call('GET', platformCalls.config.path), '/config.json');
  });

  it('/docs keeps its own policy, with the same other headers', async () => {
    for (const path of ['/docs/', '/docs/json', '/docs/static/swagger-ui-bundle.js']) {
      const answer = await t.call('GET', path);
      expect(answer.status, path).toBe(200);
      const csp = expectSecurityHeaders(answer, path);
      // Swagger UI's own: no connection to any service, fonts from this origin.
      expect(csp.get('connect-src'), path).toBeUndefined();
      expect(csp.get('style-src'), path).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });
});

describe.each(BACKENDS.slice(0, 1))('the policy follows the configuration ($name)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootFresh(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('without a Google Maps key: this origin only, no eval, no Google host anywhere', async () => {
    const csp = expectSecurityHeaders(await t.call('GET', platformCalls.health.path), 'health');
    // The console's forms validate with code compiled while building: nothing evaluates code in its pages.
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat().some((source) => /google|gstatic|ggpht/.test(source))).toBe(false);
  });

  it("with a key, service base URLs and a tile server: Google Maps' hosts, each service's origin and the tiles", async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({
      store: t.store,
      prepare: false,
      mapTilesUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      config: {
        googleMapsApiKey: 'key-123',
        services: {
          ...SERVICE_BASES,
          maps: 'https://maps.example.com/api/',
          reports: 'http://127.0.0.1:9090',
          data: 'https://evil.example; script-src *',
        },
      },
    });
    try {
      const answer = await caller(app)('GET', platformCalls.health.path);
      const csp = expectSecurityHeaders(answer, 'configured');
      expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-eval'", 'https://maps.googleapis.com']);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://maps.example.com',
        'http://127.0.0.1:9090',
        'https://maps.googleapis.com',
        'https://*.googleapis.com',
        'https://*.google.com',
        'https://*.gstatic.com',
        'https://*.tiles.example.org',
      ]);
      expect(csp.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://maps.gstatic.com',
        'https://*.googleapis.com',
        'https://*.gstatic.com',
        'https://*.ggpht.com',
        'https://*.google.com',
        'https://*.googleusercontent.com',
        'https://*.tiles.example.org',
      ]);
      expect(csp.get('frame-src')).toEqual(["'self'", 'https://*.google.com']);
      expect(csp.get('font-src')).toContain('https://fonts.gstatic.com');
      expect(csp.get('style-src')).toContain('https://fonts.googleapis.com');
      // The ';' of a configured value never reaches the header: one script-src, still this origin and Google's.
      expect(String(answer.headers['content-security-policy']).match(/script-src /g)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('HSTS only on answers that went out over HTTPS (behind a trusted proxy here)', async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({ store: t.store, prepare: false, trustProxy: true });
    try {
      const overHttps = await caller(app)('GET', platformCalls.health.path, undefined, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const missingOverHttps = await caller(app)('GET', '/saas/lego/unknown', undefined, {
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(missingOverHttps.status).toBe(404);
      expect(missingOverHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await caller(app)('GET', platformCalls.health.path);
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe('originSource', () => {
  it("keeps a URL's scheme and host, and nothing else", () => {
    expect(originSource('https://Maps.Example.com:8443/api/v1?x=1')).toBe('https://maps.example.com:8443');
    expect(originSource('wss://live.example.com/socket')).toBe('wss://live.example.com');
    expect(originSource('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://*.tile.openstreetmap.org');
  });

  it('is null for this origin, paths and what is not a host', () => {
    for (const value of [
      '',
      '/tms',
      'tms',
      'javascript:alert(1)',
      'data:text/html,x',
      "https://a.example'unsafe-inline'",
      'https://*',
      'https://a.*.example',
    ]) {
      expect(originSource(value), value).toBeNull();
    }
  });

  it('allows eval only with a Google Maps key (for its API), never inline script', () => {
    expect(MAPS_EVAL).toEqual(["'unsafe-eval'"]);
    const keyed = cspDirectives({ config: { googleMapsApiKey: 'key', services: { ...SERVICE_BASES } } });
    expect(
      Object.values(keyed)
        .flat()
        .filter((source) => source === "'unsafe-inline'"),
    ).toHaveLength(1);
    expect(keyed['style-src']).toContain("'unsafe-inline'");
    expect(
      Object.entries(keyed)
        .filter(([, sources]) => sources.includes("'unsafe-eval'"))
        .map(([name]) => name),
    ).toEqual(['script-src']);
    const keyless = cspDirectives({ config: { googleMapsApiKey: null, services: { ...SERVICE_BASES } } });
    expect(Object.values(keyless).flat()).not.toContain("'unsafe-eval'");
  });

  it('adds no directive for this origin', () => {
    const directives = cspDirectives({ config: { googleMapsApiKey: null, services: { ...SERVICE_BASES } } });
    expect(directives['connect-src']).toEqual(["'self'"]);
  });
});
