import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { homeScreen } from '../../screens/home';
import { at, auditApi, consoleApi, tataSteel } from '../stories/fixtures';
import { HomeView } from './HomeView';

const meta = {
  title: 'Shell/Company home',
  component: HomeView,
  args: { config: homeScreen },
  parameters: { route: at('/home', tataSteel), api: { ...consoleApi, ...auditApi } },
} satisfies Meta<typeof HomeView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tata Steel's home: what is configured, each kind a link to its screen in the same scope, and its latest changes. */
export const CompanyChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const routes = await canvas.findByRole('link', { name: '4 Routes' });
    await expect(routes).toHaveAttribute('href', expect.stringMatching(/^\/routes\?companyId=1001/));
    await expect(canvas.getByRole('link', { name: '6 Notification configurations' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/configuration-list\?/),
    );
    const changes = await within(canvas.getByRole('list', { name: 'Recent changes' })).findAllByRole('link');
    await expect(changes).toHaveLength(homeScreen.recent);
  },
};

/** No company yet: what to do, and a company picker. */
export const NoCompany: Story = {
  parameters: { route: '/home' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Select a company to continue')).toBeInTheDocument();
    await expect(canvas.getByLabelText('Company to open')).toBeInTheDocument();
  },
};
