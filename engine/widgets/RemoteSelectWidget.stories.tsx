import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { materialsList } from '../../screens/materials';
import { routeMasterForm } from '../../screens/route-master';
import { at, consoleApi, tataSteel } from '../stories/fixtures';
import { oneField, WidgetForm } from '../stories/WidgetForm';

/** The master material picker of the materials screen (options not scoped to a company). */
const masterMaterial = oneField(materialsList.inlineForms![0], 'ftMaterialId');
/** The transporter picker of the route master form (options of the selected company). */
const transporter = oneField(routeMasterForm, 'partnerId');

const meta = {
  title: 'Engine/Widgets/RemoteSelectWidget',
  component: WidgetForm,
  args: masterMaterial,
  parameters: { route: at('/materialmaster', tataSteel), api: consoleApi },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Master materials: Steel Coils, HR Sheets, Wire Rods... */
export const MasterMaterials: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await expect(await screen.findByText('Wire Rods')).toBeInTheDocument();
  },
};

export const Selected: Story = { args: { formData: { ftMaterialId: 'mm-steel-coils' } } };

/** Transporters linked to Tata Steel, read in the company scope. */
export const TransportersOfCompany: Story = {
  args: transporter,
  parameters: { route: at('/route-master/add', tataSteel) },
};

/** A scoped select without a company loads nothing. */
export const TransportersWithoutCompany: Story = {
  args: transporter,
  parameters: { route: '/route-master/add' },
};

/** Check with nothing chosen shows the schema's message. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please select material')).toBeInTheDocument();
  },
};
