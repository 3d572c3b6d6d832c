import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { CONFIG_KEYS } from '../../schemas/viewers';
import { WidgetForm } from '../../src/stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/AutocompleteWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'autocomplete'` with `ui:options.suggestions` (and a `placeholder`): free text that suggests the listed values containing what was typed, as the Config Key of the config viewer.",
      },
    },
  },
  args: {
    schema: { type: 'object', properties: { configKey: { type: 'string', title: 'Config Key', maxLength: 100 } } },
    uiSchema: {
      configKey: {
        'ui:widget': 'autocomplete',
        'ui:options': { suggestions: [...CONFIG_KEYS], placeholder: 'e.g. trip.geofence' },
      },
    },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Filled: Story = { args: { formData: { configKey: 'trip.consent_nudge' } } };

/** Typing part of a key offers the keys that contain it; picking one fills the field. */
export const Suggests: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'geof');
    await expect(await screen.findByTitle('indent.geofence1')).toBeInTheDocument();
    await userEvent.click(await screen.findByTitle('trip.geofence'));
    await expect(within(canvasElement).getByTestId('form-data')).toHaveTextContent('"configKey": "trip.geofence"');
  },
};
