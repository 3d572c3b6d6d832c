import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../data/http';
import { defineLocalForm } from '../registry/define';
import { bindFeedback } from '../feedback';
import type { FormConfig } from './types';
import { useFormController } from './useFormController';

/** A setting of the scope (`load.byScope`): one record per company, read by scope and saved by POST. */
const setting: FormConfig = {
  kind: 'form',
  path: '/setting',
  title: { create: 'Setting' },
  schema: {},
  companyMessage: 'Select a company to save',
  load: {
    endpoint: { path: '/setting/get', scopeNames: 'ids' },
    input: ({ scope }) => ({ scope }),
    pick: (data) => (data as unknown[])[0],
    error: 'Something went wrong',
    byScope: true,
  },
  toForm: (record) => ({ level: record.level ?? 0 }),
  submit: { create: { method: 'POST', path: '/setting/add', scoped: false } },
  messages: { created: 'Saved Successfully', createError: 'Something went wrong' },
};

/** Each company's stored level; company 1003's reads fail. */
let stored: Record<string, number> = {};
const toasts: string[] = [];
let posts = 0;

beforeEach(() => {
  stored = { '1001': 7 };
  toasts.length = 0;
  posts = 0;
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const company = new URL(url, 'http://x').searchParams.get('companyId') ?? '';
      if ((init.method ?? 'GET') === 'GET') {
        if (company === '1003')
          return new Response(JSON.stringify({ success: false, data: null, message: [] }), { status: 500 });
        return new Response(
          JSON.stringify({ success: true, data: company in stored ? [{ level: stored[company] }] : [], message: [] }),
        );
      }
      posts += 1;
      return new Response(JSON.stringify({ success: true, data: null, message: [] }));
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function at(url: string) {
  return ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/setting" element={children} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>
  );
}

describe('form controller: a setting of the scope', () => {
  it("reads the scope's record, again on a query change; empties without a record, without a company and on a failed read", async () => {
    const { result } = renderHook(() => ({ form: useFormController(setting), navigate: useNavigate() }), {
      wrapper: at('/setting?companyId=1001'),
    });
    await waitFor(() => expect(result.current.form.formData).toEqual({ level: 7 }));
    act(() => void result.current.navigate('/setting?companyId=1002'));
    await waitFor(() => expect(result.current.form.formData).toEqual({ level: 0 }));
    act(() => void result.current.navigate('/setting?companyId=1001'));
    await waitFor(() => expect(result.current.form.formData).toEqual({ level: 7 }));
    act(() => void result.current.navigate('/setting?companyId=1003'));
    await waitFor(() => expect(result.current.form.formData).toEqual({}));
    expect(toasts).toContain('error: Something went wrong');
    act(() => void result.current.navigate('/setting?companyId=1001'));
    await waitFor(() => expect(result.current.form.formData).toEqual({ level: 7 }));
    act(() => void result.current.navigate('/setting'));
    await waitFor(() => expect(result.current.form.formData).toEqual({}));
  });

  it('refuses to save without a company, and keeps the saved values after a save', async () => {
    const { result } = renderHook(() => ({ form: useFormController(setting), navigate: useNavigate() }), {
      wrapper: at('/setting'),
    });
    await act(async () => void (await result.current.form.submit({ level: 3 })));
    expect(toasts).toEqual(['error: Select a company to save']);
    expect(posts).toBe(0);
    act(() => void result.current.navigate('/setting?companyId=1002'));
    await waitFor(() => expect(result.current.form.formData).toEqual({ level: 0 }));
    act(() => result.current.form.setFormData({ level: 4 }));
    await act(async () => void (await result.current.form.submit({ level: 4 })));
    expect(posts).toBe(1);
    expect(toasts).toContain('success: Saved Successfully');
    expect(result.current.form.formData).toEqual({ level: 4 });
  });

  it('a local form sends nothing', async () => {
    const local = defineLocalForm({
      path: '/setting',
      title: { create: 'EPOD Configuration' },
      schema: { type: 'object' },
    });
    const { result } = renderHook(() => useFormController(local), { wrapper: at('/setting') });
    await act(async () => expect(await result.current.submit({ any: true })).toBe(false));
    expect(fetch).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });
});
