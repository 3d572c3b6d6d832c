import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../data/http';
import { bindFeedback } from '../feedback';
import type { ColumnConfig, InlineEdit } from './types';
import { inputRequired, useInlineEdit } from './useInlineEdit';

const statuses = [
  { value: 'ONBOARDED', label: 'ONBOARDED' },
  { value: 'PENDING', label: 'PENDING' },
];
const columns: ColumnConfig[] = [
  { title: 'Event Name', field: 'name' },
  { title: 'Status', field: 'event_status', editor: { kind: 'select', options: statuses } },
];
const edit: InlineEdit = {
  endpoint: { method: 'POST', path: '/notification/save-event', service: 'notification', envelope: 'value' },
  input: (row, values) => ({ body: { id: row.id, event_status: values.event_status } }),
  disabledWhen: (row) => row.event_status === 'ONBOARDED',
  cancelConfirm: 'Sure to cancel?',
  success: 'Event updated successfully',
  error: 'Error while saving event',
};
const pending = { id: 8, name: 'geofence.entry', event_status: 'PENDING' };
const other = { id: 9, name: 'geofence.exit', event_status: 'PENDING' };

const toasts: string[] = [];
let sent: unknown[] = [];
let status = 200;
beforeEach(() => {
  toasts.length = 0;
  sent = [];
  status = 200;
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      const body =
        status === 200
          ? { value: { ...pending, event_status: 'ONBOARDED' } }
          : { success: false, data: null, message: ['An onboarded event cannot be set back to pending'] };
      return new Response(JSON.stringify(body), { status });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = (reload = vi.fn()) => renderHook(() => useInlineEdit(edit, columns, 'id', {} as never, reload));

describe('in-place row edit', () => {
  it('edits one row at a time with its values, and Cancel drops the edit', () => {
    const { result } = render();
    act(() => result.current.start(pending));
    expect(result.current.isEditing(pending)).toBe(true);
    expect(result.current.isEditing(other)).toBe(false);
    expect(result.current.active).toBe(true);
    expect(result.current.values).toEqual({ event_status: 'PENDING' });
    act(() => result.current.cancel());
    expect(result.current.active).toBe(false);
    expect(sent).toEqual([]);
  });

  it("refuses an empty editor with 'Please Input {title}!' and sends nothing", async () => {
    const { result } = render();
    act(() => result.current.start(pending));
    act(() => result.current.change('event_status', undefined));
    await act(async () => {
      await result.current.save();
    });
    expect(result.current.errors).toEqual({ event_status: inputRequired('Status') });
    expect(inputRequired('Status')).toBe('Please Input Status!');
    expect(sent).toEqual([]);
    // Choosing a value clears the message.
    act(() => result.current.change('event_status', 'ONBOARDED'));
    expect(result.current.errors).toEqual({});
  });

  it('saves the row with its new values, toasts and reads the rows again', async () => {
    const reload = vi.fn();
    const { result } = render(reload);
    act(() => result.current.start(pending));
    act(() => result.current.change('event_status', 'ONBOARDED'));
    await act(async () => {
      await result.current.save();
    });
    expect(sent).toEqual([{ id: 8, event_status: 'ONBOARDED' }]);
    expect(toasts).toEqual(['success: Event updated successfully']);
    expect(reload).toHaveBeenCalledOnce();
    expect(result.current.active).toBe(false);
  });

  it('keeps the row in edit when the save is refused', async () => {
    status = 400;
    const reload = vi.fn();
    const { result } = render(reload);
    act(() => result.current.start(pending));
    await act(async () => {
      await result.current.save();
    });
    expect(toasts).toEqual([
      'server: An onboarded event cannot be set back to pending',
      'error: Error while saving event',
    ]);
    expect(result.current.isEditing(pending)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
  });
});
