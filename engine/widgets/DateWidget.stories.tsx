import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routeMasterFormSchema } from '../../schemas/route-master';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/DateWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'date'`. Shows DD/MM/YYYY and keeps the value as that text, or in the format `ui:options.valueFormat` names (`YYYY-MM-DD` for a declared resource's date).",
      },
    },
  },
  args: oneField({ schema: routeMasterFormSchema, uiSchema: { validFrom: { 'ui:widget': 'date' } } }, 'validFrom'),
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** The value is a DD/MM/YYYY string: the route master's Valid From. */
export const Selected: Story = {
  args: { formData: { validFrom: '01/04/2026' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByDisplayValue('01/04/2026')).toBeInTheDocument();
  },
};

export const Disabled: Story = { args: { formData: { validFrom: '15/05/2026' }, disabled: true } };
