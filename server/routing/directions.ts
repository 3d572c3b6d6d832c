/**
 * Driving directions for `GET /maps/directions`: an OSRM server's road route when `SERVICE_ROUTING_URL` is set, else
 * straight legs with great-circle distances, marked as estimates so the map never passes them off as roads.
 */
import type { DirectionsResult, LatLngPoint } from '../../schemas/directions';
import { distanceKm } from '../../schemas/haversine';
import { isRecord } from '../../schemas/guards';

/** How long an OSRM server may take before the answer falls back to straight legs. */
export const ROUTING_TIMEOUT_MS = 8000;

/** Directions through points (origin, waypoints…, destination). */
export interface DirectionsService {
  route(points: LatLngPoint[]): Promise<DirectionsResult>;
}

const roundKm = (km: number) => Math.round(km * 10) / 10;

/** Straight legs between consecutive points, each with its haversine distance and no duration. */
export function straightDirections(points: LatLngPoint[]): DirectionsResult {
  const legs = points
    .slice(1)
    .map((to, i) => ({ distanceKm: roundKm(distanceKm(points[i], to)), durationMin: null, estimate: true }));
  return {
    source: 'straight',
    legs,
    path: points.map(({ lat, lng }) => [lat, lng]),
    distanceKm: roundKm(legs.reduce((sum, leg) => sum + leg.distanceKm, 0)),
  };
}

/** The URL of OSRM's route service for the points: `{base}/route/v1/driving/lng,lat;lng,lat?overview=full&geometries=geojson`. */
export function osrmRouteUrl(base: string, points: LatLngPoint[]): string {
  const coordinates = points.map(({ lat, lng }) => `${lng},${lat}`).join(';');
  return `${base.replace(/\/+$/, '')}/route/v1/driving/${coordinates}?overview=full&geometries=geojson`;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A leg of an OSRM route: metres and seconds. */
const isLeg = (leg: unknown): leg is { distance: number; duration: number } =>
  isRecord(leg) && isNumber(leg.distance) && isNumber(leg.duration);

/** A GeoJSON position: `[lng, lat]` (an altitude after them is left). */
const isPosition = (p: unknown): p is [number, number] => Array.isArray(p) && isNumber(p[0]) && isNumber(p[1]);

/**
 * An OSRM route answer as directions, or null when it holds no usable route for these points (`code` other than
 * `Ok`, no route, a leg count that does not match, a geometry that is not a GeoJSON line). Metres become kilometres,
 * seconds minutes, and `[lng, lat]` positions `[lat, lng]`.
 */
export function parseOsrmRoute(answer: unknown, points: LatLngPoint[]): DirectionsResult | null {
  if (!isRecord(answer) || answer.code !== 'Ok' || !Array.isArray(answer.routes)) return null;
  const route: unknown = answer.routes[0];
  if (!isRecord(route)) return null;
  const legs = Array.isArray(route.legs) ? route.legs.filter(isLeg) : [];
  if (legs.length !== points.length - 1 || (Array.isArray(route.legs) && legs.length !== route.legs.length))
    return null;
  const line = route.geometry;
  if (!isRecord(line) || line.type !== 'LineString' || !Array.isArray(line.coordinates)) return null;
  const positions = line.coordinates.filter(isPosition);
  if (positions.length !== line.coordinates.length) return null;
  return {
    source: 'osrm',
    legs: legs.map((leg) => ({
      distanceKm: roundKm(leg.distance / 1000),
      durationMin: Math.round(leg.duration / 60),
      estimate: false,
    })),
    path: positions.map(([lng, lat]) => [lat, lng]),
    distanceKm: roundKm(
      (isNumber(route.distance) ? route.distance : legs.reduce((sum, leg) => sum + leg.distance, 0)) / 1000,
    ),
  };
}

/**
 * The directions service: OSRM at `routingUrl` when given, falling back to straight legs when it fails, times out
 * or finds no route (the answer then says so by its `source` and each leg's `estimate`); straight legs otherwise.
 */
export function createDirections({
  routingUrl,
  fetcher = fetch,
}: {
  routingUrl?: string | null;
  fetcher?: typeof fetch;
} = {}): DirectionsService {
  return {
    async route(points) {
      if (!routingUrl) return straightDirections(points);
      try {
        const res = await fetcher(osrmRouteUrl(routingUrl, points), {
          signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS),
          headers: { accept: 'application/json' },
        });
        // OSRM answers 400 with {code: 'NoRoute'} etc.: those too fall back.
        const parsed = parseOsrmRoute(await res.json().catch(() => null), points);
        return parsed ?? straightDirections(points);
      } catch {
        return straightDirections(points);
      }
    },
  };
}
