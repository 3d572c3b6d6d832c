import { endpoint } from '../engine/data/endpoint';
import { companyCalls } from '../schemas/api/company';
import { reportCalls } from '../schemas/api/reports';
import type { FormConfig, ListConfig, LookupConfig } from '../engine/types';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from '../schemas/report-cron';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  LIST_OPERATORS,
  dailySummaryFormSchema,
  exceptionFormSchema,
  type ReportScheduleDraft,
  type ReportType,
} from '../schemas/report-schedule';
import { baseDefinition, exceptionDefinition, reportToForm, type ReportForm } from './report-definition';
import { switchColumn } from '../engine/list/switchColumn';
import * as registered from './report-schedules.meta';

/** The report service (spec 001 section 7, "Reports"): main envelope, its own base URL. */
export const reportApi = {
  cbdt: endpoint(companyCalls.cbdt),
  list: endpoint(reportCalls.list),
  report: endpoint(reportCalls.byId),
  update: endpoint(reportCalls.update),
  create: endpoint(reportCalls.create),
};

/** The company's entity id, which the report calls name (`data.id` of cbdt). */
const entity: LookupConfig = {
  endpoint: reportApi.cbdt,
  pick: (data) => (data as { id?: string } | undefined)?.id,
  error: 'Error while fetching cbdt',
};

const MESSAGES = {
  created: 'Report set sucessfully',
  updated: 'Report updated sucessfully',
  createError: 'There is something wrong',
  updateError: 'Error while updating report',
} as const;

/** A report list: Event Id, Event Name, the enable switch (flips active 0/1 after confirming) and Edit. */
function reportList(type: ReportType, screen: typeof registered.dailySummaryList, button: string, companyMessage: string): ListConfig {
  const { path } = screen;
  return {
    ...screen,
    lookup: entity,
    source: reportApi.list,
    sourceInput: ({ scope, lookup }) => ({ scope, query: { entity_id: lookup as string | undefined, type } }),
    rowKey: 'id',
    columns: [
      { title: 'Event Id', field: 'id' },
      { title: 'Event Name', field: 'type' },
      switchColumn({
        title: 'Enable Notificaton',
        field: 'active',
        value: (row) => Number(row.active) === 1,
        endpoint: reportApi.update,
        input: (row) => ({ params: { id: String(row.id) }, body: { active: Number(row.active) === 1 ? 0 : 1 } }),
        confirmText: 'Are you sure want to disable/enable notification',
        error: 'Error while disabling report',
      }),
    ],
    emptyText: 'No reports found',
    fetchError: 'Error while fetching report',
    headerButtons: [{ label: button, to: `${path}/add`, primary: true, companyMessage }],
    edit: { to: `${path}/edit/:id`, disabledWhen: (row) => Number(row.active) !== 1 },
  };
}

/** Create (POST with entity_id, type and the definition) or edit (PUT of the full definition). */
function reportForm(type: ReportType, path: string, base: Omit<FormConfig, 'kind' | 'submit' | 'messages' | 'load' | 'lookup' | 'toForm' | 'toSubmission'>, build: typeof baseDefinition): FormConfig {
  return {
    kind: 'form',
    ...base,
    lookup: entity,
    load: {
      endpoint: reportApi.report,
      input: ({ scope, params }) => ({ scope, params: { id: params.id } }),
      error: 'Error while fetching report',
    },
    toForm: (record) => reportToForm(record as ReportScheduleDraft) as Record<string, unknown>,
    toSubmission: (form, { scope, params, editing, lookup, record }) => {
      const definition = build(form as ReportForm, scope);
      if (editing) {
        const job = (record as ReportScheduleDraft | undefined)?.job_request?.job_uuid;
        return { params: { id: params.id }, body: { definition: job ? { ...definition, job_uuid: job } : definition } };
      }
      return { body: { entity_id: lookup, type, definition } };
    },
    submit: { create: reportApi.create, update: reportApi.update },
    messages: MESSAGES,
    after: path,
    back: path,
  };
}

const schedule = (choices: typeof DAILY_SUMMARY_CRONS) => ({ 'ui:widget': 'cronSchedule', 'ui:options': { choices, placeholder: 'Select timings' } });
const emails = { 'ui:placeholder': 'Comma separated e-mail ids' };

/** /sputnik-daily-summary (spec 001 section 2.6). */
export const dailySummaryList = reportList('DAILY_TRIP_SUMMARY', registered.dailySummaryList, 'Set Daily summary Report of Sputnik', 'Select a company to set daily summary report');

export const dailySummaryForm = reportForm('DAILY_TRIP_SUMMARY', registered.dailySummaryList.path, {
  ...registered.dailySummaryForm,
  schema: dailySummaryFormSchema,
  columns: 2,
  uiSchema: { 'ui:order': ['emails', 'cron'], emails, cron: schedule(DAILY_SUMMARY_CRONS) },
  submitLabel: { create: 'Submit Daily Summary Report', edit: 'Submit Daily Summary Report' },
  companyMessage: 'Select a company to set daily summary report',
}, baseDefinition);

/** /exception-report (spec 001 section 2.7). */
export const exceptionList = reportList('ALERT', registered.exceptionList, 'Set Exception Report', 'Select a company to Exception Report');

export const exceptionForm = reportForm('ALERT', registered.exceptionList.path, {
  ...registered.exceptionForm,
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
  submitLabel: { create: 'Submit Exception Report', edit: 'Submit Exception Report' },
  companyMessage: 'Select a company to Exception Report',
}, exceptionDefinition);
