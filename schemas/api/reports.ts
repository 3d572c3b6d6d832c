import { defineCall } from './contract';
import { ANSWERS, XLSX_MEDIA_TYPE } from './answers';
import { scopeQuerySchema } from '../scope';
import { REPORT_DUPLICATE, reportCreateSchema, reportListQuerySchema, reportUpdateSchema } from '../report-schedule';

const reports = { service: 'reports', envelope: 'main' } as const;

/** A report schedule's id in a path. */
export const reportParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['id'],
  errorMessage: { required: { id: 'Not found' } },
} as const;

/** A run's id in a path. */
export const reportRunParamsSchema = {
  type: 'object',
  properties: { runId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['runId'],
  errorMessage: { required: { runId: 'Not found' } },
} as const;

/**
 * One run of a schedule (issue 14): when it was due and ran, whether it ran late (a due time missed while no server
 * was up), its outcome, how many rows its file has, to whom it was mailed, and why it failed. `hasFile` says whether
 * the run's xlsx can be downloaded (`reports.runFile`).
 */
export interface ReportRun {
  id: string;
  scheduleId: string;
  trigger: 'SCHEDULE' | 'MANUAL';
  dueAt: string | null;
  startedAt: string;
  finishedAt: string | null;
  late: boolean;
  outcome: 'RUNNING' | 'SUCCESS' | 'FAILED';
  rows: number | null;
  recipients: string[];
  error: string | null;
  fileName: string | null;
  hasFile: boolean;
}

/** The report service of spec 001 section 7: daily trip summary and exception report schedules. */
export const reportCalls = {
  list: defineCall({ ...reports, id: 'reports.list', method: 'GET', path: '/saas/v1/rs/list', summary: "An entity's schedules of one type (with a branch: that branch's)", querystring: reportListQuerySchema }),
  byId: defineCall({ ...reports, id: 'reports.get', method: 'GET', path: '/saas/v1/rs/report/:id', summary: 'One schedule', querystring: scopeQuerySchema, params: reportParamsSchema }),
  create: defineCall({ ...reports, id: 'reports.create', method: 'POST', path: '/saas/v1/rs/definition/create', summary: 'Creates a schedule (409 when the entity has an identical one of that type, enabled or not)', querystring: scopeQuerySchema, body: reportCreateSchema, messages: [REPORT_DUPLICATE], answers: { 409: REPORT_DUPLICATE } }),
  update: defineCall({ ...reports, id: 'reports.update', method: 'PUT', path: '/saas/v1/rs/update/:id', summary: "Changes a schedule's definition or active flag (409 when that makes it identical to another)", querystring: scopeQuerySchema, params: reportParamsSchema, body: reportUpdateSchema, messages: [REPORT_DUPLICATE], answers: { 409: REPORT_DUPLICATE, 412: ANSWERS.stale } }),
  /** A schedule's runs, newest first (at most 50): the list's 'Last run' is the first. Answers ReportRun[]. */
  runs: defineCall({ ...reports, id: 'reports.runs', method: 'GET', path: '/saas/v1/rs/report/:id/runs', summary: "A schedule's runs, newest first", querystring: scopeQuerySchema, params: reportParamsSchema }),
  /** Runs a schedule now (even outside its cron; a disabled one is refused): answers the finished ReportRun. */
  runNow: defineCall({ ...reports, id: 'reports.runNow', method: 'POST', path: '/saas/v1/rs/report/:id/run', summary: 'Runs a schedule now and mails its file', querystring: scopeQuerySchema, params: reportParamsSchema, answers: { 409: 'A run of the schedule is under way already', 429: ANSWERS.outboundQuota } }),
  /** A run's xlsx file (Content-Disposition attachment), of a schedule in scope. */
  runFile: defineCall({ ...reports, id: 'reports.runFile', method: 'GET', path: '/saas/v1/rs/run/:runId/file', summary: "A run's xlsx file", querystring: scopeQuerySchema, params: reportRunParamsSchema, produces: [XLSX_MEDIA_TYPE] }),
};
