import type { Meta, StoryObj } from '@storybook/react-vite';
import { Layout } from 'antd';
import { expect, within } from 'storybook/test';
import { signedInUser } from '../stories/fixtures';
import { AppHeader } from './AppHeader';

const meta = {
  title: 'Shell/AppHeader',
  component: AppHeader,
  decorators: [
    (Story) => (
      <Layout>
        <Layout.Header style={{ paddingInline: 20 }}>
          <Story />
        </Layout.Header>
      </Layout>
    ),
  ],
  parameters: { layout: 'fullscreen', storage: { user: JSON.stringify(signedInUser) } },
} satisfies Meta<typeof AppHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Logo, title, version badge, the signed-in user and Logout. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('user-name')).toHaveTextContent('Priya Sharma');
  },
};

/** A narrow window: the menu's button first, and the user's name as the icon's title so the header keeps one line. */
export const Narrow: Story = {
  args: { menu: { open: false, toggle: () => undefined } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(canvas.getByTestId('user-name')).toHaveAttribute('title', 'Priya Sharma');
  },
};
