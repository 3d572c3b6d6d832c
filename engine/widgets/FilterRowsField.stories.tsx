import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { exceptionFormSchema, FILTER_FIELDS, FILTER_OPERATORS, LIST_OPERATORS } from '../../schemas/report-schedule';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

/** The filters of an exception report: key, operator and value per row, lists split on commas. */
const filters = oneField(
  {
    schema: exceptionFormSchema,
    uiSchema: {
      filters: {
        'ui:field': 'filterRows',
        'ui:options': {
          fullWidth: true,
          fields: FILTER_FIELDS,
          operators: FILTER_OPERATORS,
          listOperators: LIST_OPERATORS,
          numberTypes: ['int', 'date'],
          addLabel: '+ Add More Filter',
        },
      },
    },
  },
  'filters',
);

const meta = {
  title: 'Engine/Widgets/FilterRowsField',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:field': 'filterRows'` with `ui:options` `{ fields, operators }` (`FilterRowsOptions`): rows of field, operator and value, the operators offered by the field's type, and '+ Add More Filter'.",
      },
    },
  },
  args: filters,
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One empty row; a new row can be added only once the last one is filled. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Filter 1')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add More Filter' })).toBeDisabled();
  },
};

/** A list filter and a number filter; the delete icon of a row ('Delete filter n') deletes it. */
export const Filled: Story = {
  args: {
    formData: {
      filters: [
        { key: 'alert_type', operator: 'in', value: 'untracked,diversion' },
        { key: 'current_escalation_level', operator: 'gte', value: '2' },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByDisplayValue('untracked,diversion')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Add More Filter' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Delete filter 1' }));
    await expect(canvas.queryByDisplayValue('untracked,diversion')).not.toBeInTheDocument();
    await expect(canvas.getByDisplayValue('2')).toBeInTheDocument();
  },
};

/** A chosen field without operator and value: Check shows both messages under the row. */
export const Incomplete: Story = {
  args: { formData: { filters: [{ key: 'assignee' }] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Check' }));
    await expect(await canvas.findByText('Please enter operator')).toBeInTheDocument();
    await expect(canvas.getByText('Please enter valid input value')).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { formData: { filters: [{ key: 'priority', operator: 'eq', value: 'P1' }] }, disabled: true },
};
