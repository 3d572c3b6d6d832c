import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useEndpoint } from '../../engine/data/useEndpoint';
import { feedback } from '../../engine/feedback';
import { routeMarkers, type MapPlace } from '../../engine/map/markers';
import { prefetchDirections } from '../../engine/map/provider';
import type { MapMarker } from '../../engine/map/types';
import { useScope } from '../../engine/scope/useScope';
import { WAYPOINT_MSG } from '../../schemas/messages';
import type { Route } from '../../schemas/api/main';
import { httpWaypointApi, waypointCalls, type WaypointApi } from './waypointApi';
import {
  emptyState,
  isAdding,
  orderOf,
  saveBlock,
  toWaypointBody,
  waypointReducer,
  type WaypointEvent,
  type WaypointRow,
  type WaypointState,
} from './waypointModel';

/** The query-string key of the chosen route, beside the filter bar's scope (so a reload shows the same route). */
export const ROUTE_QUERY_KEY = 'routeId';

type RoutePlace = Route['origin'];

/** A route end as a map place, when it has coordinates. */
const mapPlace = (place: RoutePlace | undefined): MapPlace | null => {
  const location = place?.google?.geometry?.location;
  return location ? { lat: location.lat, lng: location.lng, title: place.label || place.address || '' } : null;
};

/**
 * The waypoint editor's controller (spec 000 sections 2.5 and 4): the route chosen in the query string (the view's
 * select searches the company's routes), its waypoints as rows (see `waypointReducer`), and the actions that call the API and show the spec's
 * messages; also the markers of the map (origin O, saved waypoints in sequence, destination D). No DOM: the view
 * renders what this returns.
 */
export function useWaypointEditor(api: WaypointApi = httpWaypointApi) {
  const [scope] = useScope();
  const [params, setParams] = useSearchParams();
  const ready = Boolean(scope.companyId);
  const wantedRoute = params.get(ROUTE_QUERY_KEY) ?? '';

  // The route chosen, read by its id (a company's routes are never read whole: the select searches them).
  const routeRead = useEndpoint(waypointCalls.routes, { scope, query: { id: wantedRoute } }, ready && !!wantedRoute);
  const route = routeRead.data?.find((r) => r.id === wantedRoute);
  const routeId = ready && route ? wantedRoute : '';

  const selectRoute = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(ROUTE_QUERY_KEY, id);
        else next.delete(ROUTE_QUERY_KEY);
        return next;
      }),
    [setParams],
  );

  // A route of another company (left in the query string when the company changed) is no choice.
  const routeGone = Boolean(routeRead.error) || (routeRead.data !== undefined && !route);
  useEffect(() => {
    if (wantedRoute && routeGone) selectRoute('');
  }, [wantedRoute, routeGone, selectRoute]);

  // The state lives in a ref as well, so an action reads the state it changes (two quick moves build on each other).
  const [state, setState] = useState<WaypointState>(emptyState);
  const current = useRef<WaypointState>(emptyState);
  const apply = useCallback((event: WaypointEvent) => {
    const next = waypointReducer(current.current, event);
    current.current = next;
    setState(next);
    return next;
  }, []);

  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  // Each route choice (or scope) is a generation: answers of an earlier one are dropped.
  const generation = useRef(0);
  const scopeKey = JSON.stringify([scope.companyId, scope.branchId, scope.departmentId, scope.companyType]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `scope` is read through scopeKey: a new object with the same values is the same scope
  const load = useCallback(
    async (id: string) => {
      const mine = ++generation.current;
      apply({ type: 'clear' });
      setFailed(false);
      if (!id) return;
      setLoading(true);
      const result = await api.waypoints(scope, id);
      if (mine !== generation.current) return;
      setLoading(false);
      if (result.ok && Array.isArray(result.data)) apply({ type: 'load', waypoints: result.data });
      else {
        // Spec 000 section 8: the sheet and the map are cleared.
        feedback.error(WAYPOINT_MSG.fetchError);
        setFailed(true);
      }
    },
    [api, apply, scopeKey],
  );

  useEffect(() => {
    void load(routeId);
  }, [load, routeId]);

  const add = useCallback(() => {
    if (routeId) apply({ type: 'add' });
  }, [apply, routeId]);
  const edit = useCallback(
    (patch: Extract<WaypointEvent, { type: 'edit' }>['patch']) => apply({ type: 'edit', patch }),
    [apply],
  );
  const cancel = useCallback(() => apply({ type: 'cancel' }), [apply]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `scope` is read through scopeKey: a new object with the same values is the same scope
  const save = useCallback(async () => {
    const row = current.current.rows.find((r) => !r.id);
    if (!row || saveBlock(row) || saving) return;
    const mine = generation.current;
    setSaving(true);
    const result = await api.create(scope, routeId, toWaypointBody(row));
    setSaving(false);
    if (mine !== generation.current) return;
    if (result.ok && result.data?.id) {
      apply({ type: 'saved', id: result.data.id });
      feedback.success(WAYPOINT_MSG.added);
    } else feedback.error(WAYPOINT_MSG.addError);
  }, [api, apply, routeId, saving, scopeKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `scope` is read through scopeKey: a new object with the same values is the same scope
  const remove = useCallback(
    async (id: string) => {
      const mine = generation.current;
      const result = await api.remove(scope, id);
      if (mine !== generation.current) return;
      if (result.ok) {
        apply({ type: 'removed', id });
        feedback.success(WAYPOINT_MSG.deleted);
      } else feedback.error(WAYPOINT_MSG.deleteError);
    },
    [api, apply, scopeKey],
  );

  // Reorders are sent one after another, each with the whole order, so the last one the operator made is stored last.
  const reorders = useRef<Promise<void>>(Promise.resolve());
  const lastReorder = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `scope` is read through scopeKey: a new object with the same values is the same scope
  const move = useCallback(
    (from: number, to: number) => {
      const before = current.current;
      const next = apply({ type: 'move', from, to });
      if (next === before) return;
      const ids = orderOf(next);
      const mine = generation.current;
      const ticket = ++lastReorder.current;
      reorders.current = reorders.current.then(async () => {
        const result = await api.reorder(scope, routeId, ids);
        if (mine !== generation.current || ticket !== lastReorder.current) return;
        if (result.ok && Array.isArray(result.data)) apply({ type: 'load', waypoints: result.data });
        // Not stored (the server said why in a toast): show the order the server has.
        else void load(routeId);
      });
    },
    [api, apply, load, routeId, scopeKey],
  );

  const markersOf = useCallback(
    (rows: WaypointRow[]): MapMarker[] => {
      if (failed || !routeId) return [];
      const waypoints = rows.flatMap((row) =>
        row.id && row.location
          ? [{ lat: row.location.lat, lng: row.location.lng, title: row.label || row.address }]
          : [],
      );
      return routeMarkers({ origin: mapPlace(route?.origin), waypoints, destination: mapPlace(route?.destination) });
    },
    [failed, routeId, route],
  );
  const markers = useMemo(() => markersOf(state.rows), [markersOf, state.rows]);

  /**
   * A row dragged from `from` over position `to` (or just lifted, `to` = `from`): the directions of that order (of the
   * others, closing its gap) are asked for ahead of the drop, so the map draws the new order in the drop's frame.
   */
  const preview = useCallback(
    (from: number, to: number) => {
      const before = current.current;
      if (isAdding(before)) return;
      const rows =
        from === to
          ? before.rows.filter((_, i) => i !== from)
          : waypointReducer(before, { type: 'move', from, to }).rows;
      prefetchDirections(markersOf(rows).map((m) => m.position));
    },
    [markersOf],
  );

  const adding = isAdding(state);
  return {
    /** Whether a company is chosen (else the screen asks for one). */
    ready,
    routeId,
    selectRoute,
    rows: state.rows,
    counter: state.counter,
    loading,
    adding,
    /** '+Add' is enabled once a route is chosen, and while no temporary row is open. */
    canAdd: Boolean(routeId) && !adding && !loading,
    saving,
    add,
    edit,
    cancel,
    save,
    remove,
    move,
    preview,
    markers,
  };
}

/** What {@link useWaypointEditor} returns: what the view renders. */
export type WaypointEditor = ReturnType<typeof useWaypointEditor>;
