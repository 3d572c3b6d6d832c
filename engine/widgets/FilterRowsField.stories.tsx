import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { exceptionForm } from '../../screens/report-schedules';
import { oneField, WidgetForm } from '../stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/FilterRowsField',
  component: WidgetForm,
  args: oneField(exceptionForm, 'filters'),
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One empty row; a new row can be added only once the last one is filled. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('Filter 1')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: '+ Add More Filter' })).toBeDisabled();
  },
};

/** A list filter and a number filter; the X of a row deletes it. */
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
    await expect(canvas.getByRole('button', { name: '+ Add More Filter' })).toBeEnabled();
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

export const Disabled: Story = { args: { formData: { filters: [{ key: 'priority', operator: 'eq', value: 'P1' }] }, disabled: true } };
