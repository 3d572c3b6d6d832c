import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { at, consoleApi, routes, tataSteel } from '../../src/stories/fixtures';
import type { FormConfig } from './types';
import { FormView } from './FormView';
import { mainCalls } from '../../schemas/api/main';
import { endpoint } from '../data/endpoint';

/** A route's label, code and STT: create at /routes/add, edit at /routes/:id/edit (loaded by id, STT minutes shown as hours). */
const routeForm: FormConfig = {
  kind: 'form',
  path: '/routes/add',
  editPath: '/routes/:id/edit',
  title: { create: 'Add Route', edit: 'Update Route' },
  schema: {
    type: 'object',
    properties: {
      label: {
        type: 'string',
        title: 'Route Label',
        minLength: 1,
        errorMessage: { minLength: 'Please enter route label' },
      },
      code: { type: 'string', title: 'Route Code' },
      stt: { type: 'number', title: 'STT (hours)' },
    },
    required: ['label'],
    errorMessage: { required: { label: 'Please enter route label' } },
  },
  columns: 3,
  uiSchema: { label: { 'ui:placeholder': 'e.g. Pune - Mumbai' } },
  load: {
    endpoint: endpoint(mainCalls.routes),
    // On the edit page the path names the route; in a list's quick edit, the row does.
    input: ({ scope, params, row }) => ({ scope, query: { id: params.id ?? String(row?.id) } }),
    pick: (data) => (Array.isArray(data) ? data[0] : data),
    error: 'Error while fetching details',
  },
  toForm: (route) => ({
    label: route.label,
    code: route.code,
    stt: typeof route.stt === 'number' ? route.stt / 60 : undefined,
  }),
  submit: { create: endpoint(mainCalls.saveRoute) },
  submitLabel: { create: 'Add Route', edit: 'Update Route' },
  messages: {
    created: 'Routes added successfully !',
    updated: 'Routes updated successfully !',
    createError: 'Error while adding',
    updateError: 'Error while updating',
  },
  after: '/routes',
};

const meta = {
  title: 'Engine/Form/FormView',
  component: FormView,
  args: { config: routeForm },
  parameters: {
    docs: {
      description: {
        component:
          "Draws a form config (`defineForm` in `screens/`): the JSON Schema's fields with the widgets its uiSchema names, the schema's messages, the load and submit calls, and Back to the list with the scope kept. A screen never renders it by hand: the router does, from the screen registry. Pass `record` to edit, `embedded` or `compact` inside a modal or a list.",
      },
    },
    route: at('/routes/add', tataSteel),
    path: '/routes/add',
    api: consoleApi,
    showLocation: true,
  },
} satisfies Meta<typeof FormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Create: an empty form in a card, its fields three to a row. */
export const Create: Story = {};

/** Submitting an empty form shows the schema's message under the field. */
export const Validation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Route' }));
    await expect(await canvas.findByText('Please enter route label')).toBeInTheDocument();
  },
};

/** Without a company the gate shows above the create form (saving would be refused). */
export const NoCompany: Story = {
  parameters: { route: '/routes/add' },
};

/** Edit loads the record by id: Pune → Mumbai with STT 240 min shown as 4 hours. */
export const Edit: Story = {
  parameters: { route: at('/routes/rt_tsl_pnq_bom/edit', tataSteel), path: '/routes/:id/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Pune - Mumbai')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('4')).toBeInTheDocument();
  },
};

/** In a modal (a list's quick edit): the row is handed over and read again by its id, no card and no gate. */
export const Embedded: Story = {
  args: { record: routes[1], embedded: true },
  parameters: { route: at('/routes', tataSteel), path: '/routes' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByDisplayValue('Jamshedpur - Kolkata')).toBeInTheDocument();
  },
};

/** Small, as a list shows its create forms above the table. */
export const Compact: Story = {
  args: { compact: true },
  parameters: { route: at('/routes', tataSteel), path: '/routes' },
};
