import { callEndpoint, endpoint } from '../data/endpoint';
import { mapCalls } from '../../schemas/api/maps';
import type { DirectionsResult, LatLngPoint } from './types';

const directionsCall = endpoint(mapCalls.directions);

/** Label of a leg or total that is a great-circle distance rather than a road's: the map never passes it off as a road. */
export const STRAIGHT_LINE_LABEL = 'Straight-line estimate';

const latlng = ({ lat, lng }: LatLngPoint) => `${lat},${lng}`;

/**
 * Directions from the platform API (`GET /maps/directions`): OSRM roads when the server has `SERVICE_ROUTING_URL`,
 * else straight legs marked as estimates. Null for fewer than two points or when the call fails.
 */
export async function serverDirections(points: LatLngPoint[], signal?: AbortSignal): Promise<DirectionsResult | null> {
  if (points.length < 2) return null;
  const query = {
    origin: latlng(points[0]),
    destination: latlng(points[points.length - 1]),
    ...(points.length > 2 && { waypoints: points.slice(1, -1).map(latlng).join('|') }),
  };
  const result = await callEndpoint(directionsCall, { query }, { quiet: true, signal });
  if (!result.ok || !result.data) return null;
  // The answer's schema says a list of two numbers per point (OpenAPI 3.1 has no older tuple form): as pairs.
  return { ...result.data, path: result.data.path.map(([lat = 0, lng = 0]) => [lat, lng]) };
}

/** A distance as the map shows it: `168.4 km`. */
export const formatKm = (km: number) => `${km.toLocaleString('en-IN', { maximumFractionDigits: 1 })} km`;

/** A driving time as the map shows it: `2 h 50 min`, `40 min`. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

/**
 * One line per leg, e.g. `O → 1: 25.7 km (Straight-line estimate)` or `1 → D: 141.1 km, 2 h 50 min`, and the total
 * (`Total: 168.4 km, 3 h 30 min`) with whether any leg is an estimate (the view then tags the total so).
 */
export function describeDirections(
  directions: DirectionsResult,
  labels: string[],
): { legs: string[]; total: string; estimate: boolean } {
  const text = (km: number, minutes: number | null, estimate: boolean) =>
    `${formatKm(km)}${minutes !== null ? `, ${formatMinutes(minutes)}` : ''}${estimate ? ` (${STRAIGHT_LINE_LABEL})` : ''}`;
  const legs = directions.legs.map(
    (leg, i) => `${labels[i] ?? i} → ${labels[i + 1] ?? i + 1}: ${text(leg.distanceKm, leg.durationMin, leg.estimate)}`,
  );
  const minutes = directions.legs.every((leg) => leg.durationMin !== null)
    ? directions.legs.reduce((sum, leg) => sum + (leg.durationMin ?? 0), 0)
    : null;
  return {
    legs,
    total: `Total: ${text(directions.distanceKm, minutes, false)}`,
    estimate: directions.legs.some((leg) => leg.estimate),
  };
}
