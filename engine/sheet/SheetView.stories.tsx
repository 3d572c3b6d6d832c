import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { at, tataSteel } from '../../src/stories/fixtures';
import type { SheetConfig } from '../types';
import { SheetView } from './SheetView';

/** A small bulk sheet of vehicles: three columns, a status per row, a format workbook. */
const vehicleSheet: SheetConfig = {
  kind: 'sheet',
  path: '/vehicles/upload',
  title: 'Bulk Vehicle Upload',
  columns: [{ key: 'label', title: 'Vehicle', width: 200 }, { key: 'bodyType', width: 120 }, { key: 'length', width: 100 }],
  maxRows: 50,
  spareRows: 5,
  format: { label: 'Please Refer Format', fileName: 'vehicle-format.xlsx', example: { label: '32 ft MXL Closed', bodyType: 'Closed', length: '32 ft' } },
  submit: {
    endpoint: { method: 'POST', path: '/saas/lego/company_vehicles/bulk' },
    input: (rows, { scope }) => ({ scope, body: rows }),
    results: (data) => (Array.isArray(data) ? data.map(() => ({ ok: true as const })) : []),
  },
  messages: {
    noCompany: 'Select a company to continue',
    empty: 'Please fill the sheet',
    noDataRows: 'No data rows to submit',
    success: (saved) => `${saved.length} vehicles saved`,
    failure: 'No vehicle was saved',
  },
};

const meta = {
  title: 'Engine/Sheet/SheetView',
  component: SheetView,
  args: { config: vehicleSheet },
  parameters: { route: at('/vehicles/upload', tataSteel) },
} satisfies Meta<typeof SheetView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty sheet with its status column, import, Submit, Reset and the format link. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please Refer Format')).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.querySelectorAll('thead td[data-x]')).toHaveLength(vehicleSheet.columns.length + 1));
    await expect(canvas.getByText('Vehicle')).toBeInTheDocument();
  },
};

/** No company chosen: the sheet can be filled, and saving asks for a company first. */
export const NoCompany: Story = {
  parameters: { route: '/vehicles/upload' },
};
