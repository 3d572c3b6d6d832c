import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../feedback';
import { configureHttp } from '../data/http';
import type { ListConfig } from './types';
import { RowActions } from './RowActions';

const vehicles: ListConfig = {
  kind: 'list',
  path: '/vehicle-master',
  title: 'Vehicles',
  source: { path: '/vehicles' },
  rowKey: 'id',
  columns: [],
  emptyText: 'No vehicles',
  fetchError: 'Error while fetching vehicles',
  remove: {
    endpoint: { method: 'DELETE', path: '/vehicles/:id' },
    input: () => ({}),
    confirm: 'Are you sure to delete this vehicle ?',
    success: 'Deleted',
    error: 'Error while deleting',
  },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The shown tooltips reading `text` (antd keeps a closed one in the page, hidden). */
const shownTooltips = (text: string) =>
  [...document.querySelectorAll('.ant-tooltip')].filter(
    (t) => t.textContent === text && !t.classList.contains('ant-tooltip-hidden'),
  );

describe('row actions', () => {
  it("hides the Delete icon's tooltip while its confirmation is open, so the tooltip never covers 'No'", async () => {
    const onRemove = vi.fn(async () => true);
    render(
      <MemoryRouter>
        <RowActions config={vehicles} row={{ id: 'v1' }} onEdit={() => {}} onRemove={onRemove} />
      </MemoryRouter>,
    );
    const remove = screen.getByRole('button', { name: 'Delete' });
    fireEvent.mouseEnter(remove);
    await waitFor(() => expect(shownTooltips('Delete')).toHaveLength(1));
    fireEvent.click(remove);
    await screen.findByText('Are you sure to delete this vehicle ?');
    // Closing waits for the tooltip's leave motion to end.
    await waitFor(() => expect(shownTooltips('Delete')).toHaveLength(0), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onRemove).not.toHaveBeenCalled();
  });

  it("opens a row action's modal on its row, loading the modal's code on the first press, and closes it", async () => {
    const component = vi.fn(async () => ({
      default: ({ row, onClose }: { row: Record<string, unknown>; onClose: () => void }) => (
        <div role="dialog" aria-label="Place">
          {String(row.id)}
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      ),
    }));
    const withShow: ListConfig = {
      ...vehicles,
      rowActions: [{ kind: 'modal', label: 'Show', component, disabledWhen: (row) => row.id === 'v2' }],
    };
    render(
      <MemoryRouter>
        <RowActions config={withShow} row={{ id: 'v1' }} onEdit={() => {}} onRemove={async () => true} />
        <RowActions config={withShow} row={{ id: 'v2' }} onEdit={() => {}} onRemove={async () => true} />
      </MemoryRouter>,
    );
    const [show, locked] = screen.getAllByRole('button', { name: 'Show' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(component).not.toHaveBeenCalled();
    fireEvent.click(show);
    expect((await screen.findByRole('dialog', { name: 'Place' })).textContent).toContain('v1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Place' })).toBeNull());
    fireEvent.click(show);
    await screen.findByRole('dialog', { name: 'Place' });
    expect(component).toHaveBeenCalledTimes(1);
  });

  it('draws no button on the rows its action hides, and the others on every row', () => {
    const component = async () => ({ default: () => null });
    const audit: ListConfig = {
      ...vehicles,
      remove: undefined,
      rowActions: [
        { kind: 'modal', label: 'Revert', component, hiddenWhen: (row) => row.userId === null },
        { kind: 'modal', label: 'Show', component },
      ],
    };
    render(
      <MemoryRouter>
        <RowActions config={audit} row={{ id: 1, userId: 'usr_ops' }} onEdit={() => {}} onRemove={async () => true} />
        <RowActions config={audit} row={{ id: 2, userId: null }} onEdit={() => {}} onRemove={async () => true} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('button', { name: 'Revert' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Show' })).toHaveLength(2);
  });

  it("makes a call action's call in the scope, toasts the answer's outcome or the server's refusal, reloads, and is disabled where told", async () => {
    const toasts: string[] = [];
    bindFeedback({
      success: (t) => toasts.push(`success: ${t}`),
      error: (t) => toasts.push(`error: ${t}`),
      info: () => {},
    });
    configureHttp({ notify: (m) => toasts.push(...m.map((t) => `server: ${t}`)) });
    const urls: string[] = [];
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { success: true, data: { outcome: 'SUCCESS', recipients: ['a@x.in', 'b@x.in'] }, message: [] },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        urls.push(`${init.method} ${url}`);
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }),
    );
    const reload = vi.fn();
    const running: ListConfig = {
      ...vehicles,
      remove: undefined,
      rowActions: [
        {
          kind: 'call',
          label: 'Run now',
          endpoint: { method: 'POST', path: '/reports/:id/run' },
          input: (row) => ({ params: { id: String(row.id) } }),
          outcome: (data) => {
            const run = data as { outcome: string; recipients: string[]; error?: string };
            return run.outcome === 'SUCCESS'
              ? { ok: true, text: `Report sent to ${run.recipients.length} recipients` }
              : { ok: false, text: `Report failed: ${run.error}` };
          },
          error: 'Error while running report',
          disabledWhen: (row) => row.active === 0,
        },
      ],
    };
    render(
      <MemoryRouter initialEntries={['/reports?companyId=1001']}>
        <RowActions
          config={running}
          row={{ id: 'r1', active: 1 }}
          onEdit={() => {}}
          onRemove={async () => true}
          onReload={reload}
        />
        <RowActions
          config={running}
          row={{ id: 'r2', active: 0 }}
          onEdit={() => {}}
          onRemove={async () => true}
          onReload={reload}
        />
      </MemoryRouter>,
    );
    const [run, off] = screen.getAllByRole('button', { name: 'Run now' }) as HTMLButtonElement[];
    expect(off.disabled).toBe(true);
    // Clicked once it is pressable again (busy while its call runs), waiting as long as a loaded machine needs.
    const click = async (times: number) => {
      await waitFor(() => expect(run.disabled).toBe(false), { timeout: 10_000 });
      fireEvent.click(run);
      await waitFor(() => expect(reload).toHaveBeenCalledTimes(times), { timeout: 10_000 });
    };
    await click(1);
    expect(urls).toEqual(['POST /reports/r1/run?c=1001']);
    expect(toasts).toEqual(['success: Report sent to 2 recipients']);

    answer = {
      status: 200,
      body: { success: true, data: { outcome: 'FAILED', recipients: [], error: 'SMTP refused' }, message: [] },
    };
    await click(2);
    expect(toasts[1]).toBe('error: Report failed: SMTP refused');

    // A refusal shows the server's text once (not also the action's error); one without a text shows the error.
    answer = { status: 409, body: { success: false, data: null, message: ['A disabled schedule cannot be run'] } };
    await click(3);
    answer = { status: 500, body: null };
    await click(4);
    expect(toasts.slice(2)).toEqual(['error: A disabled schedule cannot be run', 'error: Error while running report']);
  });

  it("opens a rows action's modal with the rows its call answers, their tags and a download only where the row has a file", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const runs = [
          { id: 'run2', outcome: 'FAILED', error: 'No recipients', file: null },
          { id: 'run1', outcome: 'SUCCESS', file: 'daily.xlsx' },
        ];
        return new Response(JSON.stringify({ success: true, data: runs, message: [] }), { status: 200 });
      }),
    );
    const listing: ListConfig = {
      ...vehicles,
      remove: undefined,
      rowActions: [
        {
          kind: 'rows',
          label: 'Runs',
          title: (row) => `Runs of ${String(row.id)}`,
          endpoint: { path: '/reports/:id/runs' },
          input: (row) => ({ params: { id: String(row.id) } }),
          rowKey: 'id',
          columns: [
            {
              title: 'Outcome',
              field: 'outcome',
              value: (run) => (run.outcome === 'SUCCESS' ? 'Success' : ''),
              tags: (run) =>
                run.outcome === 'FAILED' ? [{ text: 'Failed', color: 'red', title: String(run.error) }] : [],
            },
            {
              title: 'File',
              field: 'file',
              download: {
                endpoint: { path: '/runs/:runId/file' },
                input: (run) => (run.file ? { params: { runId: String(run.id) } } : undefined),
                error: 'x',
              },
            },
          ],
          emptyText: 'No runs yet',
          fetchError: 'Error while fetching runs',
        },
      ],
    };
    render(
      <MemoryRouter initialEntries={['/reports?companyId=1001']}>
        <RowActions config={listing} row={{ id: 'r1' }} onEdit={() => {}} onRemove={async () => true} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Runs' }));
    // The modal's code loads on the first press (slow on a busy machine).
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await waitFor(() => expect(dialog.textContent).toContain('daily.xlsx'));
    expect(dialog.textContent).toContain('Runs of r1');
    expect(urls).toEqual(['/reports/r1/runs?c=1001']);
    const failed = [...dialog.querySelectorAll('.ant-tag')].map((tag) => [tag.textContent, tag.getAttribute('title')]);
    expect(failed).toEqual([['Failed', 'No recipients']]);
    expect(screen.getAllByRole('button', { name: /Download/ })).toHaveLength(1);
  });
});
