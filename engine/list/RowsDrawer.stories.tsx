import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { at, consoleApi, linkedTransportersDrawer, tataSteel } from '../../src/stories/fixtures';
import { ok, fixtureKey } from '../../src/stories/storyApi';
import { RowsDrawer } from './RowsDrawer';
import { companyCalls } from '../../schemas/api/company';

const meta = {
  title: 'Engine/List/RowsDrawer',
  component: RowsDrawer,
  args: { spec: linkedTransportersDrawer, open: true, onClose: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'A drawer listing the rows of another call (e.g. the transporters linked to the company), opened by a header button whose config has `drawer`. Closing gives focus back to its button.',
      },
    },
    route: at('/transporters', tataSteel),
    api: consoleApi,
  },
} satisfies Meta<typeof RowsDrawer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** VRL Logistics and TCI Freight, linked to Tata Steel. */
export const LinkedTransporters: Story = {};

export const NoneLinked: Story = {
  parameters: { api: { ...consoleApi, [fixtureKey(companyCalls.partners)]: ok([]) } },
};
