import { AGGREGATES } from './aggregates';
import { defineCall, SCOPE_IN_QUERY, type Aggregate } from './contract';
import { ANSWERS, XLSX_MEDIA_TYPE } from './answers';
import { list } from './shapes';
import { callsOf } from './resources';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import { reportRunAnswer } from '../report-answers';
import { reportSchedules } from '../resources/report-schedules';

export { type ReportRun, reportRunAnswer } from '../report-answers';
export type { ReportSchedule } from '../resources/report-schedules';

const reports = { service: 'reports', envelope: 'main' } as const;
/** A report schedule is for its branch (none: the whole company); schedules name no department. */
const REPORT_SCHEDULE = AGGREGATES.reportSchedule;
/** A run is its schedule's. */
const REPORT_RUN: Aggregate = {
  name: 'reportRun',
  table: 'report_runs r join report_schedules s on s.id = r.schedule_id',
  id: 'r.id',
  company: 's.company_id',
  branch: 's.branch_id',
  department: false,
};
const ownsSchedule = [{ aggregate: REPORT_SCHEDULE, id: 'params.id' }] as const;

/** A run's id in a path. */
export const reportRunParamsSchema = {
  type: 'object',
  properties: { runId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['runId'],
  errorMessage: { required: { runId: 'Not found' } },
} as const;

/**
 * The report service of spec 001 section 7: daily trip summary and exception report schedules (their list, read,
 * create and update built from their declaration, schemas/resources/report-schedules.ts), and their runs (issue 14).
 */
export const reportCalls = {
  ...callsOf(reportSchedules),
  /** A schedule's runs, newest first (at most 50): the list's 'Last run' is the first. */
  runs: defineCall({
    ...reports,
    id: 'reports.runs',
    method: 'GET',
    path: '/saas/v1/rs/report/:id/runs',
    summary: "A schedule's runs, newest first",
    querystring: scopeQuerySchema,
    params: idParamsSchema,
    answer: list(reportRunAnswer),
    scope: SCOPE_IN_QUERY,
    owns: ownsSchedule,
  }),
  /** Runs a schedule now (even outside its cron; a disabled one is refused): answers the finished run. */
  runNow: defineCall({
    ...reports,
    id: 'reports.runNow',
    method: 'POST',
    path: '/saas/v1/rs/report/:id/run',
    summary: 'Runs a schedule now and mails its file',
    querystring: scopeQuerySchema,
    params: idParamsSchema,
    answers: { 409: 'A run of the schedule is under way already', 429: ANSWERS.outboundQuota },
    answer: reportRunAnswer,
    scope: SCOPE_IN_QUERY,
    owns: ownsSchedule,
  }),
  /** A run's xlsx file (Content-Disposition attachment), of a schedule in scope. */
  runFile: defineCall({
    ...reports,
    id: 'reports.runFile',
    method: 'GET',
    path: '/saas/v1/rs/run/:runId/file',
    summary: "A run's xlsx file",
    querystring: scopeQuerySchema,
    params: reportRunParamsSchema,
    produces: [XLSX_MEDIA_TYPE],
    scope: SCOPE_IN_QUERY,
    owns: [{ aggregate: REPORT_RUN, id: 'params.runId' }],
  }),
};
