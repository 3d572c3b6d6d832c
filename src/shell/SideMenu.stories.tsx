import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { at, tataSteel } from '../stories/fixtures';
import { SideMenu } from './SideMenu';

const meta = {
  title: 'Shell/SideMenu',
  component: SideMenu,
  decorators: [
    (Story) => (
      <div style={{ width: 220, background: '#fff' }}>
        <Story />
      </div>
    ),
  ],
  parameters: { route: at('/routes', tataSteel), showLocation: true },
} satisfies Meta<typeof SideMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Routes and Masters groups from the screen registry, Routes selected; each entry a link keeping the scope. */
export const RoutesSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Vehicles' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/vehicle-master\?companyId=1001/),
    );
  },
};

/** A form under a list keeps its list selected. */
export const EditingRoute: Story = { parameters: { route: at('/routes/rt_tsl_pnq_bom/edit', tataSteel) } };

/**
 * Choosing an entry navigates and keeps the query string. The router renders a navigation as a transition, after the
 * click's own work, so the play function waits for the new location.
 */
export const NavigatesKeepingScope: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Vehicles'));
    await waitFor(() =>
      expect(canvas.getByTestId('story-location').textContent).toMatch(/^\/vehicle-master\?companyId=1001/),
    );
  },
};
