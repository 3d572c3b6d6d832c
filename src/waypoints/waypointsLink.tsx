import { Link } from 'react-router';
import type { FormPart } from '../../engine/form/types';
import { writeScope } from '../../engine/scope/scope';
import { ROUTE_QUERY_KEY } from './useWaypointEditor';

/**
 * A route form's link 'Waypoints' beside its Submit, to the waypoint editor at `path` on the route being edited (its
 * id from the page's path, or from the list row a quick-edit dialog was opened on), in the same scope. A route not
 * saved yet has no waypoints to edit: no link.
 */
export function waypointsLink<D extends Record<string, unknown>>(path: string): FormPart<D> {
  return ({ ctx, editing }) => {
    const id = ctx.params.id ?? (ctx.row && typeof ctx.row.id === 'string' ? ctx.row.id : undefined);
    if (!id || (!editing && !ctx.row)) return {};
    const search = writeScope(new URLSearchParams({ [ROUTE_QUERY_KEY]: id }), ctx.scope).toString();
    return { buttons: <Link to={{ pathname: path, search: `?${search}` }}>Waypoints</Link> };
  };
}
