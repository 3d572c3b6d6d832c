import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoint } from '../data/endpoint';
import { pick } from '../data/pick';
import { mainCalls, ROUTE_OPTIONS_PAGE } from '../../schemas/api/main';
import { useRemoteOptions, type RemoteSearch } from './useRemoteOptions';

/** 3,000 routes, 'Route 0000' to 'Route 2999': the one chosen below is far past the first page. */
const ROUTES = Array.from({ length: 3000 }, (_, i) => {
  const n = String(i).padStart(4, '0');
  return { id: `rt${n}`, label: `Route ${n}`, code: `C${n}` };
});
const CHOSEN = ROUTES[2718];

/** The queries the server was sent, in order. */
let sent: URLSearchParams[] = [];

/** Answers as the route options call does: the route by id, or the first page of those whose label or code has q. */
function answer(query: URLSearchParams) {
  const id = query.get('id');
  const q = (query.get('q') ?? '').toLowerCase();
  const rows = id
    ? ROUTES.filter((r) => r.id === id)
    : ROUTES.filter((r) => `${r.label}\n${r.code}`.toLowerCase().includes(q)).slice(0, ROUTE_OPTIONS_PAGE);
  return { success: true, data: rows, message: [] };
}

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URL(url, 'http://console').searchParams;
      sent.push(query);
      return new Response(JSON.stringify(answer(query)), { status: 200 });
    }),
  );
});
afterEach(() => {
  // Unmounted, so a hook of one test sends nothing during the next.
  cleanup();
  vi.unstubAllGlobals();
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

const toOption = (row: unknown) => ({ value: String(pick(row, 'id')), label: String(pick(row, 'label')) });
const ROUTE_SEARCH: RemoteSearch = { param: 'q', minChars: 0, byId: 'id' };

/** The hook on the route options call of company 1001 with `value` chosen. */
const render = (value: string, search: RemoteSearch | undefined = ROUTE_SEARCH) =>
  renderHook(
    () =>
      useRemoteOptions({
        endpoint: endpoint(mainCalls.routeOptions),
        scope: { companyId: '1001' },
        query: {},
        search,
        value,
        toOption,
      }),
    { wrapper },
  );

const labels = (options: { label: string }[]) => options.map((option) => option.label);

describe('useRemoteOptions', () => {
  it('shows the first page on open, searched on the server, never more than a page', async () => {
    const { result } = render('');
    await waitFor(() => expect(result.current.options).toHaveLength(ROUTE_OPTIONS_PAGE));
    expect(result.current.options[0]).toEqual({ value: 'rt0000', label: 'Route 0000' });
    expect(sent.map((query) => query.get('q'))).toEqual([null]);
  });

  it('keeps the label of a chosen route the first page does not hold, fetched by its id', async () => {
    const { result } = render(CHOSEN.id);
    await waitFor(() => expect(result.current.options).toHaveLength(ROUTE_OPTIONS_PAGE + 1));
    expect(result.current.options[0]).toEqual({ value: CHOSEN.id, label: CHOSEN.label });
    expect(sent[0].get('id')).toBe(CHOSEN.id);
    expect(sent.at(-1)?.get('id')).toBeNull();
  });

  it('sends what is typed after the debounce, offering nothing stale meanwhile, and keeps the chosen label after', async () => {
    const { result } = render(CHOSEN.id);
    await waitFor(() => expect(result.current.options).toHaveLength(ROUTE_OPTIONS_PAGE + 1));
    act(() => result.current.setTyped('Route 123'));
    expect(result.current.options).toEqual([]);
    expect(result.current.loading).toBe(true);
    const found = Array.from({ length: 10 }, (_, i) => `Route 123${i}`);
    await waitFor(() => expect(labels(result.current.options)).toEqual(found), { timeout: 3000 });
    expect(sent.at(-1)?.get('q')).toBe('Route 123');
    act(() => result.current.setTyped(''));
    await waitFor(() => expect(result.current.options[0]).toEqual({ value: CHOSEN.id, label: CHOSEN.label }), {
      timeout: 3000,
    });
  });

  it('says what to type before a search of fewer characters than it needs', async () => {
    const { result } = render('', { param: 'q' });
    expect(result.current.emptyText).toBe('Type at least 3 characters');
    act(() => result.current.setTyped('Ro'));
    await waitFor(() => expect(result.current.emptyText).toBe('Type at least 3 characters'), { timeout: 3000 });
    expect(sent).toEqual([]);
  });

  it('without a search, offers the whole answer', async () => {
    const { result } = render('', undefined);
    await waitFor(() => expect(result.current.options).toHaveLength(ROUTE_OPTIONS_PAGE));
    expect(result.current.emptyText).toBe('No matches');
  });
});
