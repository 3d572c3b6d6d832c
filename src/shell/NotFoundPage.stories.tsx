import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { at, tataSteel } from '../stories/fixtures';
import { NotFoundPage } from './NotFoundPage';

const meta = {
  title: 'Shell/NotFoundPage',
  component: NotFoundPage,
  args: { home: '/routes' },
  parameters: { route: at('/no-such-page', tataSteel), showLocation: true },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Go home' is a link to the home page with the company still chosen, and going there keeps it. */
export const GoHomeKeepsScope: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Page not found: nothing lives at /no-such-page.')).toBeInTheDocument();
    const home = canvas.getByRole('link', { name: 'Go home' });
    await expect(home.getAttribute('href')).toMatch(/^\/routes\?companyId=1001&/);
    await userEvent.click(home);
    await expect(canvas.getByTestId('story-location').textContent).toMatch(/^\/routes\?companyId=1001&/);
  },
};
