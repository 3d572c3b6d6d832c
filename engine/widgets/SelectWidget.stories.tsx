import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { alertFormSchema } from '../../schemas/alert-form';
import { UI_MODULES, uiConfigFormSchema } from '../../schemas/ui-config';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

/** A UI config's module: two choices shown by their labels. */
const uiModule = oneField(
  {
    schema: uiConfigFormSchema,
    uiSchema: {
      featureKey: {
        'ui:placeholder': 'Select field',
        'ui:enumNames': uiConfigFormSchema.properties.featureKey.enum.map((key) => UI_MODULES[key]),
      },
    },
  },
  'featureKey',
);
/** An alert's name: a long list of choices. */
const alertName = oneField(
  { schema: alertFormSchema, uiSchema: { Alert_Name: { 'ui:placeholder': 'Select alert name' } } },
  'Alert_Name',
);

const meta = {
  title: 'Engine/Widgets/SelectWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). The select of every enum and oneOf field (no `ui:widget` needed): antd's Select over the schema's options, the placeholder shown as a placeholder, and a clear button only where the field is optional. `ui:enumNames` labels the options.",
      },
    },
  },
  args: uiModule,
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The UI config's module: its placeholder is a placeholder, and the options are exactly the two modules. */
export const Required: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await screen.findByText('Ticket On My Trips');
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    await expect(shown).toEqual(['Alert On Control Tower', 'Ticket On My Trips']);
  },
};

/** A chosen module shows its label. */
export const Chosen: Story = {
  args: { formData: { featureKey: 'neoTicketModule' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ticket On My Trips')).toBeInTheDocument();
  },
};

/** The alert name of the add-alert form: twenty alert types, searchable by typing. */
export const ManyOptions: Story = { args: alertName };
