import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../schemas/messages';
import { configureHttp } from '../data/http';
import { bindFeedback } from '../feedback';
import type { FormConfig } from './types';
import { useFormController } from './useFormController';

/** A record type edited on a page (`/things/:id/edit`) or in a quick-edit modal from a list row. */
const things: FormConfig = {
  kind: 'form',
  path: '/things/add',
  editPath: '/things/:id/edit',
  title: { create: 'Add Thing', edit: 'Update Thing' },
  schema: {},
  load: {
    endpoint: { path: '/things/:id' },
    input: ({ scope, params, row }) => ({ scope, params: { id: params.id ?? String(row?.id) } }),
    error: 'Error while fetching details',
  },
  toForm: ({ name }) => ({ name }),
  toSubmission: (form, { params, record }) => ({ params: { id: params.id ?? String(record?.id) }, body: form }),
  submit: { create: { method: 'POST', path: '/things' }, update: { method: 'PATCH', path: '/things/:id' } },
  messages: { created: 'Saved', createError: 'Error while adding', updateError: 'Error while updating' },
};

/** The server's copy of thing t1 and its version (its ETag), which a save with another If-Match may not change. */
let stored = { name: 'Steel Coils', version: 1 };
/** Whether answers carry an ETag (a server without ETag support sends none). */
let tagged = true;
const toasts: string[] = [];
let saves: { ifMatch: string | undefined; body: unknown }[] = [];

const answer = (status: number, body: unknown, etag?: string) =>
  new Response(JSON.stringify(body), { status, headers: etag && tagged ? { etag } : {} });

beforeEach(() => {
  stored = { name: 'Steel Coils', version: 1 };
  tagged = true;
  toasts.length = 0;
  saves = [];
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const etag = `"${stored.version}"`;
      if ((init.method ?? 'GET') === 'GET')
        return answer(200, { success: true, data: { id: 't1', name: stored.name }, message: [] }, etag);
      const ifMatch = (init.headers as Record<string, string>)['if-match'];
      const body = JSON.parse(String(init.body)) as { name: string };
      saves.push({ ifMatch, body });
      if (ifMatch && ifMatch !== etag) return answer(412, { success: false, data: null, message: [MSG.staleRecord] });
      stored = { name: body.name, version: stored.version + 1 };
      return answer(200, { success: true, data: { id: 't1', name: stored.name }, message: [] }, `"${stored.version}"`);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** Renders the hook on `url` (matched by `pattern`) with a fresh SWR cache. */
function at(url: string, pattern: string) {
  return ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={pattern} element={children} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>
  );
}

/** Someone else saves the record after the form loaded it. */
const changeBehindItsBack = (name: string) => {
  stored = { name, version: stored.version + 1 };
};

describe('form controller: no lost updates', () => {
  it("saves with the ETag it loaded; a save over someone else's change is refused and Reload loads their version", async () => {
    const { result } = renderHook(() => useFormController(things), {
      wrapper: at('/things/t1/edit?companyId=1001', '/things/:id/edit'),
    });
    await waitFor(() => expect(result.current.formData).toEqual({ name: 'Steel Coils' }));

    await act(async () => {
      await result.current.submit({ name: 'Steel Sheets' });
    });
    expect(saves).toEqual([{ ifMatch: '"1"', body: { name: 'Steel Sheets' } }]);
    expect(toasts).toEqual(['success: Saved']);

    // The save reloads the record, so the next one sends the new ETag.
    await waitFor(() => expect(result.current.formData).toEqual({ name: 'Steel Sheets' }));
    changeBehindItsBack('Steel Pipes');
    let saved = true;
    await act(async () => {
      saved = await result.current.submit({ name: 'Steel Rods' });
    });
    expect(saved).toBe(false);
    expect(saves[1]).toEqual({ ifMatch: '"2"', body: { name: 'Steel Rods' } });
    expect(stored).toEqual({ name: 'Steel Pipes', version: 3 });
    expect(result.current.conflict).toBe(MSG.staleRecord);
    // No error toast: the conflict dialog says it, with its Reload button.
    expect(toasts).toEqual(['success: Saved']);

    await act(async () => {
      await result.current.reload();
    });
    expect(result.current.conflict).toBeNull();
    expect(result.current.formData).toEqual({ name: 'Steel Pipes' });
    await act(async () => {
      await result.current.submit({ name: 'Steel Rods' });
    });
    expect(saves[2]).toEqual({ ifMatch: '"3"', body: { name: 'Steel Rods' } });
    expect(stored).toEqual({ name: 'Steel Rods', version: 4 });
  });

  it("a quick-edit modal reads the row's record again and saves with its ETag", async () => {
    const row = { id: 't1', name: 'Old name from the list' };
    changeBehindItsBack('Steel Billets');
    const { result } = renderHook(() => useFormController(things, { record: row }), {
      wrapper: at('/things?companyId=1001', '/things'),
    });
    await waitFor(() => expect(result.current.formData).toEqual({ name: 'Steel Billets' }));
    await act(async () => {
      await result.current.submit({ name: 'Steel Wire' });
    });
    expect(saves).toEqual([{ ifMatch: '"2"', body: { name: 'Steel Wire' } }]);
  });

  it('sends no If-Match when the server sent no ETag', async () => {
    tagged = false;
    const { result } = renderHook(() => useFormController(things), {
      wrapper: at('/things/t1/edit?companyId=1001', '/things/:id/edit'),
    });
    await waitFor(() => expect(result.current.formData).toEqual({ name: 'Steel Coils' }));
    await act(async () => {
      await result.current.submit({ name: 'Steel Sheets' });
    });
    expect(saves).toEqual([{ ifMatch: undefined, body: { name: 'Steel Sheets' } }]);
  });
});
