import { act, renderHook } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../engine/data/http';
import { bindFeedback } from '../engine/feedback';
import { alertSheet } from './alerts';
import type { Grid } from '../engine/sheet/sheetModel';
import { useSheetController, type SheetGrid } from '../engine/sheet/useSheetController';

const width = alertSheet.columns.length;
const toasts: string[] = [];
let calls: { url: string; body: unknown }[] = [];
let answer: (body: unknown[]) => unknown = () => ({ status: 'ok', result: { data: [] } });

/** The grid as plain rows: what the controller reads and writes, without jspreadsheet. */
function arrayGrid(rows: Grid): SheetGrid & { rows: Grid } {
  const grid = {
    rows: rows.map((r) => [...r, ...Array<string>(width + 1 - r.length).fill('')]),
    read: () => grid.rows.map((r) => [...r]),
    replace: (next: Grid) => {
      grid.rows = next.length
        ? next.map((r) => [...r, ...Array<string>(Math.max(0, width + 1 - r.length)).fill('')])
        : [Array<string>(width + 1).fill('')];
    },
  };
  return grid;
}

const row = (company: string, alert: string, extra: Record<number, string> = {}) => {
  const cells = Array<string>(width).fill('');
  cells[0] = company;
  cells[2] = alert;
  for (const [x, v] of Object.entries(extra)) cells[Number(x)] = v;
  return cells;
};

function mount(url: string, grid: SheetGrid) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const ref = useRef<SheetGrid | null>(grid);
      return useSheetController(alertSheet, ref);
    },
    { wrapper },
  );
}

beforeEach(() => {
  toasts.length = 0;
  calls = [];
  bindFeedback({
    success: (t) => toasts.push(`success: ${t}`),
    error: (t) => toasts.push(`error: ${t}`),
    info: (t) => toasts.push(`info: ${t}`),
    warning: (t) => toasts.push(`warning: ${t}`),
  });
  configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as unknown[];
      calls.push({ url, body });
      return new Response(JSON.stringify(answer(body)), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('sheet controller (bulk alert sheet)', () => {
  it('asks for a company before anything is sent', async () => {
    const { result } = mount('/alert-settings/upload', arrayGrid([row('1001', 'untracked')]));
    await act(() => result.current.submit());
    expect(toasts).toEqual(['error: Please select a company before saving']);
    expect(calls).toEqual([]);
  });

  it('says so for an empty sheet and for a sheet holding only the header', async () => {
    const empty = mount('/alert-settings/upload?companyId=1001', arrayGrid([[]]));
    await act(() => empty.result.current.submit());
    const header = mount('/alert-settings/upload?companyId=1001', arrayGrid([alertSheet.columns.map((c) => c.key)]));
    await act(() => header.result.current.submit());
    expect(toasts).toEqual([
      'error: No data to upload, upload a file or paste some data',
      'error: Please add some data to the csv before uploading',
    ]);
    expect(calls).toEqual([]);
  });

  it('sends typed rows with the scope, writes each status and offers Remove Success', async () => {
    answer = (body) => ({
      status: 'ok',
      result: {
        data: body.map((_, index) =>
          index === 0
            ? { index, status: 'Success', id: 'a1', companyId: '1001' }
            : { index, status: 'Error', message: 'Alert config already exists' },
        ),
        message: 'Alert config set successfully for companyIds [ 1001 ]',
      },
    });
    const grid = arrayGrid([row('', 'untracked', { 6: '360', 20: 'Yes', 13: '22:00' }), row('1002', 'detention'), []]);
    const { result } = mount('/alert-settings/upload?companyId=1001&branchId=b7', grid);
    await act(() => result.current.submit());
    expect(calls[0].url).toContain(
      '/saas/data/automation/setAlerts?companyId=1001&branchId=b7&key=lego-console&allOrNone=false',
    );
    expect(calls[0].body).toEqual([
      {
        CompanyId: '1001',
        branchId: 'b7',
        Alert_Name: 'untracked',
        Buffer: 360,
        start_time: '22:00',
        enable_ticket: true,
      },
      { CompanyId: '1002', Alert_Name: 'detention' },
    ]);
    expect(grid.rows.map((r) => r[width])).toEqual(['Success', 'Alert config already exists', '']);
    // The server's own words (which name what it saved), then how much of the sheet was and was not saved.
    expect(toasts).toEqual([
      'success: Alert config set successfully for companyIds [ 1001 ]',
      'warning: 1 row saved, 1 not: the Status column says why',
    ]);
    expect(result.current.saved).toBe(1);
    act(() => result.current.removeSuccess());
    expect(grid.rows.map((r) => r[2])).toEqual(['detention', '']);
    expect(result.current.saved).toBe(0);
  });

  it('shows the failure when no row was saved', async () => {
    answer = (body) => ({
      status: 'ok',
      result: { data: body.map((_, index) => ({ index, status: 'Error', message: 'Alert config already exists' })) },
    });
    const { result } = mount('/alert-settings/upload?companyId=1001', arrayGrid([row('1001', 'untracked')]));
    await act(() => result.current.submit());
    expect(toasts).toEqual(['error: Alert config already exists']);
    expect(result.current.saved).toBe(0);
  });

  it('keeps every digit of a long number from a workbook, and refuses a file that is not one', async () => {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['CompanyId', 'Alert_Name', 'config_one'],
        [1001, 'long_stoppage', 123456789012345],
      ]),
      'Sheet1',
    );
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const grid = arrayGrid([[]]);
    const { result } = mount('/alert-settings/upload?companyId=1001', grid);
    await act(() => result.current.importFile(new File([bytes], 'alerts.xlsx')));
    expect([grid.rows[0][0], grid.rows[0][2], grid.rows[0][3]]).toEqual(['1001', 'long_stoppage', '123456789012345']);
    await act(() => result.current.importFile(new File(['not a spreadsheet at all'], 'junk.xlsx')));
    expect(toasts).toEqual(['error: junk.xlsx could not be read as a spreadsheet (xlsx, csv)']);
  });

  it('imports a csv by its header and refuses one without data rows', async () => {
    const grid = arrayGrid([[]]);
    const { result } = mount('/alert-settings/upload?companyId=1001', grid);
    await act(() =>
      result.current.importFile(
        new File(['Alert_Name,CompanyId,Buffer\nlong_stoppage,1001,08:30\n'], 'alerts.csv', { type: 'text/csv' }),
      ),
    );
    expect(grid.rows).toHaveLength(1);
    expect([grid.rows[0][0], grid.rows[0][2], grid.rows[0][6]]).toEqual(['1001', 'long_stoppage', '08:30']);
    await act(() =>
      result.current.importFile(new File(['CompanyId,branchId,Alert_Name\n'], 'empty.csv', { type: 'text/csv' })),
    );
    expect(toasts).toEqual(['error: Please add some data to the csv before uploading']);
    expect(grid.rows).toHaveLength(1);
  });
});
