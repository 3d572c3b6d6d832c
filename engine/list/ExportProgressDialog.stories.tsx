import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { ExportProgressDialog } from './ExportProgressDialog';

/** A list's export under way on the server: rows written of the total, and Cancel. */
const meta = {
  title: 'Engine/List/ExportProgressDialog',
  component: ExportProgressDialog,
  parameters: {
    docs: {
      description: {
        component:
          "An export under way: rows written of the total (or bytes received for a workbook) and Cancel. Opened by a list's Export button; `noun` names the rows ('routes').",
      },
    },
  },
  args: { noun: 'routes', progress: { rows: 48_000, total: 200_000, bytes: 6_400_000 }, onCancel: fn() },
} satisfies Meta<typeof ExportProgressDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A CSV: its rows counted as they arrive. */
export const Csv: Story = {
  play: async ({ args }) => {
    await expect(await screen.findByText('48,000 of 2,00,000 routes written')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

/** A workbook: its size received (its rows are inside a zip). */
export const Workbook: Story = {
  args: { progress: { rows: null, total: 200_000, bytes: 6_400_000 } },
  play: async () => {
    await expect(await screen.findByText('Writing 2,00,000 routes: 6.1 MB received')).toBeInTheDocument();
  },
};

/** Before the first page: nothing counted yet. */
export const Starting: Story = { args: { progress: { rows: 0, total: 0, bytes: 0 } } };
