import { describe, expect, it } from 'vitest';
import { straightDirections } from '../../server/routing/directions';
import { createLegCache, splitPath } from './legCache';
import type { DirectionsResult, LatLngPoint, MapProvider } from './types';

const at = (lat: number, lng: number): LatLngPoint => ({ lat, lng });
const [O, A, B, C, D] = [at(22.8, 86.2), at(22.7, 86.6), at(22.6, 87.0), at(22.65, 87.4), at(22.57, 88.36)];

/** A provider answering straight legs (the server's rule) and recording the points of each call. */
function provider(answer: (points: LatLngPoint[]) => DirectionsResult | null = straightDirections) {
  const calls: LatLngPoint[][] = [];
  const p: MapProvider = {
    name: 'offline',
    mount: () => Promise.reject(new Error('no map in this test')),
    directions: async (points) => {
      calls.push(points);
      return answer(points);
    },
  };
  return { p, calls };
}

describe('splitPath', () => {
  it('cuts a straight line at its stops', () => {
    const points = [O, A, B, D];
    expect(splitPath(straightDirections(points).path, points)).toEqual([
      [
        [O.lat, O.lng],
        [A.lat, A.lng],
      ],
      [
        [A.lat, A.lng],
        [B.lat, B.lng],
      ],
      [
        [B.lat, B.lng],
        [D.lat, D.lng],
      ],
    ]);
  });

  it('cuts an out-and-back line on the pass its legs put the stop on, and not at all when a stop is off the line', () => {
    // Out to (0, 0.2), back past (0, 0.1) again to (0, 0.05): the stop (0, 0.1) is passed twice (nearer on the way
    // back); by its leg's length it is the first pass.
    const path: [number, number][] = [
      [0, 0],
      [0, 0.05],
      [0.001, 0.1],
      [0, 0.15],
      [0, 0.2],
      [0, 0.15],
      [0, 0.1],
      [0, 0.05],
    ];
    const points = [at(0, 0), at(0, 0.1), at(0, 0.05)];
    expect(splitPath(path, points, [11.1, 16.7])).toEqual([path.slice(0, 3), path.slice(2)]);
    expect(splitPath(path, [at(0, 0), at(1, 0.1), at(0, 0.05)])).toEqual([]);
  });

  it('cuts a road line at the vertex nearest each stop, in order', () => {
    const path: [number, number][] = [
      [0, 0],
      [0, 1],
      [0.01, 2],
      [0, 3],
      [0, 4],
    ];
    expect(splitPath(path, [at(0, 0), at(0, 2), at(0, 4)])).toEqual([path.slice(0, 3), path.slice(2)]);
  });
});

describe('the leg cache', () => {
  it('answers as the provider does for a whole route', async () => {
    const { p } = provider();
    const points = [O, A, B, C, D];
    expect(await createLegCache().route(p, points)).toEqual(straightDirections(points));
  });

  it('asks only for the legs a reorder creates, in runs of consecutive stops', async () => {
    const { p, calls } = provider();
    const cache = createLegCache();
    await cache.route(p, [O, A, B, C, D]);
    calls.length = 0;
    // C moved to the front: O→C→A are new and consecutive, B→D closes the gap; A→B is kept.
    const moved = await cache.route(p, [O, C, A, B, D]);
    expect(calls).toEqual([
      [O, C, A],
      [B, D],
    ]);
    expect(moved).toEqual(straightDirections([O, C, A, B, D]));
  });

  it('a prefetched order draws without asking again, and a leg being asked for is awaited, not asked twice', async () => {
    const { p, calls } = provider();
    const cache = createLegCache();
    await cache.route(p, [O, A, B, D]);
    calls.length = 0;
    cache.prefetch(p, [O, B, A, D]);
    const drawn = await cache.route(p, [O, B, A, D]);
    expect(calls).toEqual([[O, B, A, D]]);
    expect(drawn).toEqual(straightDirections([O, B, A, D]));
    calls.length = 0;
    await cache.route(p, [O, B, A, D]);
    expect(calls).toEqual([]);
  });

  it('keeps straight-line estimates a minute and road legs ten, then asks again', async () => {
    let clock = 0;
    const { p, calls } = provider();
    const cache = createLegCache(() => clock);
    await cache.route(p, [O, D]);
    clock = 59_000;
    await cache.route(p, [O, D]);
    expect(calls).toHaveLength(1);
    clock = 61_000;
    await cache.route(p, [O, D]);
    expect(calls).toHaveLength(2);
  });

  it('asks for the whole route in one call when a leg has no answer, and keeps nothing of it', async () => {
    // This provider has no answer for two points alone.
    const { p, calls } = provider((points) => (points.length === 2 ? null : straightDirections(points)));
    const cache = createLegCache();
    await cache.route(p, [O, A, D]);
    calls.length = 0;
    // A→B→D is new: asked as one run; O→A is kept from the first call.
    expect(await cache.route(p, [O, A, B, D])).toEqual(straightDirections([O, A, B, D]));
    expect(calls).toEqual([[A, B, D]]);
    calls.length = 0;
    expect(await cache.route(p, [O, D])).toBeNull();
    expect(calls).toEqual([
      [O, D],
      [O, D],
    ]);
    calls.length = 0;
    await cache.route(p, [O, D]).catch(() => null);
    expect(calls).toEqual([
      [O, D],
      [O, D],
    ]);
  });
});
