/**
 * Issue 10, point 7: the place search is ready when the server listens. `buildApp` awaits the geocoder's `ready()`,
 * which loads the gazetteer (from its cache file, else built); the first search then loads nothing. The gazetteer
 * is the same whatever the database, so this runs on PGlite only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Geocoder } from '../../server/geocoder/geocoder';
import { gazetteerStatus, isGazetteerReady } from '../../server/geocoder/gazetteer-build';
import type { Store } from '../../server/store/store';
import { BACKENDS, bootFresh, type TestApp } from './helper';

describe('the geocoder at start-up', () => {
  const stores: Store[] = [];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const s of stores) await s.close();
  });

  it('has the gazetteer loaded once the server listens, and the first search loads nothing', async () => {
    // This file's own module instance: nothing has loaded the gazetteer yet.
    expect(isGazetteerReady()).toBe(false);
    // A copy of the run's prepared database: migrations and seed are not what this test waits for.
    const t = await bootFresh(BACKENDS[0]);
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(isGazetteerReady()).toBe(true);
    const loaded = gazetteerStatus();
    expect(['cache', 'built']).toContain(loaded.source);

    const { call } = await t.login('ops@demo.local');
    const first = await call('GET', '/maps/place/autocomplete?input=Andheri');
    expect(first.status).toBe(200);
    expect(first.body.data[0].description).toMatch(/Andheri.*India$/);
    expect(gazetteerStatus()).toEqual(loaded); // not loaded again by the search
  });

  it('waits for its geocoder to be ready before it serves (a failing ready() fails the start)', async () => {
    const store = await (await BACKENDS[0].prepared()).open();
    stores.push(store);
    let asked = 0;
    const geocoder: Geocoder = {
      suggest: async () => [],
      details: async () => null,
      geocode: async () => [],
      reverse: async () => [],
      ready: async () => {
        asked++;
        throw new Error('gazetteer missing');
      },
    };
    await expect(buildApp({ store, geocoder })).rejects.toThrow('gazetteer missing');
    expect(asked).toBe(1);
  });
});
