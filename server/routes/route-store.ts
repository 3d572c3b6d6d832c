import type { Queryable } from '../store/store';
import type { Scope } from '../http/scope';
import { newId } from '../http/ids';

/** A place as stored: only the fields of the contract, so stray form fields never reach the database. */
export interface StoredPlace {
  label: string;
  address: string;
  cpCode: string;
  geofenceRadius: number;
  google: { place_id: string; formatted_address?: string; geometry?: { location: { lat: number; lng: number } } };
}

/** Route as the API answers it. */
export interface RouteOut {
  id: string;
  code: string;
  label: string;
  stt: number | null;
  origin: StoredPlace;
  destination: StoredPlace;
  updatedBy: string;
  updatedAt: number;
}

type PlaceIn = {
  label?: string;
  address?: string;
  cpCode?: string;
  geofenceRadius?: number;
  google: { place_id: string; formatted_address?: string; geometry?: { location?: { lat: number; lng: number } } };
};

/** The stored form of a place from a request body (defaults: empty texts, radius 2 km). */
export function toStoredPlace(p: PlaceIn): StoredPlace {
  const location = p.google.geometry?.location;
  return {
    label: p.label ?? '',
    address: p.address ?? p.google.formatted_address ?? '',
    cpCode: p.cpCode ?? '',
    geofenceRadius: p.geofenceRadius ?? 2,
    google: {
      place_id: p.google.place_id,
      ...(p.google.formatted_address !== undefined ? { formatted_address: p.google.formatted_address } : {}),
      ...(location ? { geometry: { location: { lat: location.lat, lng: location.lng } } } : {}),
    },
  };
}

/** A place as jsonb parameter text (pg would turn a JS array into a PostgreSQL array, so always send text). */
export const json = (p: PlaceIn) => JSON.stringify(toStoredPlace(p));

/** Columns of `routes` renamed to the API's names. */
export const ROUTE_COLUMNS = `id, code, label, stt, origin, destination, updated_by as "updatedBy", updated_at as "updatedAt"`;

/** The fields of a route a write sets. */
export interface RouteWrite {
  code?: string;
  label: string;
  stt?: number | null;
  origin: PlaceIn;
  destination: PlaceIn;
}

/** Inserts a route in `scope` with its waypoints (in order, sequence from 1); returns the stored route. */
export async function insertRoute(
  q: Queryable,
  scope: Scope,
  route: RouteWrite,
  by: string,
  waypoints: PlaceIn[] = [],
): Promise<RouteOut> {
  const row = (await q.one<RouteOut>(
    `insert into routes (id, company_id, branch_id, department_id, code, label, stt, origin, destination,
                         updated_by, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning ${ROUTE_COLUMNS}`,
    [
      newId('rt'), scope.companyId, scope.branchId, scope.departmentId, route.code ?? '', route.label.trim(),
      route.stt ?? null, json(route.origin), json(route.destination), by, Date.now(),
    ],
  ))!;
  for (const [i, place] of waypoints.entries()) {
    await q.query('insert into route_waypoints (id, route_id, sequence, place) values ($1, $2, $3, $4)', [
      newId('wp'), row.id, i + 1, json(place),
    ]);
  }
  return row;
}

/** Updates a route of the company (ownership checked by the caller); returns the stored route. */
export async function updateRoute(q: Queryable, id: string, route: RouteWrite, by: string): Promise<RouteOut> {
  return (await q.one<RouteOut>(
    `update routes set code = $2, label = $3, stt = $4, origin = $5, destination = $6, updated_by = $7,
            updated_at = $8
      where id = $1 returning ${ROUTE_COLUMNS}`,
    [
      id, route.code ?? '', route.label.trim(), route.stt ?? null, json(route.origin),
      json(route.destination), by, Date.now(),
    ],
  ))!;
}
