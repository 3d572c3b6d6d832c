import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { at, tataSteel } from '../src/stories/fixtures';
import { ApiReply, fixtureKey } from '../src/stories/storyApi';
import { oneField, WidgetForm } from '../src/stories/WidgetForm';
import { autoClosureFormSchema } from '../schemas/auto-closure';
import { autoClosureForm } from './auto-closure';
import { dataCalls } from '../schemas/api/data';

const answer = (data: unknown) => ({ status: 'ok', result: { status: 1, data, message: '' } });
const customFields = answer([
  { fieldId: 'invoice_number', displayName: 'Invoice Number' },
  { fieldId: 'plant_code', displayName: 'Plant Code' },
]);

/** One rule-based row as the form shows it, with the custom value picker of the screen's uiSchema. */
const ruleRow = autoClosureFormSchema.allOf[2].then.properties.rules.items;
const customValue = oneField(
  { ...autoClosureForm, schema: ruleRow, uiSchema: autoClosureForm.uiSchema!.rules.items },
  'firstCustomValue',
);

const meta = {
  title: 'Screens/AutoClosure/CustomValuePicker',
  component: WidgetForm,
  args: customValue,
  parameters: {
    route: at('/auto-closure/add', tataSteel),
    api: { [fixtureKey(dataCalls.customFields)]: customFields },
  },
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The built-in trip fields first, then Tata Steel's custom fields stored as custom_values.<fieldId>. */
export const Choices: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await expect(await screen.findByRole('option', { name: 'driver_number' })).toBeInTheDocument();
    await userEvent.click(await screen.findByTitle('Plant Code'));
    await expect(within(canvasElement).getByTestId('form-data')).toHaveTextContent('custom_values.plant_code');
  },
};

/** A stored custom field shows its name. */
export const Selected: Story = {
  args: { formData: { firstCustomValue: 'custom_values.invoice_number' } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Invoice Number')).toBeInTheDocument();
  },
};

/** The custom fields cannot be read: the built-in choices remain. */
export const FetchFailed: Story = {
  parameters: {
    api: {
      [fixtureKey(dataCalls.customFields)]: new ApiReply(500, {
        status: 'error',
        result: { status: 0, message: 'Error while fetching custom field by companyId' },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox'));
    await expect(await screen.findByTitle('lr_number')).toBeInTheDocument();
  },
};
