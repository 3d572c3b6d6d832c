import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, within } from 'storybook/test';
import { dailySummaryList, exceptionList } from './report-schedules';
import { companyCalls } from '../schemas/api/company';
import { reportCalls, type ReportRun } from '../schemas/api/reports';
import { at, consoleApi, tataSteel } from '../src/stories/fixtures';
import { ApiReply, fixtureKey, ok, type ApiRequest } from '../src/stories/storyApi';
import { ListView } from '../engine/list/ListView';

/** A run of a schedule as the report service answers it. */
const run = (scheduleId: string, id: string, startedAt: string, more: Partial<ReportRun> = {}): ReportRun => ({
  id,
  scheduleId,
  trigger: 'SCHEDULE',
  dueAt: startedAt,
  startedAt,
  finishedAt: startedAt,
  late: false,
  outcome: 'SUCCESS',
  rows: 14,
  recipients: ['ops@demo.local', 'plant.head@tatasteel.example'],
  error: null,
  fileName: `${scheduleId}-${id}.xlsx`,
  hasFile: true,
  ...more,
});

const definition = (cron: string, emails: string) => ({
  email_recipients: emails,
  company_id: '1001',
  schedule: { cron, type: 'DAILY' },
});

/** Tata Steel's schedules: one run on time, one whose run failed late, one new (no run yet), one disabled. */
function reportApi() {
  const runs: Record<string, ReportRun[]> = {
    rs_tsl_daily: [
      run('rs_tsl_daily', 'run_2', '2026-11-24T00:30:00.000Z'),
      run('rs_tsl_daily', 'run_1', '2026-11-23T00:30:00.000Z'),
    ],
    rs_tsl_alert: [
      run('rs_tsl_alert', 'run_4', '2026-11-24T01:00:00.000Z', {
        late: true,
        dueAt: '2026-11-24T00:45:00.000Z',
        outcome: 'FAILED',
        error: 'SMTP refused the message',
        rows: null,
        hasFile: false,
        fileName: null,
      }),
    ],
    rs_tsl_new: [],
    rs_tsl_off: [],
  };
  const schedules = [
    {
      id: 'rs_tsl_daily',
      type: 'DAILY_TRIP_SUMMARY',
      active: 1,
      definition: definition('0 0 3 * * ?', 'ops@demo.local,plant.head@tatasteel.example'),
    },
    {
      id: 'rs_tsl_new',
      type: 'DAILY_TRIP_SUMMARY',
      active: 1,
      definition: definition('0 30 2 * * ?', 'night@demo.local'),
    },
    {
      id: 'rs_tsl_off',
      type: 'DAILY_TRIP_SUMMARY',
      active: 0,
      definition: definition('0 30 2 * * ?', 'off@demo.local'),
    },
    {
      id: 'rs_tsl_alert',
      type: 'ALERT',
      active: 1,
      definition: definition('0 0/15 * * * ?', 'alerts@tatasteel.example'),
    },
  ];
  return {
    ...consoleApi,
    [fixtureKey(companyCalls.cbdt)]: ok({ id: 'ent_1001' }),
    [fixtureKey(reportCalls.list)]: ({ query }: ApiRequest) =>
      ok(schedules.filter((s) => s.type === query.get('type')).map((s) => ({ ...s, lastRun: runs[s.id][0] ?? null }))),
    [fixtureKey(reportCalls.runs)]: ({ params }: ApiRequest) => ok(runs[params.id] ?? []),
    [fixtureKey(reportCalls.runNow)]: ({ params }: ApiRequest) => {
      const schedule = schedules.find((s) => s.id === params.id);
      if (!schedule?.active)
        return new ApiReply(409, {
          success: false,
          data: null,
          message: ['The schedule is disabled: enable it to run it'],
        });
      const done = run(params.id, `run_${runs[params.id].length + 10}`, '2026-11-24T05:15:00.000Z', {
        trigger: 'MANUAL',
        dueAt: null,
        recipients: schedule.definition.email_recipients.split(','),
      });
      runs[params.id].unshift(done);
      return ok(done);
    },
  };
}

const meta = {
  title: 'Screens/Report Schedules',
  component: ListView,
  args: { config: dailySummaryList },
  parameters: { route: at('/sputnik-daily-summary', tataSteel), api: reportApi() },
} satisfies Meta<typeof ListView>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvas: ReturnType<typeof within>, id: string) => canvas.findByRole('row', { name: new RegExp(id) });

/** The daily summaries with their last run: on time with its file, '—' before the first run; Run now disabled for a disabled one. */
export const DailySummaryLastRun: Story = {
  parameters: { api: reportApi() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const ran = await row(canvas, 'rs_tsl_daily');
    await expect(within(ran).getByText(/ · Success$/)).toBeInTheDocument();
    await expect(within(ran).getByRole('button', { name: /Download/ })).toBeInTheDocument();
    await expect(within(await row(canvas, 'rs_tsl_new')).getByText('—')).toBeInTheDocument();
    await expect(within(await row(canvas, 'rs_tsl_off')).getByRole('button', { name: 'Run now' })).toBeDisabled();
  },
};

/** Run now says whom it will mail and asks first; then it sends the report, says to whom, and shows the new last run. */
export const RunNow: Story = {
  parameters: { api: reportApi() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const fresh = await row(canvas, 'rs_tsl_new');
    await userEvent.click(within(fresh).getByRole('button', { name: 'Run now' }));
    // It asks first, naming whom it will mail.
    await screen.findByText('Run the report now and mail it to 1 recipient?');
    await expect(screen.getByText(/goes to night@demo\.local\./)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Run and mail 1 recipient' }));
    await expect(await screen.findByText('Report sent to 1 recipient: night@demo.local')).toBeInTheDocument();
    await expect(await within(await row(canvas, 'rs_tsl_new')).findByText(/ · Success$/)).toBeInTheDocument();
  },
};

/** The exception report whose last run failed late: a red 'Failed' and a 'late' mark; Runs lists its runs. */
export const ExceptionRuns: Story = {
  args: { config: exceptionList },
  parameters: { route: at('/exception-report', tataSteel), api: reportApi() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const failed = await row(canvas, 'rs_tsl_alert');
    await expect(within(failed).getByText('Failed')).toBeInTheDocument();
    await expect(within(failed).getByText('late')).toBeInTheDocument();
    await userEvent.click(within(failed).getByRole('button', { name: 'Runs' }));
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByText('Runs of rs_tsl_alert')).toBeInTheDocument();
    await expect(await within(dialog).findByText('SMTP refused the message')).toBeDefined();
  },
};
