import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { at, consoleApi, loginToken, signedInUser, tataSteel, tataSteelDispatch } from '../src/stories/fixtures';
import { ConsoleRoutes } from '../src/ConsoleRoutes';

/** Every screen of the registry inside the shell (header, menu, filter bar), as the console mounts them after login. */
const Console = ConsoleRoutes;

const meta = {
  title: 'Screens/Console',
  component: Console,
  parameters: {
    layout: 'fullscreen',
    route: at('/routes', tataSteelDispatch),
    api: consoleApi,
    storage: { user: JSON.stringify(signedInUser) },
  },
} satisfies Meta<typeof Console>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Routes of Tata Steel, Jamshedpur dispatch; the menu and filter bar work (try Vehicles). */
export const Routes_: Story = {
  name: 'Routes',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Jamshedpur - Kolkata')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('menuitem', { name: /Vehicles/ }));
    await expect(await canvas.findByText('32 ft MXL Closed')).toBeInTheDocument();
    // The menu re-renders as the page changes, and may or may not keep the clicked item's focus ring: the page is shown
    // without it, the pointer away from the menu.
    const active = canvasElement.ownerDocument.activeElement;
    if (active instanceof HTMLElement) active.blur();
    await userEvent.unhover(canvas.getByRole('menuitem', { name: /Vehicles/ }));
  },
};

export const EditRoute: Story = { parameters: { route: at('/routes/rt_tsl_pnq_bom/edit', tataSteel) } };

export const RouteMaster: Story = { parameters: { route: at('/route-master', tataSteel) } };

export const AddRouteMasterEntry: Story = { parameters: { route: at('/route-master/add', tataSteel) } };

export const Materials: Story = { parameters: { route: at('/materialmaster', tataSteel) } };

export const Transporters: Story = { parameters: { route: at('/transporters', tataSteel) } };

export const NoCompany: Story = { parameters: { route: '/routes' } };

/** A session whose password expired yesterday: the dialog blocks the console. */
export const PasswordExpired: Story = {
  parameters: { storage: { token: loginToken('2025-12-31') } },
  play: async () => {
    await expect(await screen.findByText('Update Your Password')).toBeInTheDocument();
  },
};
