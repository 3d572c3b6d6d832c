import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListConfig } from '../types';
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
  remove: { endpoint: { method: 'DELETE', path: '/vehicles/:id' }, input: () => ({}), confirm: 'Are you sure to delete this vehicle ?', success: 'Deleted', error: 'Error while deleting' },
};

afterEach(() => cleanup());

/** The shown tooltips reading `text` (antd keeps a closed one in the page, hidden). */
const shownTooltips = (text: string) =>
  [...document.querySelectorAll('.ant-tooltip')].filter((t) => t.textContent === text && !t.classList.contains('ant-tooltip-hidden'));

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
          <button type="button" onClick={onClose}>Close</button>
        </div>
      ),
    }));
    const withShow: ListConfig = { ...vehicles, rowActions: [{ kind: 'modal', label: 'Show', component, disabledWhen: (row) => row.id === 'v2' }] };
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
});
