import { routeBulkRowSchema } from '../../schemas/route-bulk';
import { ROUTE_CODE_TAKEN } from '../../schemas/route';
import type { RouteBulkResult } from '../../schemas/api/main';
import { checked } from '../http/validation';
import { routeRepository, type NewRoute } from '../repos/route-repository';
import type { Scope } from '../repos/scope-repository';
import type { Store } from '../store/store';
import { saveBulk } from './bulk-rows';

/**
 * One row of the bulk route create, checked on its own (so a bad row spoils no other): its messages joined, or the
 * route it describes, whose first place is the loading point, last the unloading point and those between the
 * waypoints.
 */
export function readRouteBulkRow(row: unknown): { refused: string } | { row: NewRoute } {
  const result = checked(routeBulkRowSchema, row);
  if ('errors' in result) return { refused: result.errors.join(', ') };
  const { places, ...rest } = result.value;
  return {
    row: {
      route: { ...rest, origin: places[0], destination: places[places.length - 1] },
      waypoints: places.slice(1, -1),
    },
  };
}

/**
 * Places stored by one statement (a route counts its two ends and its waypoints): small enough that a chunk's
 * transaction, row triggers included, holds PGlite's single connection only briefly.
 */
const PLACES_PER_CHUNK = 500;

/**
 * company_routes/create: validates and stores each bulk row in `scope`, answering one {@link RouteBulkResult} per
 * row in the body's order. allOrNone: nothing is stored when a row fails, and the call answers 400 naming the failed
 * rows (see {@link saveBulk}).
 */
export async function saveRouteRows(
  store: Store,
  scope: Scope,
  rows: unknown[],
  allOrNone: boolean,
  by: string,
): Promise<RouteBulkResult[]> {
  const outcomes = await saveBulk(store, rows, allOrNone, {
    read: readRouteBulkRow,
    store: async (q, items) =>
      (
        await routeRepository.insertMany(
          q,
          scope,
          items.map((item) => item.row),
          by,
        )
      ).map((id) => ({ saved: id })),
    // The only unique index a new route can break: a code the company has, or one an earlier row took.
    duplicate: ROUTE_CODE_TAKEN,
    weight: (row) => 2 + row.waypoints.length,
    chunk: PLACES_PER_CHUNK,
  });
  return outcomes.map((outcome) => ('refused' in outcome ? { error: outcome.refused } : { routeId: outcome.saved }));
}
