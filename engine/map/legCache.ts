import { distanceKm } from '../../schemas/haversine';
import type { DirectionsLeg, DirectionsResult, LatLngPoint, MapProvider } from './types';

/** How long a road leg is reused (a router's answer for the same two points does not change within a session). */
const ROAD_LEG_MS = 10 * 60_000;
/** How long a straight-line leg is reused: it may stand for a router that was down a moment ago. */
const ESTIMATE_LEG_MS = 60_000;
/** Most legs kept; the oldest go first. */
const MAX_LEGS = 2_000;

type Path = [number, number][];

/** One leg between two points, with its part of the line. */
interface StoredLeg {
  leg: DirectionsLeg;
  path: Path;
  source: DirectionsResult['source'];
  until: number;
}

const isKept = (leg: StoredLeg | undefined): leg is StoredLeg => leg !== undefined;

const pointKey = ({ lat, lng }: LatLngPoint) => `${lat.toFixed(6)},${lng.toFixed(6)}`;
const at = ([lat, lng]: [number, number]): LatLngPoint => ({ lat, lng });
const squared = ([lat, lng]: [number, number], point: LatLngPoint) => (lat - point.lat) ** 2 + (lng - point.lng) ** 2;

/** How far a line's nearest vertex may lie from a stop for the line to be cut there (a router snaps stops to roads). */
const MAX_SNAP_KM = 2;
/** How far along the line (as a share of its length) a stop's cut is looked for around where its legs' lengths put it. */
const WINDOW = 0.15;
/** How long a leg's answer is waited for before the route is asked for whole. */
const LEG_WAIT_MS = 15_000;

/**
 * A route's line cut into its legs. Each stop between the ends is cut at the vertex nearest to it, looked for around
 * where the legs' lengths put it along the line (so a line passing the stop twice, out and back, is cut on the right
 * pass) and after the previous cut. Empty when a stop lies farther than 2 km from the line: such a cut would be a
 * guess, and a guessed leg would be drawn again for other orders.
 */
export function splitPath(path: Path, points: LatLngPoint[], legKm?: number[]): Path[] {
  const stops = points.length - 2;
  if (stops < 0 || path.length < 2) return [];
  const along = [0];
  for (let j = 1; j < path.length; j++) along.push(along[j - 1] + distanceKm(at(path[j - 1]), at(path[j])));
  const total = along[path.length - 1];
  const lengths =
    legKm?.length === points.length - 1 && legKm.some((km) => km > 0)
      ? legKm
      : points.slice(1).map((to, i) => distanceKm(points[i], to));
  const sum = lengths.reduce((a, b) => a + b, 0) || 1;
  const cuts = [0];
  let reached = 0;
  for (let k = 1; k <= stops; k++) {
    reached += lengths[k - 1];
    const expected = (total * reached) / sum;
    const from = cuts[k - 1];
    // Leave a vertex for each stop still to cut, so the cuts stay in order.
    const last = Math.max(from, path.length - 1 - (stops - k) - 1);
    let best = -1;
    for (let pass = 0; pass < 2 && best < 0; pass++) {
      for (let j = from; j <= last; j++) {
        if (pass === 0 && Math.abs(along[j] - expected) > WINDOW * total) continue;
        if (best < 0 || squared(path[j], points[k]) < squared(path[best], points[k])) best = j;
      }
    }
    if (best < 0 || distanceKm(at(path[best]), points[k]) > MAX_SNAP_KM) return [];
    cuts.push(best);
  }
  cuts.push(path.length - 1);
  return cuts.slice(1).map((end, i) => path.slice(cuts[i], Math.max(end, cuts[i] + 1) + 1));
}

/** Legs in order as one answer: their lines joined, their distances added. */
function compose(stored: StoredLeg[]): DirectionsResult {
  const sources = new Set(stored.map((s) => s.source));
  const path: Path = stored.flatMap((s, i) => (i ? s.path.slice(1) : s.path));
  const distanceKm = Math.round(stored.reduce((sum, s) => sum + s.leg.distanceKm, 0) * 10) / 10;
  const source = sources.size === 1 ? stored[0].source : ([...sources].find((s) => s !== 'straight') ?? 'straight');
  return { source, legs: stored.map((s) => s.leg), path, distanceKm };
}

/**
 * Directions assembled leg by leg. A route's directions are its legs' (each from one stop to the next, whatever comes
 * before or after), so a reorder only needs the legs it creates: the others are taken from earlier answers. Missing
 * legs are asked of the provider in runs of consecutive stops, at once; a leg already being asked for is awaited, not
 * asked again. `prefetch` asks for an order's missing legs ahead of time, e.g. for the order under a dragged row, so
 * the drop draws at once.
 */
export function createLegCache(now: () => number = Date.now) {
  const legs = new Map<string, StoredLeg>();
  const pending = new Map<string, Promise<void>>();

  const keyOf = (provider: MapProvider, a: LatLngPoint, b: LatLngPoint) =>
    `${provider.name}|${pointKey(a)}|${pointKey(b)}`;

  function fresh(key: string): StoredLeg | undefined {
    const stored = legs.get(key);
    if (stored && stored.until > now()) return stored;
    if (stored) legs.delete(key);
    return undefined;
  }

  function store(key: string, value: Omit<StoredLeg, 'until'>) {
    legs.delete(key);
    legs.set(key, { ...value, until: now() + (value.leg.estimate ? ESTIMATE_LEG_MS : ROAD_LEG_MS) });
    while (legs.size > MAX_LEGS) legs.delete(legs.keys().next().value!);
  }

  /** Asks for the legs `first`..`last` (indexes of legs) of `points` in one call and keeps what comes back. */
  function askRun(
    provider: MapProvider,
    points: LatLngPoint[],
    keys: string[],
    first: number,
    last: number,
  ): Promise<void> {
    const run = points.slice(first, last + 2);
    // An answer that never comes is given up after a while (the route is then asked for whole), not waited on forever.
    const answer = Promise.race([
      provider.directions(run),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), LEG_WAIT_MS)),
    ]);
    const asked = answer
      .then((result) => {
        if (!result || result.legs.length !== run.length - 1) return;
        const paths = splitPath(
          result.path,
          run,
          result.legs.map((leg) => leg.distanceKm),
        );
        if (paths.length !== result.legs.length) return;
        result.legs.forEach((leg, i) => {
          store(keys[first + i], { leg, path: paths[i], source: result.source });
        });
      })
      .catch(() => undefined)
      .finally(() => {
        for (let i = first; i <= last; i++) if (pending.get(keys[i]) === asked) pending.delete(keys[i]);
      });
    for (let i = first; i <= last; i++) pending.set(keys[i], asked);
    return asked;
  }

  /** Starts asking for every leg of `points` that is neither kept nor asked for; resolves when all of them are settled. */
  function fill(provider: MapProvider, points: LatLngPoint[]): { keys: string[]; settled: Promise<unknown> } {
    const keys = points.slice(1).map((to, i) => keyOf(provider, points[i], to));
    const waits: Promise<void>[] = [];
    let runStart = -1;
    keys.forEach((key, i) => {
      const missing = !fresh(key) && !pending.has(key);
      if (pending.has(key)) waits.push(pending.get(key)!);
      if (missing && runStart < 0) runStart = i;
      const runEnds = runStart >= 0 && (!missing || i === keys.length - 1);
      if (runEnds) {
        waits.push(askRun(provider, points, keys, runStart, missing ? i : i - 1));
        runStart = -1;
      }
    });
    return { keys, settled: Promise.all(waits) };
  }

  return {
    /** The directions through the points when every leg is kept (drawn in the same frame as the markers), else null. */
    kept(provider: MapProvider, points: LatLngPoint[]): DirectionsResult | null {
      if (points.length < 2) return null;
      const stored = points.slice(1).map((to, i) => fresh(keyOf(provider, points[i], to)));
      return stored.every(isKept) ? compose(stored) : null;
    },
    /** Directions through the points in order; null for fewer than two points or when the provider has no answer. */
    async route(provider: MapProvider, points: LatLngPoint[]): Promise<DirectionsResult | null> {
      if (points.length < 2) return null;
      const { keys, settled } = fill(provider, points);
      await settled;
      const stored = keys.map(fresh);
      if (stored.every(isKept)) return compose(stored);
      // A leg whose answer could not be split or kept: the whole route in one call, as the provider gives it.
      return provider.directions(points);
    },
    /** Asks ahead for the legs of an order the route may take (nothing happens for fewer than two points). */
    prefetch(provider: MapProvider, points: LatLngPoint[]): void {
      if (points.length >= 2) fill(provider, points);
    },
    /** Forgets every leg (tests). */
    clear(): void {
      legs.clear();
      pending.clear();
    },
  };
}

/** The console's legs, shared by its maps (a route's map and the drag that reorders its waypoints). */
export const legCache = createLegCache();
