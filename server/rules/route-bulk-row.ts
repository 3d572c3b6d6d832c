import { routeBulkRowSchema } from '../../schemas/route-bulk';
import type { RoutePlace } from '../../schemas/route';
import { checked } from '../http/validation';
import type { RouteWrite } from '../repos/route-repository';

/**
 * One row of the bulk route create, checked on its own (so a bad row spoils no other): its messages joined, or the
 * route it describes, whose first place is the loading point, last the unloading point and those between the
 * waypoints.
 */
export function readRouteBulkRow(row: unknown): { error: string } | { route: RouteWrite; waypoints: RoutePlace[] } {
  const result = checked(routeBulkRowSchema, row);
  if ('errors' in result) return { error: result.errors.join(', ') };
  const { places, ...rest } = result.value;
  return { route: { ...rest, origin: places[0], destination: places[places.length - 1] }, waypoints: places.slice(1, -1) };
}
