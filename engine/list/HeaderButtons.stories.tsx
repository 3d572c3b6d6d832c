import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { at, consoleApi, linkedTransportersDrawer, tataSteel } from '../../src/stories/fixtures';
import type { HeaderButton } from './types';
import { HeaderButtons } from './HeaderButtons';

/** A link to a create page and a drawer of the company's linked transporters. */
const buttons: HeaderButton[] = [
  { label: 'Add Transporters', to: '/transporters/add', primary: true },
  { label: 'View Transporters', drawer: linkedTransportersDrawer },
];

const meta = {
  title: 'Engine/List/HeaderButtons',
  component: HeaderButtons,
  args: { buttons, disabled: false },
  parameters: {
    docs: {
      description: {
        component:
          "The buttons above a list: links to other screens, a modal with a create form, or a drawer listing rows, each declared in the list config's `headerButtons`. `disabled` until a company is chosen.",
      },
    },
    route: at('/transporters', tataSteel),
    api: consoleApi,
    showLocation: true,
  },
} satisfies Meta<typeof HeaderButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A link button (Add Transporters, keeps the query string) and a drawer button (View Transporters). */
export const LinkAndDrawer: Story = {};

/** Without a company every button is disabled. */
export const Disabled: Story = { args: { disabled: true }, parameters: { route: '/transporters' } };

/** Add Transporters navigates, keeping the company in the query string. */
export const FollowsLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Transporters' }));
    await expect(canvas.getByTestId('story-location').textContent).toMatch(/^\/transporters\/add\?companyId=1001/);
  },
};

/** View Transporters opens its drawer (loaded on demand). */
export const DrawerOpen: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'View Transporters' }));
    await expect(await screen.findByText('TCI Freight')).toBeInTheDocument();
  },
};
