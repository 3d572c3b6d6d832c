import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormCheck } from './useFormCheck';
import type { FormCheck } from './types';

const respond = (value: unknown) =>
  vi.fn(
    async (_url: string | URL, _init?: RequestInit) =>
      new Response(JSON.stringify({ value }), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

const check: FormCheck = {
  endpoint: { path: '/notification/mode-configuration', service: 'notification', envelope: 'value', scoped: false },
  input: (form) =>
    form.eventId && form.mode ? { query: { event_id: String(form.eventId), mode: String(form.mode) } } : undefined,
  apply: (data) => {
    const answer = data as { configured: boolean; default_body: string };
    return answer.configured ? { error: 'Configured already' } : { fill: { body: answer.default_body } };
  },
};
const ctx = { scope: {}, params: {} };

describe('useFormCheck', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing until the input is complete, then fills in what the answer gives', async () => {
    const fetch = respond({ configured: false, default_body: 'Trip {{trip_id}}' });
    vi.stubGlobal('fetch', fetch);
    const fill = vi.fn();
    const { result, rerender } = renderHook(({ form }) => useFormCheck(check, form, ctx, false, fill), {
      initialProps: { form: { eventId: '1' } as Record<string, unknown> },
    });
    expect(fetch).not.toHaveBeenCalled();
    rerender({ form: { eventId: '1', mode: 'SMS' } });
    await waitFor(() => expect(fill).toHaveBeenCalledWith({ body: 'Trip {{trip_id}}' }));
    expect(result.current.error).toBeNull();
    expect(String(fetch.mock.calls[0][0])).toContain('event_id=1');
  });

  it('shows the refusal of a configured combination, and nothing while editing', async () => {
    vi.stubGlobal('fetch', respond({ configured: true, default_body: '' }));
    const { result } = renderHook(() =>
      useFormCheck(check, { eventId: '1', mode: 'SMS' }, ctx, false, () => undefined),
    );
    await waitFor(() => expect(result.current.error).toBe('Configured already'));
    const fetch = respond({ configured: true });
    vi.stubGlobal('fetch', fetch);
    const editing = renderHook(() => useFormCheck(check, { eventId: '1', mode: 'SMS' }, ctx, true, () => undefined));
    await act(async () => undefined);
    expect(editing.result.current.error).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
