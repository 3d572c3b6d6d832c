import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { vehiclesList } from '../../screens/vehicles';
import { consoleApi } from '../stories/fixtures';
import { oneField, WidgetForm } from '../stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/CascadeWidget',
  component: WidgetForm,
  args: oneField(vehiclesList.inlineForms![0], 'ftVehicleId'),
  parameters: { api: consoleApi },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Body type first; Length and Weight open as the previous level is chosen. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox', { name: 'Length' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Body Type' }));
    await expect(await screen.findByText('Container')).toBeInTheDocument();
  },
};

/** A stored id fills every level: Closed, 32 ft, 7 MT. */
export const Preselected: Story = {
  args: { formData: { ftVehicleId: 'sv-closed-32ft-7mt' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('7 MT')).toBeInTheDocument();
  },
};
