import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../engine/feedback';
import { configureHttp } from '../engine/data/http';
import { useListController } from '../engine/list/useListController';
import { preloadList } from '../engine/list/listSource';
import { useFormController } from '../engine/form/useFormController';
import { routesList, routeForm } from './routes';
import { materialsList } from './materials';

const toasts: string[] = [];
let calls: { method: string; url: string; body: unknown }[] = [];
let answer: (url: string, method: string) => { status: number; body: unknown } = () => ({
  status: 200,
  body: { success: true, data: [], message: [] },
});

beforeEach(() => {
  toasts.length = 0;
  calls = [];
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(url, method);
      return new Response(JSON.stringify(body), { status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

let where = '';
function Spy() {
  const location = useLocation();
  where = `${location.pathname}${location.search}`;
  return null;
}

/** Renders a hook on a page of the console: router at `url` (with `pattern` for path parameters) and a fresh SWR cache. */
function at(url: string, pattern = url.split('?')[0]) {
  return ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path={pattern}
            element={
              <>
                {children}
                <Spy />
              </>
            }
          />
          <Route path="*" element={<Spy />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>
  );
}

const ROUTE = {
  id: 'rt1',
  label: 'Pune - Mumbai',
  code: 'PNQ-BOM',
  stt: 450,
  origin: { google: { place_id: 'a' } },
  destination: { google: { place_id: 'b' } },
  updatedBy: 'ops@demo.local',
  updatedAt: 1,
};

describe('list controller', () => {
  it('loads nothing without a company', async () => {
    const { result } = renderHook(() => useListController(routesList), { wrapper: at('/routes') });
    expect(result.current.ready).toBe(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });

  it('loads the first page of the rows of the scope in the query string, with their total', async () => {
    answer = () => ({ status: 200, body: { success: true, data: [ROUTE], message: [], total: 41 } });
    const { result } = renderHook(() => useListController(routesList), {
      wrapper: at('/routes?companyId=1001&companyType=CONSIGNOR&branchId=3101'),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(calls[0].url).toBe('/saas/lego/company_routes/fetch?c=1001&b=3101&t=CONSIGNOR&page=1&size=20');
    expect(result.current.total).toBe(41);
  });

  it('sends the search, the sort and the page size to the server, back at page 1', async () => {
    answer = () => ({ status: 200, body: { success: true, data: [ROUTE], message: [], total: 41 } });
    const { result } = renderHook(() => useListController(routesList), {
      wrapper: at('/routes?companyId=1001&companyType=CONSIGNOR'),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(calls.at(-1)?.url).toContain('page=3&size=20'));
    act(() => result.current.setSearch(' pune '));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&page=1&size=20&q=pune'),
    );
    act(() => result.current.setSort({ key: 'code', order: 'asc' }));
    act(() => result.current.setSize(50));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&page=1&size=50&q=pune&sort=code&order=asc',
      ),
    );
    expect(result.current.page).toBe(1);
  });

  it("reads the pager's next and previous page by cursor, keeping the total; a page jumped to by number", async () => {
    // Each page answers its cursors; a page read by number has the total, one read by cursor none.
    answer = (url) => {
      const at = new URL(url, 'http://x').searchParams;
      const cursor = at.get('after') ?? at.get('before');
      const number = cursor ? Number(cursor.slice(1)) + (at.has('after') ? 1 : -1) : Number(at.get('page'));
      return {
        status: 200,
        body: {
          success: true,
          data: [{ ...ROUTE, id: `rt${number}` }],
          message: [],
          ...(!cursor && { total: 95 }),
          next: number < 5 ? `p${number}` : null,
          prev: number > 1 ? `p${number}` : null,
        },
      };
    };
    const { result } = renderHook(() => useListController(routesList), {
      wrapper: at('/routes?companyId=1001&companyType=CONSIGNOR'),
    });
    await waitFor(() => expect(result.current.rows[0]?.id).toBe('rt1'));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe('rt2'));
    expect(calls.at(-1)?.url).toContain('page=2&size=20&after=p1');
    expect(result.current.total).toBe(95);
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe('rt3'));
    expect(calls.at(-1)?.url).toContain('page=3&size=20&after=p2');
    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe('rt2'));
    expect(calls.at(-1)?.url).toContain('page=2&size=20&before=p3');
    expect(result.current.total).toBe(95);
    // A page jumped to (the pager's last) is read by number, with its total.
    act(() => result.current.setPage(5));
    await waitFor(() => expect(result.current.rows[0]?.id).toBe('rt5'));
    expect(calls.at(-1)?.url).toMatch(/page=5&size=20$/);
    // Each page read once, the way the pager reached it (a page shown by cursor is not read again by number).
    expect(calls.map((call) => call.url.replace(/^.*size=20&?/, ''))).toEqual([
      '',
      'after=p1',
      'after=p2',
      'before=p3',
      '',
    ]);
  });

  it('reads its place from the address and writes it back there, the scope untouched (issue 4)', async () => {
    answer = () => ({ status: 200, body: { success: true, data: [ROUTE], message: [], total: 141 } });
    const scope = 'companyId=1001&companyType=CONSIGNOR';
    const { result } = renderHook(() => useListController(routesList), {
      wrapper: at(`/routes?${scope}&q=pune&sort=code&order=desc&page=3&size=50`),
    });
    // A reload or a shared link: the same page of the same search and sort.
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(calls[0].url).toBe(
      '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&page=3&size=50&q=pune&sort=code&order=desc',
    );
    expect(result.current).toMatchObject({ search: 'pune', page: 3, size: 50, sort: { key: 'code', order: 'desc' } });
    act(() => result.current.setPage(2));
    await waitFor(() => expect(where).toBe(`/routes?${scope}&q=pune&sort=code&order=desc&page=2&size=50`));
    // A new search starts at page 1, and the box shows the text as typed (spaces and all) while the address follows.
    act(() => result.current.setSearch('nagpur '));
    expect(result.current.search).toBe('nagpur ');
    await waitFor(() => expect(where).toBe(`/routes?${scope}&q=nagpur+&sort=code&order=desc&size=50`));
    act(() => result.current.setSort(undefined));
    act(() => result.current.setSize(20));
    await waitFor(() => expect(where).toBe(`/routes?${scope}&q=nagpur+`));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&page=1&size=20&q=nagpur'),
    );
  });

  it('preloads the page of the place in the address, as the list will read it', async () => {
    const query = new URLSearchParams('companyId=1001&q=preloaded&sort=label&order=asc&page=2&size=50');
    preloadList(routesList, { companyId: '1001', companyType: 'CONSIGNOR' }, {}, query);
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toEqual([
        '/saas/lego/company_routes/fetch?c=1001&t=CONSIGNOR&page=2&size=50&q=preloaded&sort=label&order=asc',
      ]),
    );
  });

  it('a failed fetch shows the screen message after the server messages', async () => {
    answer = () => ({ status: 500, body: { success: false, data: null, message: ['Database unavailable'] } });
    renderHook(() => useListController(routesList), { wrapper: at('/routes?companyId=1001') });
    await waitFor(() =>
      expect(toasts).toEqual(['server: Database unavailable', 'error: Error while fetching routes data']),
    );
  });

  it('delete calls the endpoint with the row id, toasts and reloads', async () => {
    answer = (_url, method) => ({
      status: 200,
      body: { success: true, data: method === 'GET' ? [{ id: 'm1', label: 'Steel Coils' }] : null, message: [] },
    });
    const { result } = renderHook(() => useListController(materialsList), {
      wrapper: at('/materialmaster?companyId=1001'),
    });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    await act(() => result.current.remove(result.current.rows[0]));
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/saas/lego/company_materials/delete?c=1001&id=m1');
    expect(toasts).toContain('success: Deleted successfully');
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });
});

describe('form controller', () => {
  const form = {
    label: 'Pune - Mumbai',
    stt: 7.5,
    origin: { google: { place_id: 'a' } },
    destination: { google: { place_id: 'b' } },
  };

  it('saving without a company says so and sends nothing', async () => {
    const { result } = renderHook(() => useFormController(routeForm), { wrapper: at('/routes/add') });
    await act(async () => {
      await result.current.submit(form);
    });
    expect(toasts).toEqual(['error: Select a company to continue']);
    expect(calls).toEqual([]);
  });

  it('creates with STT in minutes, toasts and goes back to the list keeping the query string', async () => {
    answer = () => ({ status: 200, body: { success: true, data: { id: 'rt9' }, message: [] } });
    const { result } = renderHook(() => useFormController(routeForm), {
      wrapper: at('/routes/add?companyId=1001&companyType=CONSIGNOR'),
    });
    await act(async () => {
      await result.current.submit(form);
    });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/saas/lego/company_routes/create_or_update?c=1001&t=CONSIGNOR');
    expect(post.body).toMatchObject({ label: 'Pune - Mumbai', stt: 450 });
    expect(toasts).toEqual(['success: Routes added successfully !']);
    expect(where).toBe('/routes?companyId=1001&companyType=CONSIGNOR');
  });

  it('loads the record being edited (STT back in hours) and a failed update says so', async () => {
    answer = (_url, method) =>
      method === 'GET'
        ? { status: 200, body: { success: true, data: [ROUTE], message: [] } }
        : { status: 400, body: { success: false, data: null, message: ['Blank spaces not allowed'] } };
    const { result } = renderHook(() => useFormController(routeForm), {
      wrapper: at('/routes/rt1/edit?companyId=1001', '/routes/:id/edit'),
    });
    await waitFor(() => expect(result.current.formData.stt).toBe(7.5));
    expect(result.current.title).toBe('Update Route');
    expect(calls[0].url).toBe('/saas/lego/company_routes/fetch?c=1001&id=rt1');
    await act(async () => {
      await result.current.submit({ ...result.current.formData, label: ' ' });
    });
    expect(toasts).toEqual(['server: Blank spaces not allowed', 'error: Error while updating']);
    expect(where).toBe('/routes/rt1/edit?companyId=1001');
  });
});
