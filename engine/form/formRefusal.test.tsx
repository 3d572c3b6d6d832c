import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../data/http';
import { bindFeedback } from '../feedback';
import { firstServerMessage, inFormOnStatus } from './failure';
import type { FormConfig } from './types';
import { useFormController } from './useFormController';

/** The 'Creat Event' form: the service's 500 to a name taken is said in the form, not toasted. */
const createEvent: FormConfig = {
  kind: 'form',
  title: { create: 'Creat Event' },
  requiresCompany: false,
  schema: {},
  submit: { create: { method: 'POST', path: '/notification/save-event', service: 'notification', envelope: 'value' } },
  messages: {
    created: 'Event added successfully',
    createError: 'Error while saving event',
  },
  onFailure: inFormOnStatus({ 500: 'Event is already created' }),
};

const toasts: string[] = [];
let reply: { status: number; body: unknown };
beforeEach(() => {
  toasts.length = 0;
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: () => {},
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(reply.body), { status: reply.status })),
  );
});
afterEach(() => vi.unstubAllGlobals());

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
    <MemoryRouter initialEntries={['/event-list']}>{children}</MemoryRouter>
  </SWRConfig>
);

describe('refusals shown in the form (inFormOnStatus)', () => {
  it('shows the refusal of its status in the form, untoasted, until the form changes', async () => {
    reply = { status: 500, body: { success: false, data: null, message: ['Event is already created'] } };
    const { result } = renderHook(() => useFormController(createEvent), { wrapper });
    await act(async () => {
      await result.current.submit({ name: 'trip.created' });
    });
    expect(result.current.refusal).toBe('Event is already created');
    expect(toasts).toEqual([]);
    act(() => result.current.setFormData({ name: 'trip.created2' }));
    expect(result.current.refusal).toBeNull();
  });

  it('toasts other refusals with their own texts, and a success as usual', async () => {
    reply = { status: 400, body: { success: false, data: null, message: ['Please enter valid name'] } };
    const { result } = renderHook(() => useFormController(createEvent), { wrapper });
    await act(async () => {
      await result.current.submit({ name: 'trip created' });
    });
    expect(result.current.refusal).toBeNull();
    // The server's own text only: the config's generic error would say the same thing again.
    expect(toasts).toEqual(['error: Please enter valid name']);
    toasts.length = 0;
    reply = { status: 200, body: { value: { id: 20, name: 'dock.arrival', event_status: 'PENDING' } } };
    await act(async () => {
      await result.current.submit({ name: 'dock.arrival' });
    });
    expect(toasts).toEqual(['success: Event added successfully']);
  });
});

/** The AP config form (spec 002 section 8): a refusal's first message alone, for 10 seconds; else the generic text. */
const apForm: FormConfig = {
  kind: 'form',
  title: { create: 'Create AP Config' },
  requiresCompany: false,
  schema: {},
  submit: { create: { method: 'POST', path: '/saas/v1/ap/config', service: 'ap', envelope: 'main' } },
  messages: {
    created: 'Config created Successfully',
    createError: 'Something went wrong. Please try again',
  },
  onFailure: firstServerMessage(10),
};

describe("a refusal's first server message (firstServerMessage)", () => {
  const timed: [string, number | undefined][] = [];
  beforeEach(() => {
    timed.length = 0;
    bindFeedback({
      success: (t) => toasts.push(`success: ${t}`),
      error: (t, seconds) => timed.push([t, seconds]),
      info: () => {},
    });
  });

  it('shows only the first message of a success:false answer, for the seconds configured', async () => {
    reply = {
      status: 400,
      body: { success: false, data: null, message: ['CBDT ID must be the id of the company in scope', 'Second'] },
    };
    const { result } = renderHook(() => useFormController(apForm), { wrapper });
    await act(async () => {
      await result.current.submit({});
    });
    expect(timed).toEqual([['CBDT ID must be the id of the company in scope', 10]]);
    expect(toasts).toEqual([]);
  });

  it('shows the generic text for a failure without the envelope', async () => {
    reply = { status: 502, body: 'Bad gateway' };
    const { result } = renderHook(() => useFormController(apForm), { wrapper });
    await act(async () => {
      await result.current.submit({});
    });
    expect(timed).toEqual([['Something went wrong. Please try again', 10]]);
  });
});
