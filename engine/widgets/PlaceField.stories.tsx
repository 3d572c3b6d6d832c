import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { routeBodySchema } from '../../schemas/route';
import { consoleApi, routes } from '../../src/stories/fixtures';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/PlaceField',
  component: WidgetForm,
  args: oneField({ schema: routeBodySchema, uiSchema: { origin: { 'ui:field': 'place', 'ui:title': 'Loading Point', 'ui:options': { fullWidth: true } } } }, 'origin'),
  parameters: { api: consoleApi },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Typing searches the geocoder (debounced); suggestions are India only. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'Jamshed');
    await expect(await screen.findByText('Jamshedpur, East Singhbhum, Jharkhand 831001, India')).toBeInTheDocument();
  },
};

/** A stored loading point: Chakan, Pune with its code and radius. */
export const Filled: Story = {
  args: { formData: { origin: routes[0].origin } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByDisplayValue('TSL-CKN-SC')).toBeInTheDocument();
  },
};

/** Check without a place shows the message of the nested place id under the field. */
export const Missing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please enter loading point')).toBeInTheDocument();
  },
};
