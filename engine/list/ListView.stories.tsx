import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { customMaterialSchema } from '../../schemas/material';
import { at, auditApi, consoleApi, tataSteel } from '../../src/stories/fixtures';
import { failure, ok, fixtureKey } from '../../src/stories/storyApi';
import { rowDetail } from './parts';
import type { ListConfig } from './types';
import { ListView } from './ListView';
import { mainCalls, materialCalls, routeMasterCalls } from '../../schemas/api/main';
import { auditCalls } from '../../schemas/api/audit';
import { endpoint } from '../data/endpoint';

/** Routes of a company: text and date-time columns, a header link, edit on a page. */
const routes: ListConfig = {
  kind: 'list',
  path: '/routes',
  title: 'Routes',
  source: endpoint(mainCalls.routes),
  rowKey: 'id',
  columns: [
    { title: 'Route Label', field: 'label' },
    { title: 'Loading Point', field: 'origin.address', width: 240 },
    { title: 'Time Stamp', field: 'updatedAt', kind: 'datetime', sortable: true },
  ],
  emptyText: 'No routes found for the given selection',
  fetchError: 'Error while fetching routes data',
  headerButtons: [{ label: 'Add Route', to: '/routes/add', primary: true }],
  edit: { to: '/routes/:id/edit' },
};

/** Freight rates: a date column and rupees with Indian grouping. */
const rates: ListConfig = {
  ...routes,
  source: endpoint(routeMasterCalls.list),
  columns: [
    { title: 'Route', field: 'routeLabel' },
    { title: 'Valid From', field: 'validFrom', kind: 'date', sortable: true },
    {
      title: 'Freight Cost',
      field: 'data',
      kind: 'inr',
      value: (row) => (row.data as { key: string; value: number }[]).find((d) => d.key === 'ROUTE_COST')?.value,
    },
  ],
  headerButtons: [],
  edit: undefined,
};

/** Transporters: an enable switch that confirms first, and delete with confirmation. */
const transporters: ListConfig = {
  ...routes,
  source: { service: 'transporters', path: '/transporters' },
  columns: [
    { title: 'Transporter name', field: 'transporterName' },
    {
      title: 'Active',
      field: 'active',
      kind: 'switch',
      toggle: {
        endpoint: { service: 'transporters', method: 'PATCH', path: '/transporters/:id' },
        input: (row, checked) => ({ params: { id: String(row.id) }, body: { active: checked } }),
        confirmText: 'Inactive transporters are not offered for new trips.',
        error: 'Error while updating',
      },
    },
  ],
  headerButtons: [],
  edit: undefined,
  remove: {
    endpoint: { service: 'transporters', method: 'DELETE', path: '/transporters/:id' },
    input: (row) => ({ params: { id: String(row.id) } }),
    confirm: 'Are you sure to delete this transporter ?',
    success: 'Successfully deleted !',
    error: 'Error while deleting',
  },
};

/** Materials with a small create form above the table (the form engine loads with it). */
const materials: ListConfig = {
  ...routes,
  source: endpoint(materialCalls.list),
  columns: [{ title: 'Material', field: 'label' }],
  headerButtons: [],
  edit: undefined,
  inlineForms: [
    {
      kind: 'form',
      title: { create: 'Custom material' },
      schema: customMaterialSchema,
      submit: { create: endpoint(materialCalls.create) },
      submitLabel: { create: 'Add Custom Material' },
      messages: { created: 'Submitted successfully', createError: 'Error while adding material' },
    },
  ],
};

/** Changes paged by the server two at a time, filtered by user and object type, each opening onto its changed fields. */
const changes: ListConfig = {
  ...routes,
  source: endpoint(auditCalls.list),
  columns: [
    { title: 'User', field: 'userName' },
    { title: 'Object', field: 'objectType' },
    { title: 'Object Id', field: 'objectId' },
  ],
  headerButtons: [],
  edit: undefined,
  paging: { size: 2, rows: 'rows', total: 'total' },
  filters: [
    {
      kind: 'remoteSelect',
      label: 'User',
      param: 'user',
      endpoint: endpoint(auditCalls.users),
      valueField: 'id',
      labelField: 'name',
      fetchError: 'Error while fetching users',
    },
    {
      kind: 'select',
      label: 'Object type',
      param: 'type',
      options: [
        { value: 'route', label: 'Route' },
        { value: 'vehicle', label: 'Vehicle' },
      ],
    },
    { kind: 'dateRange', label: 'Date', params: ['from', 'to'] },
  ],
  parts: [
    rowDetail({
      field: 'changes',
      rowKey: 'field',
      columns: [
        { title: 'Field', field: 'field' },
        { title: 'Old', field: 'before' },
        { title: 'New', field: 'after' },
      ],
    }),
  ],
};

const meta = {
  title: 'Engine/List/ListView',
  component: ListView,
  args: { config: routes },
  parameters: {
    docs: {
      description: {
        component:
          "Draws a list config (`defineList` in `screens/`): header buttons, filters and search, the table with its switch and date columns, row actions, paging by the server or the table, and Export. Columns come from the call's answer schema, so a field path is checked by the type checker.",
      },
    },
    route: at('/routes', tataSteel),
    api: consoleApi,
  },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The rows of the company in the query string, with an edit link per row and the header's Add Route. */
export const Rows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Pune - Mumbai')).toBeInTheDocument();
    await expect(canvas.getAllByRole('link', { name: 'Edit' }).length).toBeGreaterThan(0);
  },
};

/** No rows: the table shows the list's empty text. */
export const Empty: Story = {
  parameters: { api: { ...consoleApi, [fixtureKey(mainCalls.routes)]: ok([]) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('No routes found for the given selection')).toBeInTheDocument();
  },
};

/** No company in the query string: the gate asks for one and the header buttons are disabled. */
export const NoCompany: Story = {
  parameters: { route: '/routes' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Select a company to continue')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add Route' })).toBeDisabled();
  },
};

/** The fetch takes a while: after a moment's wait (so a quick answer does not flash it), the table's spinner. */
export const Loading: Story = {
  // Captured while it waits (tests/stories/visual.ts).
  parameters: { apiDelay: 3_600_000, visual: { busy: true } },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('.ant-spin-spinning')).not.toBeNull());
  },
};

/** The fetch fails: the server's message and the list's own error are toasted, the table stays empty. */
export const FetchFailed: Story = {
  parameters: { api: { ...consoleApi, [fixtureKey(mainCalls.routes)]: failure(500, 'Internal server error') } },
};

/** Column kinds: dates as DD/MM/YYYY and rupees with Indian grouping. */
export const DateAndRupees: Story = {
  args: { config: rates },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('₹38,500')).toBeInTheDocument();
  },
};

/** An enable switch per row (it asks before storing) and delete. */
export const SwitchAndDelete: Story = {
  args: { config: transporters },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('VRL Logistics');
    await userEvent.click(canvas.getAllByRole('switch', { name: 'Active' })[0]);
    await expect(await screen.findByText('Enable Configuration')).toBeInTheDocument();
  },
};

/** A create form above the table. */
export const InlineForm: Story = {
  args: { config: materials },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Add Custom Material' })).toBeInTheDocument();
  },
};

/** Filters above the table, pages read from the server (the pager shows them all) and a row opened onto its details. */
export const FiltersPagesAndDetails: Story = {
  args: { config: changes },
  parameters: { route: at('/audit-log', tataSteel), api: { ...consoleApi, ...auditApi } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('rt_tsl_pnq_bom')).toBeInTheDocument();
    await expect(canvas.getByText('1-2 of 6 in all')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('listitem', { name: '2' }));
    await expect(await canvas.findByText('veh_tsl_reefer32')).toBeInTheDocument();
    await userEvent.click(canvas.getAllByRole('button', { name: /expand row/i })[0]);
    await expect(await canvas.findByText('32 ft MXL Reefer')).toBeInTheDocument();
  },
};
