import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { dailySummaryForm, exceptionForm } from '../../screens/report-schedules';
import { oneField, WidgetForm } from '../stories/WidgetForm';

const meta = {
  title: 'Engine/Widgets/CronScheduleWidget',
  component: WidgetForm,
  args: oneField(dailySummaryForm, 'cron'),
} satisfies Meta<typeof WidgetForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** The value is the Quartz cron; the operator sees its label with the fixed UTC offset. */
export const Selected: Story = {
  args: { formData: { cron: '0 0 3 * * ?' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('8:30 AM IST (03:00 UTC)')).toBeInTheDocument();
    await expect(canvas.getByText('0 0 3 * * ?')).toBeInTheDocument();
  },
};

/** The exception report's choices: each half-hour plus the repeating schedules, grouped. */
export const Repeating: Story = {
  args: { ...oneField(exceptionForm, 'cron'), formData: { cron: '0 0/15 * * * ?' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Every 15 minutes')).toBeInTheDocument();
  },
};

/** A stored cron that is not among the choices is still shown, as itself. */
export const Unknown: Story = {
  args: { formData: { cron: '0 1 2 * * ?' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('0 1 2 * * ?').length).toBeGreaterThan(0);
  },
};

export const Disabled: Story = { args: { formData: { cron: '0 0 3 * * ?' }, disabled: true } };
