import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDirections, osrmRouteUrl, parseOsrmRoute, straightDirections } from './directions';

const fixture = JSON.parse(readFileSync(new URL('./fixtures/osrm-chakan-mumbai.json', import.meta.url), 'utf8'));
const CHAKAN = { lat: 18.750621, lng: 73.87719 };
const PUNE = { lat: 18.5204, lng: 73.8567 };
const MUMBAI = { lat: 19.076, lng: 72.8777 };

describe('straight legs', () => {
  it('gives each leg its great-circle distance, marked as an estimate without a duration', () => {
    const result = straightDirections([CHAKAN, PUNE, MUMBAI]);
    expect(result.source).toBe('straight');
    expect(result.legs).toEqual([
      { distanceKm: 25.7, durationMin: null, estimate: true },
      { distanceKm: 120.2, durationMin: null, estimate: true },
    ]);
    expect(result.distanceKm).toBe(145.9);
    expect(result.path).toEqual([
      [18.750621, 73.87719],
      [18.5204, 73.8567],
      [19.076, 72.8777],
    ]);
  });
});

describe('OSRM', () => {
  it('asks the route service with lng,lat pairs, the full overview and a GeoJSON geometry', () => {
    expect(osrmRouteUrl('http://osrm.local:5000/', [CHAKAN, MUMBAI])).toBe(
      'http://osrm.local:5000/route/v1/driving/73.87719,18.750621;72.8777,19.076?overview=full&geometries=geojson',
    );
  });

  it('reads legs in kilometres and minutes and the line as [lat, lng]', () => {
    const result = parseOsrmRoute(fixture, [CHAKAN, PUNE, MUMBAI]);
    expect(result).toMatchObject({
      source: 'osrm',
      distanceKm: 168.4,
      legs: [
        { distanceKm: 27.3, durationMin: 40, estimate: false },
        { distanceKm: 141.1, durationMin: 170, estimate: false },
      ],
    });
    expect(result?.path[0]).toEqual([18.750621, 73.87719]);
    expect(result?.path).toHaveLength(7);
  });

  it('refuses answers without a usable route', () => {
    expect(
      parseOsrmRoute({ code: 'NoRoute', message: 'Impossible route between points', routes: [] }, [CHAKAN, MUMBAI]),
    ).toBeNull();
    expect(parseOsrmRoute(fixture, [CHAKAN, MUMBAI])).toBeNull(); // two legs for one pair of points
    expect(
      parseOsrmRoute({ ...fixture, routes: [{ ...fixture.routes[0], geometry: 'encoded-polyline' }] }, [
        CHAKAN,
        PUNE,
        MUMBAI,
      ]),
    ).toBeNull();
    expect(parseOsrmRoute('<html>', [CHAKAN, MUMBAI])).toBeNull();
    expect(parseOsrmRoute(null, [CHAKAN, MUMBAI])).toBeNull();
  });

  it('falls back to straight legs when the server fails', async () => {
    const failing = createDirections({
      routingUrl: 'http://osrm.invalid',
      fetcher: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect(await failing.route([CHAKAN, MUMBAI])).toMatchObject({ source: 'straight', legs: [{ estimate: true }] });
    const html = createDirections({
      routingUrl: 'http://osrm.invalid',
      fetcher: async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    });
    expect(await html.route([CHAKAN, MUMBAI])).toMatchObject({ source: 'straight' });
  });
});
