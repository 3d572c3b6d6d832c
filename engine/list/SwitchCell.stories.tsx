import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { ColumnConfig } from './types';
import { SwitchCell } from './SwitchCell';

/** An Active column of transporters, with its own confirmation title. */
const activeColumn: ColumnConfig = {
  title: 'Active',
  field: 'active',
  kind: 'switch',
  toggle: {
    endpoint: { method: 'PATCH', path: '/transporters/:id' },
    input: (row, checked) => ({ params: { id: String(row.id) }, body: { active: checked } }),
    confirmTitle: 'Change transporter status?',
    confirmText: 'Inactive transporters are not offered for new trips.',
    error: 'Error while updating',
  },
};

const meta = {
  title: 'Engine/List/SwitchCell',
  component: SwitchCell,
  parameters: {
    docs: {
      description: {
        component:
          "An enable switch in a list column (`kind: 'switch'` with `toggle`): clicking asks first with the config's title and text; only Yes sends the call, and the switch shows the stored value, so a refusal leaves it as it was.",
      },
    },
  },
  args: { column: activeColumn, checked: true, onConfirm: fn(async () => true) },
} satisfies Meta<typeof SwitchCell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {};

export const Inactive: Story = { args: { checked: false } };

/** Clicking the switch asks first; nothing is stored until Yes. */
export const AsksFirst: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'Active' }));
    await expect(await screen.findByText('Change transporter status?')).toBeInTheDocument();
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Yes stores the opposite of the current value. */
export const Confirmed: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'Active' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await expect(args.onConfirm).toHaveBeenCalledWith(false);
  },
};
