import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { at, consoleApi, tataSteel } from '../../src/stories/fixtures';
import { ok, fixtureKey } from '../../src/stories/storyApi';
import { RowsDrawer, type DrawerSpec } from './RowsDrawer';
import { companyCalls } from '../../schemas/api/company';
import { endpoint } from '../data/endpoint';

/** A drawer of the transporters linked to the company. */
const linkedTransporters: DrawerSpec = {
  title: 'Transporters linked to this company',
  endpoint: endpoint(companyCalls.partners, { query: { t: 'CONSIGNOR', pt: 'TRANSPORTER' } }),
  rowKey: 'id',
  emptyText: 'No linked transporters',
  columns: [
    { title: 'Transporter', field: 'name' },
    { title: 'Id', field: 'id' },
  ],
};

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
  parameters: { api: { ...consoleApi, [fixtureKey(companyCalls.partners)]: ok([]) } },
};
