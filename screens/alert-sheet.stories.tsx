import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { alertSheet } from './alerts';
import type { AlertBulkResult } from '../schemas/alert-bulk';
import { at, consoleApi, tataSteel } from '../src/stories/fixtures';
import type { ApiRequest } from '../src/stories/storyApi';
import { SheetView } from '../engine/sheet/SheetView';
import { textAt } from '../engine/data/pick';
import { dataCalls } from '../schemas/api/data';
import { fixtureKey } from '../src/stories/storyApi';

/** setAlerts as the platform answers it: rows of an alert Tata Steel already has fail, the others are saved. */
const setAlerts = ({ body }: ApiRequest) => {
  const rows: unknown[] = Array.isArray(body) ? body : [];
  const data: AlertBulkResult[] = rows.map((row, index) =>
    textAt(row, 'Alert_Name') === 'detention'
      ? { index, status: 'Error', message: 'Alert config already exists' }
      : { index, status: 'Success', id: `al${index}`, companyId: textAt(row, 'CompanyId') ?? '' },
  );
  return {
    status: 'ok',
    result: { status: 1, data, message: 'Alert config set successfully for companyIds [ 1001 ]' },
  };
};

const meta = {
  title: 'Screens/AlertSheet',
  component: SheetView,
  args: { config: alertSheet },
  parameters: {
    route: at('/alert-settings/upload', tataSteel),
    api: { ...consoleApi, [fixtureKey(dataCalls.setAlerts)]: setAlerts },
  },
} satisfies Meta<typeof SheetView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty 37-column bulk alert sheet, with its status column, import, Submit, Reset and the format link. */
export const BulkAlerts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Please Refer Format')).toBeInTheDocument();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('thead td[data-x]')).toHaveLength(alertSheet.columns.length + 1),
    );
    await expect(canvas.getByText('Alert_Name')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Remove Success' })).toBeNull();
  },
};

/** No company chosen: the sheet can be filled, and saving asks for a company first. */
export const NoCompany: Story = {
  parameters: { route: '/alert-settings/upload' },
};
