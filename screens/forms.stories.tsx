import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { routeMasterForm } from './route-master';
import { routeForm, routeModal } from './routes';
import { transporterForm } from './transporters';
import { vehiclesList } from './vehicles';
import { at, consoleApi, logoSvgs, routes, tataSteel } from '../src/stories/fixtures';
import { apiCalls } from '../src/stories/storyApi';
import { FormView } from '../engine/form/FormView';

const meta = {
  title: 'Screens/Forms',
  component: FormView,
  args: { config: routeForm },
  parameters: { route: at('/routes/add', tataSteel), path: '/routes/add', api: consoleApi, showLocation: true },
} satisfies Meta<typeof FormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Add Route: label, code, STT in hours, and the loading and unloading points from the geocoder. */
export const AddRoute: Story = {};

/** Submitting an empty route form shows the schema's messages under each field. */
export const AddRouteValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Route' }));
    await expect(await canvas.findByText('Please enter route label')).toBeInTheDocument();
    await expect(canvas.getByText('Please enter loading point')).toBeInTheDocument();
  },
};

/** Without a company the gate shows above the create form (saving would be refused). */
export const AddRouteNoCompany: Story = {
  parameters: { route: '/routes/add' },
};

/** Update Route loads the record by id: Pune → Mumbai with STT 240 min shown as 4 hours. */
export const EditRoute: Story = {
  parameters: { route: at('/routes/rt_tsl_pnq_bom/edit', tataSteel), path: '/routes/:id/edit' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByDisplayValue('Pune - Mumbai')).toBeInTheDocument();
    await expect(canvas.getByDisplayValue('4')).toBeInTheDocument();
  },
};

/** The quick-edit form of the routes list, as its modal shows it. */
export const RouteQuickEditEmbedded: Story = {
  args: { config: routeModal, record: routes[1], embedded: true },
  parameters: { route: at('/routes', tataSteel), path: '/routes' },
};

/** Add Route Master Entry: route, transporter, vehicle and material from the company's lists, costs and dates. */
export const RouteMasterEntry: Story = {
  args: { config: routeMasterForm },
  parameters: { route: at('/route-master/add', tataSteel), path: '/route-master/add' },
};

/** Add Transporter, with the logo upload. */
export const AddTransporter: Story = {
  args: { config: transporterForm },
  parameters: { route: at('/transporters/add', tataSteel), path: '/transporters/add' },
};

/** A logo chosen in the upload is previewed and kept as base64 in the form data. */
export const AddTransporterWithLogo: Story = {
  ...AddTransporter,
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([logoSvgs.tci], 'tci-freight.svg', { type: 'image/svg+xml' }));
    await waitFor(() => expect(within(canvasElement).getByAltText('Logo')).toBeInTheDocument());
  },
};

/** Update Transporter loads VRL Logistics by id, with its stored logo. */
export const EditTransporter: Story = {
  args: { config: transporterForm },
  parameters: { route: at('/transporters/trn_tsl_vrl/edit', tataSteel), path: '/transporters/:id/edit' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByDisplayValue('Ravi Kulkarni')).toBeInTheDocument();
    await expect(apiCalls.some((call) => call.path.endsWith('/transporters/trn_tsl_vrl'))).toBe(true);
    await expect(within(canvasElement).getByAltText('Logo')).toBeInTheDocument();
  },
};

/** The custom vehicle form as the vehicles list shows it inline (compact). */
export const CompactInlineForm: Story = {
  args: { config: vehiclesList.inlineForms![1], compact: true },
  parameters: { route: at('/vehicle-master', tataSteel), path: '/vehicle-master' },
};
