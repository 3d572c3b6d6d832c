import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from '../../schemas/report-cron';
import { dailySummaryFormSchema, exceptionFormSchema } from '../../schemas/report-schedule';
import { oneField, WidgetForm } from '../../src/stories/WidgetForm';

const schedule = (choices: typeof DAILY_SUMMARY_CRONS) => ({
  cron: { 'ui:widget': 'cronSchedule', 'ui:options': { choices, placeholder: 'Select timings' } },
});
/** A daily summary's time of day. */
const daily = oneField({ schema: dailySummaryFormSchema, uiSchema: schedule(DAILY_SUMMARY_CRONS) }, 'cron');
/** An exception report's schedule: times of day and repeating schedules. */
const exception = oneField({ schema: exceptionFormSchema, uiSchema: schedule(EXCEPTION_CRONS) }, 'cron');

const meta = {
  title: 'Engine/Widgets/CronScheduleWidget',
  component: WidgetForm,
  parameters: {
    docs: {
      description: {
        component:
          "Shown in a one-field form set up as `FormView` sets up its forms (`src/stories/WidgetForm.tsx`): its props below are that form's (schema, uiSchema, form data). In a config: `'ui:widget': 'cronSchedule'` with `ui:options.choices` (`CronScheduleOptions`: a cron expression and its label each, optionally grouped); the chosen schedule's cron is shown under the select unless `showCron: false`.",
      },
    },
  },
  args: daily,
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
  args: { ...exception, formData: { cron: '0 0/15 * * * ?' } },
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
