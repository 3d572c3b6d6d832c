import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { standardVehicleSchema } from '../../schemas/vehicle';
import { consoleApi } from '../../src/stories/fixtures';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';
import { mainCalls } from '../../schemas/api/main';
import { endpoint } from '../data/endpoint';

/** A standard vehicle picked by body type, then length, then weight (the static list, not scoped to a company). */
const standardVehicle = oneField(
  {
    schema: standardVehicleSchema,
    uiSchema: {
      ftVehicleId: {
        'ui:widget': 'cascade',
        'ui:options': {
          endpoint: endpoint(mainCalls.standardVehicles),
          valueField: 'id',
          fetchError: 'Something went wrong. Please try again',
          levels: [
            { field: 'bodyType', title: 'Body Type' },
            { field: 'length', title: 'Length' },
            { field: 'weight', title: 'Weight' },
          ],
        },
      },
    },
  },
  'ftVehicleId',
);

const meta = {
  title: 'Engine/Widgets/CascadeWidget',
  component: WidgetForm,
  args: standardVehicle,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'cascade'` with `ui:options` `{ endpoint, levels, valueField }` (`CascadeOptions`): each level's select narrows the next, e.g. a standard vehicle's body type, then its length, then its weight.",
      },
    },
    api: consoleApi,
  },
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
