import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, type HttpResult } from '../../engine/data/http';
import { bindFeedback } from '../../engine/feedback';
import { WAYPOINT_MSG } from '../../schemas/messages';
import { at, routes, tataSteel } from '../stories/fixtures';
import { useWaypointEditor } from './useWaypointEditor';
import type { WaypointApi } from './waypointApi';
import type { StoredWaypoint } from './waypointModel';

const toasts: string[] = [];
const ROUTE = routes[0];

const waypoint = (id: string, sequence: number, lat: number): StoredWaypoint => ({
  id,
  sequence,
  label: `Halt ${id}`,
  address: `Halt ${id}, India`,
  cpCode: '',
  geofenceRadius: 2,
  google: { place_id: `pl_${id}`, geometry: { location: { lat, lng: 73.5 } } },
});

const ok = <T,>(data: T): HttpResult<T> => ({
  ok: true,
  status: 200,
  data,
  body: { success: true, data, message: [] },
  messages: [],
});
const failed = <T,>(): HttpResult<T> => ({ ok: false, status: 500, messages: ['Internal error'], body: null });

/** A fake of the waypoint calls: a stored route of three waypoints (sequence 4, 5, 6: the editor numbers from 1). */
function fakeApi(overrides: Partial<WaypointApi> = {}) {
  let stored = [waypoint('a', 4, 18.6), waypoint('b', 5, 18.7), waypoint('c', 6, 18.8)];
  const api = {
    waypoints: vi.fn(async () => ok(stored)),
    create: vi.fn(async () => ok({ id: 'wp_new' })),
    remove: vi.fn(async (_scope, id: string) => {
      stored = stored.filter((w) => w.id !== id);
      return ok(null);
    }),
    reorder: vi.fn(async (_scope, _routeId, ids: string[]) => {
      stored = ids.map((id, i) => ({ ...stored.find((w) => w.id === id)!, sequence: i + 1 }));
      return ok(stored);
    }),
    ...overrides,
  } satisfies WaypointApi;
  return api;
}

/** Writes the router's query string into `into` as it renders. */
function Probe({ into }: { into: { search: string } }) {
  into.search = useLocation().search;
  return null;
}

/** The hook under a router at /way-point with Tata Steel and `routeId` in the query string, and the URL it leaves. */
function renderEditor(api: WaypointApi, routeId: string | null = ROUTE.id) {
  const location = { search: '' };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[at('/way-point', tataSteel, routeId ? { routeId } : {})]}>
        <Probe into={location} />
        {children}
      </MemoryRouter>
    </SWRConfig>
  );
  return { ...renderHook(() => useWaypointEditor(api), { wrapper }), location };
}

beforeEach(() => {
  toasts.length = 0;
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  // The routes fetch: the chosen route by id, for its origin and destination.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const id = new URL(url, 'http://console').searchParams.get('id');
      const data = id ? routes.filter((r) => r.id === id) : routes;
      return new Response(JSON.stringify({ success: true, data, message: [] }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('useWaypointEditor', () => {
  it("loads the chosen route's waypoints numbered from 1, with the map's O, 1, 2, 3, D", async () => {
    const api = fakeApi();
    const { result } = renderEditor(api);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    expect(result.current.rows.map((r) => r.sequence)).toEqual([1, 2, 3]);
    expect(api.waypoints).toHaveBeenCalledWith(expect.objectContaining({ companyId: tataSteel.companyId }), ROUTE.id);
    await waitFor(() => expect(result.current.markers.map((m) => m.label)).toEqual(['O', '1', '2', '3', 'D']));
    expect(result.current.markers[0].title).toBe(ROUTE.origin.label);
    expect(result.current.canAdd).toBe(true);
  });

  it('has nothing to add to before a route is chosen, and forgets a route the company does not have', async () => {
    const none = renderEditor(fakeApi(), null);
    expect(none.result.current.ready).toBe(true);
    expect(none.result.current.canAdd).toBe(false);
    const foreign = renderEditor(fakeApi(), 'rt_of_another_company');
    await waitFor(() => expect(foreign.location.search).not.toContain('routeId'));
    expect(foreign.result.current.routeId).toBe('');
  });

  it('saves the temporary row through the create call: its id, +Add again, the success message', async () => {
    const api = fakeApi();
    const { result } = renderEditor(api);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.add());
    expect(result.current.canAdd).toBe(false);
    act(() =>
      result.current.edit({
        label: 'Lonavala',
        placeId: 'pl_lonavala',
        address: 'Lonavala, India',
        location: { lat: 18.75, lng: 73.4 },
      }),
    );
    await act(() => result.current.save());
    expect(api.create).toHaveBeenCalledWith(
      expect.anything(),
      ROUTE.id,
      expect.objectContaining({
        label: 'Lonavala',
        geofenceRadius: 2,
        google: expect.objectContaining({ place_id: 'pl_lonavala' }),
      }),
    );
    expect(result.current.rows.at(-1)).toMatchObject({ id: 'wp_new', sequence: 4 });
    expect(result.current.canAdd).toBe(true);
    expect(toasts).toEqual([`success: ${WAYPOINT_MSG.added}`]);
    expect(result.current.markers.map((m) => m.label)).toEqual(['O', '1', '2', '3', '4', 'D']);
  });

  it('keeps the temporary row when the create call fails, and says so', async () => {
    const api = fakeApi({ create: vi.fn(async () => failed<{ id: string }>()) });
    const { result } = renderEditor(api);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.add());
    act(() => result.current.edit({ label: 'Lonavala', placeId: 'pl_lonavala' }));
    await act(() => result.current.save());
    expect(toasts).toEqual([`error: ${WAYPOINT_MSG.addError}`]);
    expect(result.current.adding).toBe(true);
  });

  it('stores a move through the reorder call; a refused one shows the stored order again', async () => {
    const api = fakeApi();
    const { result } = renderEditor(api);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    act(() => result.current.move(2, 0));
    expect(result.current.rows.map((r) => [r.id, r.sequence])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    await waitFor(() => expect(api.reorder).toHaveBeenCalledWith(expect.anything(), ROUTE.id, ['c', 'a', 'b']));

    vi.mocked(api.reorder).mockImplementationOnce(async () => failed<StoredWaypoint[]>());
    act(() => result.current.move(0, 2));
    expect(result.current.rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    await waitFor(() => expect(result.current.rows.map((r) => r.id)).toEqual(['c', 'a', 'b']));
    expect(api.waypoints).toHaveBeenCalledTimes(2);
  });

  it('deletes and renumbers, with the messages of success and failure', async () => {
    const api = fakeApi();
    const { result } = renderEditor(api);
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    await act(() => result.current.remove('a'));
    expect(result.current.rows.map((r) => [r.id, r.sequence])).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    vi.mocked(api.remove).mockImplementationOnce(async () => failed());
    await act(() => result.current.remove('b'));
    expect(result.current.rows).toHaveLength(2);
    expect(toasts).toEqual([`success: ${WAYPOINT_MSG.deleted}`, `error: ${WAYPOINT_MSG.deleteError}`]);
  });

  it('a failed waypoint fetch says so and clears the table and the map', async () => {
    const api = fakeApi({ waypoints: vi.fn(async () => failed<StoredWaypoint[]>()) });
    const { result } = renderEditor(api);
    await waitFor(() => expect(toasts).toContain(`error: ${WAYPOINT_MSG.fetchError}`));
    expect(result.current.rows).toEqual([]);
    expect(result.current.markers).toEqual([]);
  });
});
