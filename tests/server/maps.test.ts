import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

describe.each(BACKENDS.slice(0, 1))('geocoder endpoints (gazetteer)', (backend) => {
  let t: TestApp;
  let call: Call;
  beforeAll(async () => {
    t = await bootFresh(backend);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(() => t?.close());

  it('suggests at most 10 Indian places', async () => {
    const hits = (await call('GET', '/maps/place/autocomplete?input=Andheri')).body.data;
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(10);
    expect(hits[0]).toEqual({ place_id: expect.any(String), description: expect.stringMatching(/India$/) });
  });

  it('gives details of a place id used by the seed routes, and 404 for an unknown one', async () => {
    const details = await call('GET', `/maps/place/details?place_id=${encodeURIComponent('in:po:831001:jamshedpur')}`);
    expect(details.body.data).toMatchObject({
      place_id: 'in:po:831001:jamshedpur',
      name: 'Jamshedpur',
      geometry: { location: { lat: 22.822903, lng: 86.21501 } },
    });
    expect(await call('GET', '/maps/place/details?place_id=nowhere')).toMatchObject({
      status: 404,
      body: { message: ['Not found'] },
    });
  });

  it('geocodes addresses and coordinates', async () => {
    const forward = (await call('GET', `/maps/geocode?address=${encodeURIComponent('Chakan, Pune')}`)).body.data;
    expect(forward[0]).toEqual({
      place_id: 'in:po:410501:chakan',
      formatted_address: 'Chakan, Pune, Maharashtra 410501, India',
      geometry: { location: { lat: 18.750621, lng: 73.87719 } },
    });
    const reverse = (await call('GET', '/maps/geocode?latlng=18.7506,73.8772')).body.data;
    expect(reverse[0].formatted_address).toContain('Pune');
    expect(await call('GET', '/maps/geocode')).toMatchObject({
      status: 400,
      body: { message: ['Please enter either lat,long or address'] },
    });
    expect(await call('GET', '/maps/geocode?latlng=north')).toMatchObject({
      status: 400,
      body: { message: ['Please enter valid lat long'] },
    });
  });

  it('geocodes a sheet of places in one batch call, each answer in its place, and refuses a bad item or too many', async () => {
    const items = [{ address: 'Chakan, Pune' }, { latlng: '18.7506,73.8772' }, { address: 'zzqxv nowhere at all' }];
    const batch = await call('POST', '/maps/geocode/batch', { items });
    expect(batch.status).toBe(200);
    expect(batch.body.data).toHaveLength(3);
    expect(batch.body.data[0]).toMatchObject({ place_id: 'in:po:410501:chakan' });
    expect(batch.body.data[1].formatted_address).toContain('Pune');
    expect(batch.body.data[2]).toBeNull();
    expect(await call('POST', '/maps/geocode/batch', { items: [{ latlng: 'north' }] })).toMatchObject({
      status: 400,
      body: { message: [expect.stringContaining('Please enter valid lat long')] },
    });
    expect(await call('POST', '/maps/geocode/batch', { items: [{}] })).toMatchObject({ status: 400 });
    const tooMany = Array.from({ length: 601 }, () => ({ address: 'Pune' }));
    expect(await call('POST', '/maps/geocode/batch', { items: tooMany })).toMatchObject({
      status: 400,
      body: { message: [expect.stringContaining('At most 600 places per call')] },
    });
  });
});
