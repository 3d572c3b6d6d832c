import { endpoint } from '../engine/data/endpoint';
import { textAt } from '../engine/data/pick';
import { companyCalls } from '../schemas/api/company';
import { deskTime } from '../engine/timeZone';
import { reportCalls, type ReportRun, type ReportSchedule } from '../schemas/api/reports';
import type { BodyOf } from '../schemas/api/contract';
import { defineForm, defineList } from '../engine/registry/define';
import type { CellTag, ColumnConfig } from '../engine/list/types';
import { rowCall, type RowAction } from '../engine/list/rowActionTypes';
import type { ActionQuestion, ConfigContext, LookupConfig, Row } from '../engine/types';
import type { FormConfig, SubmitContext } from '../engine/form/types';
import type { Scope } from '../engine/scope/scope';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from '../schemas/report-cron';
import { buildFilters, definitionSummary, filterRows } from '../schemas/report-definition';
import { recipientWords } from '../schemas/recipient-words';
import {
  EXCEPTION_FIXED,
  FILTER_FIELDS,
  FILTER_OPERATORS,
  LIST_OPERATORS,
  REPORT_DUPLICATE,
  dailySummaryFormSchema,
  exceptionFormSchema,
  type DailySummaryForm,
  type ExceptionForm,
  type ReportDefinition,
  type ReportType,
} from '../schemas/report-schedule';
import * as registered from './report-schedules.meta';

/** The report service (spec 001 section 7, "Reports"): main envelope, its own base URL. */
export const reportApi = {
  cbdt: endpoint(companyCalls.cbdt),
  list: endpoint(reportCalls.list),
  report: endpoint(reportCalls.byId),
  update: endpoint(reportCalls.update),
  create: endpoint(reportCalls.create),
  runs: endpoint(reportCalls.runs),
  runNow: endpoint(reportCalls.runNow),
  runFile: endpoint(reportCalls.runFile),
};

/** The comma-joined recipients, without blanks around each address. */
export const joinEmails = (text = '') =>
  text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .join(',');

/** The filters between the form's rows and their stored shape: one home, shared with the server. */
export { buildFilters, filterRows };

/** What every definition carries: recipients, the company (and branch when one is chosen) and the daily schedule. */
export function baseDefinition(form: DailySummaryForm, scope: Scope): ReportDefinition {
  return {
    email_recipients: joinEmails(form.emails),
    // The engine submits only with a company chosen ('' would be refused with the same text as none).
    company_id: scope.companyId ?? '',
    ...(scope.branchId ? { branch_id: scope.branchId } : {}),
    schedule: { cron: form.cron, type: EXCEPTION_FIXED.scheduleType },
  };
}

/** An exception report's definition: the base plus its params and, when any row is complete, its filters. */
export function exceptionDefinition(form: ExceptionForm, scope: Scope): ReportDefinition {
  const filters = buildFilters(form.filters);
  return {
    ...baseDefinition(form, scope),
    params: {
      'date.alert.closed.close_time.duration_mins': form.closedMinutes,
      'date.alert.inprogress.start_time.duration_mins': EXCEPTION_FIXED.inProgressMinutes,
      'date.trip.constraint.value': form.tripHours,
      'date.trip.type': EXCEPTION_FIXED.tripType,
      event: form.alerts,
      format: EXCEPTION_FIXED.format,
      tripStatus: form.tripStatus,
    },
    ...(filters.length ? { filters } : {}),
  };
}

/** A stored report as form data. */
export function reportToForm({ definition }: { definition?: ReportDefinition }) {
  if (!definition) return {};
  const params = definition.params;
  return {
    emails: definition.email_recipients,
    cron: definition.schedule?.cron,
    ...(params
      ? {
          alerts: params.event,
          closedMinutes: params['date.alert.closed.close_time.duration_mins'],
          tripHours: params['date.trip.constraint.value'],
          tripStatus: params.tripStatus,
          filters: filterRows(definition.filters),
        }
      : {}),
  };
}

/** The company's entity id, which the report calls name (`data.id` of cbdt). */
const entity: LookupConfig = {
  endpoint: reportApi.cbdt,
  pick: (data) => textAt(data, 'id'),
  error: 'Error while fetching cbdt',
};

/** A schedule in words, from its Quartz cron: 'Daily at 8:30 AM IST', 'Every 2 hours'; a cron no choice has, as it is. */
export function scheduleText(cron: string | undefined): string {
  if (!cron) return '';
  const choice = [...DAILY_SUMMARY_CRONS, ...EXCEPTION_CRONS].find((c) => c.cron === cron);
  if (!choice) return cron;
  return choice.group === 'Repeating' ? choice.label : `${choice.group} ${choice.label.replace(/ \(.*\)$/, '')}`;
}

/** The recipients of a listed schedule, separated by a comma and a space. */
export const recipientsText = (row: { definition?: unknown }) =>
  (definitionSummary(row.definition).recipients ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
    .join(', ');

/** A run's time as the lists show it: '24/11/2026 06:00 IST' (the desk's time zone). */
export const runTime = (at: string | null | undefined) => deskTime(at);

/**
 * A run's time and outcome in words: '24/11/2026 06:00 IST · Success' (a failure's 'Failed' is its red tag, see
 * {@link runTags}); '—' before the first run.
 */
export function runText(run: ReportRun | null | undefined): string {
  if (!run) return '—';
  const time = runTime(run.startedAt);
  if (run.outcome === 'FAILED') return time;
  return `${time} · ${run.outcome === 'SUCCESS' ? 'Success' : 'Running'}`;
}

/** A run's tags: a red 'Failed' (its error on hover) and an orange 'late' (a due time missed while no server was up). */
export function runTags(run: ReportRun | null | undefined): CellTag[] {
  if (!run) return [];
  return [
    ...(run.outcome === 'FAILED' ? [{ text: 'Failed', color: 'red', ...(run.error ? { title: run.error } : {}) }] : []),
    ...(run.late
      ? [{ text: 'late', color: 'orange', ...(run.dueAt ? { title: `Due ${runTime(run.dueAt)}` } : {}) }]
      : []),
  ];
}

/** The call of a run's xlsx, when it has one. */
const runFile = (run: ReportRun | null | undefined) => (run?.hasFile ? { params: { runId: run.id } } : undefined);

/** What 'Run now' says of the finished run: 'Report sent to N recipients', or why it failed. */
export function runOutcome(run: ReportRun | undefined): { ok: boolean; text: string } {
  if (!run || typeof run !== 'object') return { ok: false, text: 'Report could not be run' };
  if (run.outcome === 'FAILED') return { ok: false, text: `Report failed: ${run.error ?? 'unknown error'}` };
  if (run.outcome === 'RUNNING') return { ok: true, text: 'Report is running' };
  const { whom, shown } = recipientWords(run.recipients);
  return { ok: true, text: run.recipients.length ? `Report sent to ${whom}: ${shown}` : 'Report sent to 0 recipients' };
}

/** What 'Run now' asks first: that the report goes now to the schedule's recipients, how many and whom. */
export function runQuestion(row: { definition?: unknown }): ActionQuestion | null {
  const to = recipientsText(row).split(', ').filter(Boolean);
  if (!to.length) return null;
  const { whom, shown } = recipientWords(to);
  return {
    title: `Run the report now and mail it to ${whom}?`,
    content: `The report runs now on today's data and goes to ${shown}.`,
    okText: `Run and mail ${whom}`,
  };
}

type Listed = Pick<ReportSchedule, 'id' | 'active' | 'lastRun'> & { definition?: unknown };

const isActive = (row: Listed) => Number(row.active) === 1;

/** The 'Last run' column: time and outcome, tags for a failure and a late run, and the run's file. */
export const lastRunColumn: ColumnConfig<Listed> = {
  title: 'Last run',
  field: 'lastRun',
  value: (row) => runText(row.lastRun),
  tags: (row) => runTags(row.lastRun),
  download: {
    endpoint: reportApi.runFile,
    input: (row) => runFile(row.lastRun),
    error: 'Error while downloading the report file',
    compact: true,
  },
  width: 180,
};

/** The columns of a schedule's runs (newest first): when, how started, outcome, rows, recipients, why it failed and the file. */
const runColumns: ColumnConfig<ReportRun & Row>[] = [
  { title: 'Started', field: 'startedAt', value: (run) => runTime(run.startedAt), width: 185 },
  {
    title: 'Trigger',
    field: 'trigger',
    value: (run) => (run.trigger === 'MANUAL' ? 'Run now' : 'Scheduled'),
    width: 90,
  },
  {
    title: 'Outcome',
    field: 'outcome',
    value: (run) => (run.outcome === 'SUCCESS' ? 'Success' : run.outcome === 'RUNNING' ? 'Running' : ''),
    tags: runTags,
    width: 130,
  },
  { title: 'Rows', field: 'rows', width: 60 },
  { title: 'Recipients', field: 'recipients', value: (run) => run.recipients.join(', ') },
  { title: 'Error', field: 'error' },
  {
    title: 'File',
    field: 'fileName',
    download: { endpoint: reportApi.runFile, input: runFile, error: 'Error while downloading the report file' },
    width: 240,
  },
];

/** 'Run now' (an inactive schedule cannot be run) and 'Runs' (the schedule's runs, each file downloadable). */
export const runActions: RowAction<ReportSchedule>[] = [
  rowCall({
    kind: 'call',
    label: 'Run now',
    endpoint: reportApi.runNow,
    input: (row) => ({ params: { id: String(row.id) } }),
    confirm: (row) => runQuestion(row),
    outcome: (data) => runOutcome(data),
    error: 'Error while running report',
    disabledWhen: (row) => !isActive(row),
  }),
  {
    kind: 'rows',
    label: 'Runs',
    icon: 'history',
    title: (row) => `Runs of ${row.id}`,
    endpoint: reportApi.runs,
    input: (row) => ({ params: { id: String(row.id) } }),
    rowKey: 'id',
    columns: runColumns,
    emptyText: 'No runs yet',
    fetchError: 'Error while fetching runs',
  },
];

/**
 * A report list: Event Id, Event Name, the recipients and the schedule in words (so rows can be told apart), the
 * last run, the enable switch (flips active 0/1 after confirming), Run now, Runs and Edit; searchable by recipient.
 */
function reportList(
  type: ReportType,
  screen: typeof registered.dailySummaryList,
  button: string,
  companyMessage: string,
) {
  const { path } = screen;
  return defineList({
    ...screen,
    lookup: entity,
    source: reportApi.list,
    sourceInput: ({ scope, lookup }) => ({ scope, query: { entity_id: lookup, type } }),
    rowKey: 'id',
    columns: [
      { title: 'Event Id', field: 'id', width: 120 },
      { title: 'Event Name', field: 'type', width: 100 },
      { title: 'Recipients', field: 'recipients', value: recipientsText, sortable: true },
      {
        title: 'Schedule',
        field: 'schedule',
        value: (row) => scheduleText(definitionSummary(row.definition).cron),
        width: 150,
      },
      lastRunColumn,
      {
        title: 'Enable Notificaton',
        field: 'active',
        value: (row) => Number(row.active) === 1,
        kind: 'switch',
        toggle: {
          endpoint: reportApi.update,
          input: (row) => ({ params: { id: String(row.id) }, body: { active: Number(row.active) === 1 ? 0 : 1 } }),
          confirmText: 'Are you sure want to disable/enable notification',
          error: 'Error while disabling report',
        },
        width: 110,
      },
    ],
    search: { placeholder: 'Search recipients or schedule', fields: ['recipients', 'schedule'] },
    noun: 'reports',
    emptyText: 'No reports found',
    fetchError: 'Error while fetching report',
    headerButtons: [{ label: button, to: `${path}/add`, primary: true, companyMessage }],
    rowActions: runActions,
    edit: { to: `${path}/edit/:id`, disabledWhen: (row) => !isActive(row) },
  });
}

/**
 * Spec 001 section 8's two texts of a create that did not work: 'There is something wrong' when the server answered
 * that it was not successful (a refusal it explains), 'Error while creating report' when the call failed (no answer,
 * or the server's own failure).
 */
export const REPORT_CREATE = { refused: 'There is something wrong', failed: 'Error while creating report' } as const;

/** A create that failed says so; any other failure (a refusal, an update's) is shown the engine's way. */
export const reportSaveFailure: NonNullable<FormConfig['onFailure']> = (failure, show) => {
  const answered = failure.status >= 400 && failure.status < 500;
  if (failure.error !== REPORT_CREATE.refused || answered) return false;
  show.toast(REPORT_CREATE.failed);
  return true;
};

/** What both report forms share: the company's entity, the schedule's loading, the calls, the texts and the way back. */
const reportForm = (path: string) => ({
  lookup: entity,
  load: {
    endpoint: reportApi.report,
    input: ({ scope, params }: ConfigContext) => ({ scope, params: { id: params.id } }),
    error: 'Error while fetching report',
  },
  toForm: (record: ReportSchedule) => reportToForm(record),
  submit: { create: reportApi.create, update: reportApi.update },
  messages: {
    created: 'Report set sucessfully',
    updated: 'Report updated sucessfully',
    createError: REPORT_CREATE.refused,
    updateError: 'Error while updating report',
    // The twin of a schedule the entity has already is told under the recipients (both forms name them `emails`).
    fieldOf: { [REPORT_DUPLICATE]: 'emails' },
  },
  onFailure: reportSaveFailure,
  after: path,
  back: path,
});

/** Create (POST with entity_id, type and the definition) or edit (PUT of the full definition, with the schedule's job). */
function saving(
  type: ReportType,
  definition: ReportDefinition,
  { params, editing, lookup, record }: SubmitContext<ReportSchedule>,
) {
  if (editing) {
    const job = record?.job_request?.job_uuid;
    return {
      params: { id: params.id },
      body: { definition: job ? { ...definition, job_uuid: job } : definition } satisfies BodyOf<
        typeof reportCalls.update
      >,
    };
  }
  // The look-up's id is read before saving ('' would be refused with the same text as none).
  return { body: { entity_id: lookup ?? '', type, definition } satisfies BodyOf<typeof reportCalls.create> };
}

const schedule = (choices: typeof DAILY_SUMMARY_CRONS) => ({
  'ui:widget': 'cronSchedule',
  'ui:options': { choices, placeholder: 'Select timings' },
});
const emails = { 'ui:placeholder': 'Comma separated e-mail ids' };

/** /sputnik-daily-summary (spec 001 section 2.6). */
export const dailySummaryList = reportList(
  'DAILY_TRIP_SUMMARY',
  registered.dailySummaryList,
  'Set Daily summary Report of Sputnik',
  'Select a company to set daily summary report',
);

export const dailySummaryForm = defineForm({
  ...registered.dailySummaryForm,
  ...reportForm(registered.dailySummaryList.path),
  schema: dailySummaryFormSchema,
  columns: 2,
  uiSchema: { 'ui:order': ['emails', 'cron'], emails, cron: schedule(DAILY_SUMMARY_CRONS) },
  toSubmission: (form, ctx) => saving('DAILY_TRIP_SUMMARY', baseDefinition(form, ctx.scope), ctx),
  submitLabel: { create: 'Submit Daily Summary Report', edit: 'Submit Daily Summary Report' },
  companyMessage: 'Select a company to set daily summary report',
});

/** /exception-report (spec 001 section 2.7). */
export const exceptionList = reportList(
  'ALERT',
  registered.exceptionList,
  'Set Exception Report',
  'Select a company to Exception Report',
);

export const exceptionForm = defineForm({
  ...registered.exceptionForm,
  ...reportForm(registered.exceptionList.path),
  schema: exceptionFormSchema,
  columns: 3,
  uiSchema: {
    'ui:order': ['emails', 'alerts', 'cron', 'closedMinutes', 'tripHours', 'tripStatus', 'filters'],
    emails,
    alerts: { 'ui:placeholder': 'Select alerts' },
    cron: schedule(EXCEPTION_CRONS),
    closedMinutes: { 'ui:placeholder': 'Minutes' },
    tripHours: { 'ui:placeholder': 'Hours' },
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
  toSubmission: (form, ctx) => saving('ALERT', exceptionDefinition(form, ctx.scope), ctx),
  submitLabel: { create: 'Submit Exception Report', edit: 'Submit Exception Report' },
  companyMessage: 'Select a company to Exception Report',
});
