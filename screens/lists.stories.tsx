import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { materialsList } from './materials';
import { routeMasterList } from './route-master';
import { routesList } from './routes';
import { transportersList } from './transporters';
import { vehiclesList } from './vehicles';
import { at, consoleApi, tataSteel } from '../src/stories/fixtures';
import { ListView } from '../engine/list/ListView';

const meta = {
  title: 'Screens/Lists',
  component: ListView,
  args: { config: routesList },
  parameters: { route: at('/routes', tataSteel), api: consoleApi },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The routes of Tata Steel: Pune → Mumbai, Jamshedpur → Kolkata..., with edit link, quick edit and Add Route (the empty, gated, loading and failed states: Engine/List/ListView). */
export const Routes: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Pune - Mumbai')).toBeInTheDocument();
    await expect(canvas.getByText('Jamshedpur - Kolkata')).toBeInTheDocument();
  },
};

/** Quick edit of a route opens the modal with label, STT in hours and code. */
export const RouteQuickEdit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('Pune - Mumbai');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Quick edit' })[0]);
    await expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await expect(await screen.findByDisplayValue('Pune - Mumbai')).toBeInTheDocument();
  },
};

/** Vehicles with the two inline create forms: the standard vehicle cascade and the custom vehicle. */
export const Vehicles: Story = {
  args: { config: vehiclesList },
  parameters: { route: at('/vehicle-master', tataSteel) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('32 ft MXL Closed')).toBeInTheDocument();
  },
};

/** Materials with the master material select and the custom material form. */
export const Materials: Story = {
  args: { config: materialsList },
  parameters: { route: at('/materialmaster', tataSteel) },
};

/** Transporters with the Active switch column, Add Transporters and View Transporters. */
export const Transporters: Story = {
  args: { config: transportersList },
  parameters: { route: at('/transporters', tataSteel) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('VRL Logistics');
    await expect(canvas.getAllByRole('switch', { name: 'Active' })).toHaveLength(3);
  },
};

/** The search box keeps the transporters with the text in a cell, and the count under the table says how many. */
export const TransportersSearch: Story = {
  args: { config: transportersList },
  parameters: { route: at('/transporters', tataSteel) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('VRL Logistics');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'kolkata');
    await expect(await canvas.findByText('1-1 of 1 transporters')).toBeInTheDocument();
    await expect(canvas.getByText('TCI Freight')).toBeInTheDocument();
    await expect(canvas.queryByText('VRL Logistics')).not.toBeInTheDocument();
  },
};

/** View Transporters opens the drawer of the transporters linked to the company. */
export const TransportersDrawer: Story = {
  args: { config: transportersList },
  parameters: { route: at('/transporters', tataSteel) },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Transporters' }));
    await expect(await screen.findByText('Transporters linked to this company')).toBeInTheDocument();
    await expect(await screen.findByText('VRL Logistics Limited')).toBeInTheDocument();
  },
};

/** Route master: freight rates with dates as DD/MM/YYYY and rupees with Indian grouping. */
export const RouteMaster: Story = {
  args: { config: routeMasterList },
  parameters: { route: at('/route-master', tataSteel) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('₹38,500')).toBeInTheDocument();
  },
};
