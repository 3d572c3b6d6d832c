import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { SERVICE_BASES } from '../../schemas/api/services';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type TestApp } from './helper';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(BACKENDS.slice(0, 1))('serving the built console', (backend) => {
  const dist = mkdtempSync(join(tmpdir(), 'lego-dist-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lego</title>');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("lego")');
    t = await bootFresh(backend, {
      staticDir: dist,
      config: {
        googleMapsApiKey: 'key-123',
        services: { ...SERVICE_BASES, transporters: '', maps: 'https://maps.example' },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and falls back to index.html for console paths', async () => {
    expect((await t.call('GET', '/assets/app.js')).body).toBe('console.log("lego")');
    for (const path of [
      '/',
      '/routes',
      '/routes/rt_1/edit?companyId=1001',
      '/transporters/add',
      '/transporters',
      '/transporters/trn_1/edit',
    ]) {
      const res = await t.call('GET', path, undefined, { headers: HTML });
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain('<title>Lego</title>');
    }
    expect((await t.call('GET', '/assets/missing.js')).status).toBe(404);
  });

  it('lets a browser keep the built files named after their content, and asks it to check the page each time', async () => {
    expect((await t.call('GET', '/assets/app.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const path of ['/', '/index.html', '/routes/rt_1/edit'])
      expect((await t.call('GET', path, undefined, { headers: HTML })).headers['cache-control'], path).toBe('no-cache');
  });

  it('answers API paths with JSON, never the page', async () => {
    expect(await t.call('GET', '/tms/transporters?c=1001', undefined, { headers: HTML })).toMatchObject({
      status: 401,
      body: { message: ['Unauthorized'] },
    });
    expect(await t.call('GET', '/tms/unknown', undefined, { headers: HTML })).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect(await t.call('GET', '/saas/lego/unknown', undefined, { headers: HTML })).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
    expect((await t.call('GET', '/config.json')).body).toEqual({
      googleMapsApiKey: 'key-123',
      mapTilesUrl: null,
      services: { ...SERVICE_BASES, transporters: '', maps: 'https://maps.example' },
    });
  });
});
