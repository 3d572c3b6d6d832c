import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpResult } from '../data/http';
import type { BatchRow, CheckResult, UploadConfig } from './types';

// The list call, the desk-token claim and the path parameter are the test's: each call waits until the test answers it.
const calls: { type: string; answer: (rows: BatchRow[]) => void }[] = [];
/** 'Check file' calls: the file sent, and the answer the test gives. */
const checks: { file: FormDataEntryValue | null; answer: (result: CheckResult) => void }[] = [];
const feedbackError = vi.fn();
let claim: string | null = 'desk-ops-01';
let params: Record<string, string> = { component: 'configurations' };
const navigate = vi.fn();

vi.mock('../data/endpoint', async (original) => ({
  ...(await original<typeof import('../data/endpoint')>()),
  callEndpoint: (endpoint: { path: string }, input: { query?: { type: string }; body?: FormData }) =>
    endpoint.path.endsWith('/check')
      ? new Promise<HttpResult<CheckResult>>((resolve) => {
          checks.push({
            file: input.body?.get('files') ?? null,
            answer: (result) => resolve({ ok: true, status: 200, data: result, body: null, messages: [] }),
          });
        })
      : new Promise<HttpResult<BatchRow[]>>((resolve) => {
          calls.push({
            type: input.query?.type ?? '',
            answer: (rows) => resolve({ ok: true, status: 200, data: rows, body: null, messages: [] }),
          });
        }),
}));
vi.mock('../feedback', async (original) => {
  const actual = await original<typeof import('../feedback')>();
  return { ...actual, feedback: { ...actual.feedback, error: feedbackError } };
});
vi.mock('../data/download', async (original) => ({
  ...(await original<typeof import('../data/download')>()),
  deskClaim: () => claim,
}));
vi.mock('react-router', async (original) => ({
  ...(await original<typeof import('react-router')>()),
  useParams: () => params,
  useNavigate: () => navigate,
  useLocation: () => ({
    pathname: `/bulk-upload/${params.component}`,
    search: '?companyId=7',
    hash: '',
    state: null,
    key: 'default',
  }),
}));

const { useUploadController } = await import('./useUploadController');
const { bulkUpload } = await import('../../screens/bulk-upload');
const config: UploadConfig = {
  ...bulkUpload,
  components: { configurations: 'Configurations', consignees: 'Consignees' },
  lists: { configurations: '/configuration-list', consignees: '/consignees' },
};

const batch = (id: string, filename: string): BatchRow => ({
  id,
  fteid: 'CMP1001',
  type: 'configurations',
  filename,
  status: 'DONE',
  created_at: '2026-01-01T00:00:00Z',
  rows_total: 1,
  rows_done: 1,
  rows_failed: 0,
  result_url: null,
  messages: [],
});

beforeEach(() => {
  calls.length = 0;
  checks.length = 0;
  feedbackError.mockClear();
  claim = 'desk-ops-01';
  params = { component: 'configurations' };
  navigate.mockClear();
});

describe('useUploadController', () => {
  it("shows the current component's batches even when the previous component's list answers last", async () => {
    const { result, rerender } = renderHook(() => useUploadController(config));
    await waitFor(() => expect(calls.map((c) => c.type)).toEqual(['configurations']));
    params = { component: 'consignees' };
    rerender();
    await waitFor(() => expect(calls.map((c) => c.type)).toEqual(['configurations', 'consignees']));
    expect(result.current.loading).toBe(true);
    await act(async () => calls[1]!.answer([batch('b', 'consignees.xlsx')]));
    await act(async () => calls[0]!.answer([batch('a', 'configs.xlsx')]));
    expect(result.current.label).toBe('Consignees');
    expect(result.current.batches.map((b) => b.filename)).toEqual(['consignees.xlsx']);
    expect(result.current.loading).toBe(false);
  });

  it('stops loading when the desk token names no entity', async () => {
    claim = null;
    const { result } = renderHook(() => useUploadController(config));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.batches).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("Cancel goes to the component's list keeping the query string, never back in the history (a page opened directly has none)", async () => {
    const { result } = renderHook(() => useUploadController(config));
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => result.current.cancel());
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ pathname: '/configuration-list', search: '?companyId=7' });
    expect(navigate).not.toHaveBeenCalledWith(-1);
  });

  it("'Check file' asks for a file first, sends the chosen one and shows its rows only while that file is chosen", async () => {
    const { result } = renderHook(() => useUploadController(config));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(() => result.current.check());
    expect(feedbackError).toHaveBeenCalledWith(config.messages.noFile);
    expect(checks).toHaveLength(0);

    const first = new File(['Event Name,Mode'], 'north.csv', { type: 'text/csv' });
    act(() => result.current.choose(first));
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = result.current.check();
    });
    await waitFor(() => expect(checks).toHaveLength(1));
    expect(result.current.checking).toBe(true);
    expect(checks[0]!.file).toBeInstanceOf(File);
    const answer: CheckResult = {
      rows_total: 2,
      rows_failed: 1,
      rows: [
        { row_no: 1, ok: true, errors: [] },
        { row_no: 2, ok: false, errors: ['Please select event'] },
      ],
    };
    await act(async () => {
      checks[0]!.answer(answer);
      await pending;
    });
    expect(result.current.checking).toBe(false);
    expect(result.current.checkResult).toEqual(answer);

    // Another file, or none: the first one's rows no longer apply.
    act(() => result.current.choose(new File(['Event Name,Mode'], 'south.csv', { type: 'text/csv' })));
    expect(result.current.checkResult).toBeNull();
    act(() => result.current.choose(null));
    expect(result.current.checkResult).toBeNull();
  });
});
