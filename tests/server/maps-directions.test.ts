import { MAX_WAYPOINTS } from '../../schemas/directions';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bootFresh, type Call, type TestApp } from './helper';

const fixture = readFileSync(new URL('../../server/routing/fixtures/osrm-chakan-mumbai.json', import.meta.url), 'utf8');
const CHAKAN = '18.750621,73.87719';
const PUNE = '18.5204,73.8567';
const MUMBAI = '19.076,72.8777';

/** A local OSRM stand-in: a real HTTP server answering the route service with a recorded answer, or NoRoute. */
async function fakeOsrm(): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/route/v1/driving/73.87719,18.750621;73.8567,18.5204;72.8777,19.076?')) res.end(fixture);
    else res.writeHead(400).end(JSON.stringify({ code: 'NoRoute', message: 'Impossible route between points' }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

describe.each(BACKENDS.slice(0, 1))('GET /maps/directions', (backend) => {
  describe('without SERVICE_ROUTING_URL', () => {
    let t: TestApp;
    let call: Call;
    beforeAll(async () => {
      t = await bootFresh(backend);
      call = (await t.login('ops@demo.local')).call;
    });
    afterAll(() => t?.close());

    it('answers straight legs with haversine distances, marked as estimates', async () => {
      const answer = await call(
        'GET',
        `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}&waypoints=${encodeURIComponent(PUNE)}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        source: 'straight',
        legs: [
          { distanceKm: 25.7, durationMin: null, estimate: true },
          { distanceKm: 120.2, durationMin: null, estimate: true },
        ],
        path: [
          [18.750621, 73.87719],
          [18.5204, 73.8567],
          [19.076, 72.8777],
        ],
        distanceKm: 145.9,
      });
    });

    it('refuses points that are not lat,lng and needs both ends', async () => {
      const bad = { status: 400, body: { message: ['Please enter valid lat long'] } };
      expect(await call('GET', `/maps/directions?origin=north&destination=${MUMBAI}`)).toMatchObject(bad);
      expect(await call('GET', `/maps/directions?origin=${CHAKAN}&destination=95,72`)).toMatchObject(bad);
      expect(
        await call(
          'GET',
          `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}&waypoints=${encodeURIComponent(`${PUNE}|x`)}`,
        ),
      ).toMatchObject(bad);
      expect(
        await call(
          'GET',
          `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}&waypoints=${encodeURIComponent(
            Array(MAX_WAYPOINTS + 1)
              .fill(PUNE)
              .join('|'),
          )}`,
        ),
      ).toMatchObject(bad);
      // A route's waypoints all fit (a bulk route row holds up to 98).
      expect(
        await call(
          'GET',
          `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}&waypoints=${encodeURIComponent(Array(98).fill(PUNE).join('|'))}`,
        ),
      ).toMatchObject({ status: 200 });
      expect(await call('GET', `/maps/directions?origin=${CHAKAN}`)).toMatchObject(bad);
    });

    it('is behind the desk token', async () => {
      expect((await t.call('GET', `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}`)).status).toBe(401);
    });
  });

  describe('with SERVICE_ROUTING_URL (OSRM)', () => {
    let t: TestApp;
    let call: Call;
    let osrm: Awaited<ReturnType<typeof fakeOsrm>>;
    beforeAll(async () => {
      osrm = await fakeOsrm();
      t = await bootFresh(backend, { routingUrl: osrm.url });
      call = (await t.login('ops@demo.local')).call;
    });
    afterAll(async () => {
      await t?.close();
      await new Promise((done) => osrm?.server.close(done));
    });

    it('answers the road route of the OSRM server', async () => {
      const answer = await call(
        'GET',
        `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}&waypoints=${encodeURIComponent(PUNE)}`,
      );
      expect(osrm.requests.at(-1)).toBe(
        '/route/v1/driving/73.87719,18.750621;73.8567,18.5204;72.8777,19.076?overview=full&geometries=geojson',
      );
      expect(answer.body.data).toMatchObject({
        source: 'osrm',
        distanceKm: 168.4,
        legs: [
          { distanceKm: 27.3, durationMin: 40, estimate: false },
          { distanceKm: 141.1, durationMin: 170, estimate: false },
        ],
      });
      expect(answer.body.data.path).toHaveLength(7);
    });

    it('falls back to straight-line estimates when OSRM finds no route', async () => {
      const answer = await call('GET', `/maps/directions?origin=${CHAKAN}&destination=${MUMBAI}`);
      expect(osrm.requests.at(-1)).toBe(
        '/route/v1/driving/73.87719,18.750621;72.8777,19.076?overview=full&geometries=geojson',
      );
      expect(answer.body.data).toMatchObject({ source: 'straight', legs: [{ estimate: true, durationMin: null }] });
    });
  });
});
