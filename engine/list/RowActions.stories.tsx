import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { at, routes, tataSteel, transporters, vehicles } from '../../src/stories/fixtures';
import type { FormConfig } from '../form/types';
import type { ListConfig } from './types';
import { RowActions } from './RowActions';

/** The least of a list that row actions read: edit and remove. */
const list = (config: Pick<ListConfig, 'edit' | 'remove'>): ListConfig => ({
  kind: 'list',
  path: '/rows',
  title: 'Rows',
  source: { path: '/rows' },
  rowKey: 'id',
  columns: [],
  emptyText: 'No rows',
  fetchError: 'Error while fetching rows',
  ...config,
});

const quickEdit: FormConfig = {
  kind: 'form',
  title: { create: 'Update Route' },
  schema: {},
  submit: { create: { method: 'POST', path: '/routes' } },
  messages: { created: 'Saved', createError: 'Error' },
};
const removeWith = (confirm: string) => ({
  endpoint: { method: 'DELETE' as const, path: '/rows/:id' },
  input: () => ({}),
  confirm,
  success: 'Deleted',
  error: 'Error while deleting',
});

/** Edit on a page and in a modal. */
const routesList = list({ edit: { to: '/routes/:id/edit', modal: quickEdit } });
/** Delete only. */
const vehiclesList = list({ remove: removeWith('Are you sure to delete this vehicle ?') });
/** Edit on a page and delete. */
const transportersList = list({
  edit: { to: '/transporters/:id/edit' },
  remove: removeWith('Are you sure to delete this transporter ?'),
});

const meta = {
  title: 'Engine/List/RowActions',
  component: RowActions,
  args: { config: routesList, row: routes[0], onEdit: fn(), onRemove: fn(async () => true) },
  parameters: {
    docs: {
      description: {
        component:
          "Edit and Delete of one row. Edit is a link to the form page (config `edit.to`) or a modal (`edit.modal`); when both exist the modal becomes a small 'Quick edit'. Delete always asks first and shows the config's messages.",
      },
    },
    route: at('/routes', tataSteel),
    showLocation: true,
  },
} satisfies Meta<typeof RowActions>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Routes: edit on a page (a link keeping the query string) and quick edit in a modal. */
export const EditAndQuickEdit: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Edit' });
    await expect(link.getAttribute('href')).toContain('/routes/rt_tsl_pnq_bom/edit?companyId=1001');
  },
};

/** Vehicles: delete only. */
export const DeleteOnly: Story = {
  args: { config: vehiclesList, row: vehicles[0] },
  parameters: { route: at('/vehicle-master', tataSteel) },
};

/** Transporters: edit link and delete. */
export const EditAndDelete: Story = {
  args: { config: transportersList, row: transporters[0] },
  parameters: { route: at('/transporters', tataSteel) },
};

/** Delete asks for confirmation before removing the row. */
export const ConfirmDelete: Story = {
  args: { config: vehiclesList, row: vehicles[0] },
  parameters: { route: at('/vehicle-master', tataSteel) },
  play: async ({ canvasElement, args }) => {
    const remove = within(canvasElement).getByRole('button', { name: 'Delete' });
    await userEvent.click(remove);
    await expect(await screen.findByText('Are you sure to delete this vehicle ?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(args.onRemove).toHaveBeenCalledWith(vehicles[0]);
    // It ends with the pointer back on Delete and its tooltip shown, whatever the dialog's closing did meanwhile.
    await waitFor(() => expect(screen.queryByText('Are you sure to delete this vehicle ?')).not.toBeInTheDocument());
    await userEvent.hover(remove);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Delete'));
  },
};
