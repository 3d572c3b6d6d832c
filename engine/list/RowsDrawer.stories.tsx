import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { transportersList } from '../../screens/transporters';
import { at, consoleApi, tataSteel } from '../stories/fixtures';
import { ok } from '../stories/storyApi';
import { RowsDrawer, type DrawerSpec } from './RowsDrawer';

/** The View Transporters drawer of the transporters list. */
const linkedTransporters = transportersList.headerButtons!.flatMap((button): DrawerSpec[] => ('drawer' in button ? [button.drawer] : []))[0];

const meta = {
  title: 'Engine/List/RowsDrawer',
  component: RowsDrawer,
  args: { spec: linkedTransporters, open: true, onClose: fn() },
  parameters: { route: at('/transporters', tataSteel), api: consoleApi },
} satisfies Meta<typeof RowsDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** VRL Logistics and TCI Freight, linked to Tata Steel. */
export const LinkedTransporters: Story = {};

export const NoneLinked: Story = {
  parameters: { api: { ...consoleApi, '/saas/lego/company_partners/fetch': ok([]) } },
};
