import { describe, expect, it } from 'vitest';
import {
  buildFilters,
  exceptionDefinition,
  baseDefinition,
  dailySummaryForm,
  dailySummaryList,
  exceptionForm,
  exceptionList,
  filterRows,
  joinEmails,
  lastRunColumn,
  recipientsText,
  reportToForm,
  runOutcome,
  runTags,
  runText,
  scheduleText,
} from './report-schedules';
import type { ReportRun } from '../schemas/api/reports';
import { validator } from '../engine/form/validator';
import { transformErrors } from '../engine/form/transformErrors';
import { REPORT_DUPLICATE, exceptionFormSchema, type ExceptionForm } from '../schemas/report-schedule';

describe('report definition payloads', () => {
  it('sends only rows with a key, an operator and a value, splitting lists and parsing integers', () => {
    expect(
      buildFilters([
        { key: 'alert_type', operator: 'in', value: ' untracked, diversion ,,' },
        { key: 'current_escalation_level', operator: 'gte', value: ' 2 ' },
        { key: 'created_at', operator: 'minutes_diff_lt', value: '90' },
        { key: 'assignee', operator: 'eq', value: 'Meera' },
        { key: 'priority', operator: 'not_in', value: 'P1,P2' },
        { key: 'folder', operator: 'eq', value: '   ' },
        { key: 'folder', operator: 'eq' },
        { operator: 'eq', value: 'x' },
        {},
      ]),
    ).toEqual([
      { key: 'alert_type', in: ['untracked', 'diversion'] },
      { key: 'current_escalation_level', gte: 2 },
      { key: 'created_at', minutes_diff_lt: 90 },
      { key: 'assignee', eq: 'Meera' },
      { key: 'priority', not_in: ['P1', 'P2'] },
    ]);
    expect(buildFilters(undefined)).toEqual([]);
  });

  it('turns stored filters back into rows', () => {
    expect(
      filterRows([
        { key: 'alert_type', in: ['a', 'b'] },
        { key: 'current_escalation_level', gt: 2 },
      ]),
    ).toEqual([
      { key: 'alert_type', operator: 'in', value: 'a,b' },
      { key: 'current_escalation_level', operator: 'gt', value: '2' },
    ]);
  });

  it('builds the daily definition with the branch only when one is chosen', () => {
    expect(joinEmails(' a@x.in , b@x.in,')).toBe('a@x.in,b@x.in');
    expect(baseDefinition({ emails: 'a@x.in, b@x.in', cron: '0 0 3 * * ?' }, { companyId: '1001' })).toEqual({
      email_recipients: 'a@x.in,b@x.in',
      company_id: '1001',
      schedule: { cron: '0 0 3 * * ?', type: 'DAILY' },
    });
    expect(
      baseDefinition({ emails: 'a@x.in', cron: '0 0 3 * * ?' }, { companyId: '1001', branchId: '3101' }),
    ).toMatchObject({ branch_id: '3101' });
  });

  it('builds the exception definition with its fixed params, and reads it back', () => {
    const form: ExceptionForm = {
      emails: 'alerts@x.in',
      cron: '0 0/15 * * * ?',
      alerts: ['untracked'],
      closedMinutes: 30,
      tripHours: 12,
      tripStatus: [1, 0],
      filters: [{ key: 'alert_type', operator: 'in', value: 'a,b' }, {}],
    };
    const definition = exceptionDefinition(form, { companyId: '1001' });
    expect(definition).toEqual({
      email_recipients: 'alerts@x.in',
      company_id: '1001',
      schedule: { cron: '0 0/15 * * * ?', type: 'DAILY' },
      params: {
        'date.alert.closed.close_time.duration_mins': 30,
        'date.alert.inprogress.start_time.duration_mins': 45000,
        'date.trip.constraint.value': 12,
        'date.trip.type': 'HOURS',
        event: ['untracked'],
        format: 'xlsx',
        tripStatus: [1, 0],
      },
      filters: [{ key: 'alert_type', in: ['a', 'b'] }],
    });
    expect(exceptionDefinition({ ...form, filters: [{}] }, { companyId: '1001' })).not.toHaveProperty('filters');
    expect(reportToForm({ definition })).toEqual({
      ...form,
      filters: [{ key: 'alert_type', operator: 'in', value: 'a,b' }],
    });
  });

  it('requires operator and value once a filter is chosen, and whole numbers for number fields', () => {
    const base = {
      emails: 'a@x.in',
      cron: 'x',
      alerts: ['untracked'],
      closedMinutes: 1,
      tripHours: 1,
      tripStatus: [1],
    };
    const errors = (filters: unknown[]) =>
      transformErrors(validator.validateFormData({ ...base, filters }, exceptionFormSchema as never).errors).map((e) =>
        [e.property, e.message].join(' '),
      );
    expect(errors([{}])).toEqual([]);
    expect(errors([{ key: 'alert_type' }])).toEqual([
      '.filters.0.operator Please enter operator',
      '.filters.0.value Please enter valid input value',
    ]);
    expect(errors([{ key: 'current_escalation_level', operator: 'in', value: '2' }])).toEqual([
      '.filters.0.operator Please enter operator',
    ]);
    expect(errors([{ key: 'current_escalation_level', operator: 'gt', value: 'two' }])).toEqual([
      '.filters.0.value Please enter valid input value',
    ]);
    expect(
      errors([
        { key: 'current_escalation_level', operator: 'gt', value: '2' },
        { key: 'alert_type', operator: 'in', value: 'a,b' },
      ]),
    ).toEqual([]);
  });
});

describe('report forms', () => {
  it('show the refusal of an identical schedule under the recipients, in both forms', () => {
    for (const form of [dailySummaryForm, exceptionForm]) {
      expect(form.messages.fieldOf).toEqual({ [REPORT_DUPLICATE]: 'emails' });
      expect(Object.keys((form.schema as { properties: object }).properties)).toContain('emails');
    }
  });
});

describe('report list rows', () => {
  it('names the schedule in words from its cron, and an unknown cron as it is', () => {
    expect(scheduleText('0 0 3 * * ?')).toBe('Daily at 8:30 AM IST');
    expect(scheduleText('0 30 0 * * ?')).toBe('Daily at 6:00 AM IST');
    expect(scheduleText('0 0/15 * * * ?')).toBe('Every 15 minutes');
    expect(scheduleText('0 0 0/2 * * ?')).toBe('Every 2 hours');
    expect(scheduleText('0 7 7 ? * MON')).toBe('0 7 7 ? * MON');
    expect(scheduleText(undefined)).toBe('');
  });

  it('lists the recipients of a stored or textual definition', () => {
    expect(recipientsText({ definition: { email_recipients: 'a@x.in,b@x.in' } })).toBe('a@x.in, b@x.in');
    expect(recipientsText({ definition: JSON.stringify({ email_recipients: 'c@x.in' }) })).toBe('c@x.in');
    expect(recipientsText({ definition: '{broken' })).toBe('');
    expect(recipientsText({})).toBe('');
  });
});

describe('report runs on the lists', () => {
  const run: ReportRun = {
    id: 'run_1',
    scheduleId: 'rs_1',
    trigger: 'SCHEDULE',
    dueAt: '2026-11-24T00:30:00.000Z',
    startedAt: '2026-11-24T00:30:02.000Z',
    finishedAt: '2026-11-24T00:30:04.000Z',
    late: false,
    outcome: 'SUCCESS',
    rows: 12,
    recipients: ['a@x.in', 'b@x.in'],
    error: null,
    fileName: 'daily.xlsx',
    hasFile: true,
  };

  it("shows the last run's time and outcome, a red 'Failed' with its error, a 'late' mark, and '—' before the first run", () => {
    expect(runText(run)).toBe('24/11/2026 06:00 IST · Success');
    expect(runTags(run)).toEqual([]);
    const failed = { ...run, outcome: 'FAILED' as const, error: 'SMTP refused', late: true, hasFile: false };
    expect(runText(failed)).toBe('24/11/2026 06:00 IST');
    expect(runTags(failed)).toEqual([
      { text: 'Failed', color: 'red', title: 'SMTP refused' },
      { text: 'late', color: 'orange', title: 'Due 24/11/2026 06:00 IST' },
    ]);
    expect(runText(null)).toBe('—');
    expect(runText(undefined)).toBe('—');
    expect(lastRunColumn.value!({ id: 'rs_1', active: 1, lastRun: null })).toBe('—');
    expect(lastRunColumn.download!.input({ id: 'rs_1', active: 1, lastRun: run })).toEqual({
      params: { runId: 'run_1' },
    });
    expect(lastRunColumn.download!.input({ id: 'rs_1', active: 1, lastRun: failed })).toBeUndefined();
  });

  it("says what 'Run now' did: the recipients it was sent to, or why it failed", () => {
    expect(runOutcome(run)).toEqual({ ok: true, text: `Report sent to 2 recipients: ${run.recipients.join(', ')}` });
    expect(runOutcome({ ...run, recipients: ['a@x.in'] })).toEqual({
      ok: true,
      text: 'Report sent to 1 recipient: a@x.in',
    });
    expect(runOutcome({ ...run, outcome: 'FAILED', error: 'SMTP refused' })).toEqual({
      ok: false,
      text: 'Report failed: SMTP refused',
    });
    expect(runOutcome(undefined)).toEqual({ ok: false, text: 'Report could not be run' });
  });

  it("gives both lists 'Last run', 'Run now' (not for an inactive schedule) and 'Runs'", () => {
    for (const list of [dailySummaryList, exceptionList]) {
      expect(list.columns.map((c) => c.title)).toContain('Last run');
      const [runNow, runs] = list.rowActions!;
      expect([runNow.kind, runNow.label, runs.kind, runs.label]).toEqual(['call', 'Run now', 'rows', 'Runs']);
      expect(runNow.disabledWhen!({ id: 'x', active: 0 })).toBe(true);
      expect(runNow.disabledWhen!({ id: 'x', active: 1 })).toBe(false);
      if (runNow.kind !== 'call') throw new Error('Run now makes a call');
      expect(runNow.endpoint.path).toBe('/saas/v1/rs/report/:id/run');
      expect(runNow.input({ id: 'rs_9', active: 1 })).toEqual({ params: { id: 'rs_9' } });
      // It mails real recipients: a labelled button that says whom first.
      expect(runNow.icon).toBeUndefined();
      const definition = { email_recipients: 'a@x.in, b@x.in,c@x.in,d@x.in' };
      expect(runNow.confirm!({ id: 'rs_9', active: 1, definition })).toEqual({
        title: 'Run the report now and mail it to 4 recipients?',
        content: "The report runs now on today's data and goes to a@x.in, b@x.in, c@x.in and 1 more.",
        okText: 'Run and mail 4 recipients',
      });
    }
  });
});

describe('a report create that did not work (spec 001 section 8)', () => {
  const shown: string[] = [];
  const show = { toast: (text: string) => shown.push(text), inForm: (text: string) => shown.push(`in form: ${text}`) };
  const failure = (status: number, error: string) => ({ status, messages: [], body: null, error, underFields: [] });

  it("says 'Error while creating report' when the call failed, and leaves a refusal and an update's failure to the engine", () => {
    for (const form of [dailySummaryForm, exceptionForm]) {
      shown.length = 0;
      expect(form.onFailure?.(failure(0, form.messages.createError), show)).toBe(true);
      expect(form.onFailure?.(failure(500, form.messages.createError), show)).toBe(true);
      expect(shown).toEqual(['Error while creating report', 'Error while creating report']);
      // Refused with the server's word: its messages, then 'There is something wrong' (the engine's way).
      expect(form.onFailure?.(failure(409, form.messages.createError), show)).toBe(false);
      expect(form.messages.createError).toBe('There is something wrong');
      expect(form.onFailure?.(failure(500, 'Error while updating report'), show)).toBe(false);
    }
  });
});
