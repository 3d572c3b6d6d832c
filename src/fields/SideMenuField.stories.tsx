import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { sidebarMenuForm } from '../../screens/sidebar-menu';
import { at, consoleApi, tataSteel } from '../stories/fixtures';
import { WidgetForm } from '../stories/WidgetForm';
import { EngineExtensionsProvider } from '../../engine/extensions';
import { consoleExtensions } from '../extensions';
import { dataCalls } from '../../schemas/api/data';
import { fixtureKey } from '../../src/stories/storyApi';

const data = (payload: unknown, message = '') => ({ status: 'ok', result: { status: 1, data: payload, message } });

/** fetchSideBarMenuList: a few items, one deprecated. */
const menu = data([
  { id: 1, name: 'Trips', slug: 'trips', parent: null, url: '' },
  { id: 2, name: 'Trip List', slug: 'trip_list', parent: 'trips', url: '/trips' },
  { id: 4, name: 'Trip Map (Deprecated)', slug: 'trip_map_old', parent: 'trips', url: '/trips/map-old' },
  { id: 11, name: 'Reports', slug: 'reports', parent: null, url: '' },
  { id: 12, name: 'Trip Reports', slug: 'trip_reports', parent: 'reports', url: '/reports/trips' },
]);

const meta = {
  title: 'Fields/SideMenuField',
  component: WidgetForm,
  // The console registers this field; the story names it through the same extensions.
  decorators: [
    (Story) => (
      <EngineExtensionsProvider value={consoleExtensions}>
        <Story />
      </EngineExtensionsProvider>
    ),
  ],
  args: { schema: sidebarMenuForm.schema, uiSchema: sidebarMenuForm.uiSchema },
  parameters: {
    route: at('/sidebar-menu/add', tataSteel),
    api: {
      ...consoleApi,
      [fixtureKey(dataCalls.sidebarMenuList)]: menu,
      [fixtureKey(dataCalls.sidebarConfigById)]: data({ extracontext: ['reports', 'trip_reports'] }),
      [fixtureKey(dataCalls.landingPage)]: data({ landingPage: '/reports/trips' }),
    },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The menu without its deprecated item. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Trip List')).toBeInTheDocument();
    await expect(canvas.queryByText('Trip Map (Deprecated)')).not.toBeInTheDocument();
  },
};

/** One user id loads that user's menu and landing page, and locks the field. */
export const OneUserLoadsMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ids = await canvas.findByLabelText('User Ids');
    await userEvent.type(ids, '5150');
    await userEvent.tab();
    await waitFor(() => expect(canvas.getByTestId('form-data').textContent).toContain('trip_reports'));
    await expect(ids).toBeDisabled();
  },
};

/** A role chosen before: the user ids are locked. */
export const RoleChosen: Story = {
  args: { formData: { roles: 9, extracontext: ['trips', 'trip_list'], landingPage: '/trips' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByLabelText('User Ids')).toBeDisabled();
  },
};
