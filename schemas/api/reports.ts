import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { defineCall, SCOPE_IN_QUERY, type Aggregate, type CompanyWide } from './contract';
import { ANSWERS, XLSX_MEDIA_TYPE } from './answers';
import { bool, int, intOrNull, list, shape, str, strOrNull } from './shapes';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import {
  ALERT_TYPES,
  EXCEPTION_FIXED,
  REPORT_DUPLICATE,
  REPORT_TYPES,
  reportCreateSchema,
  reportListQuerySchema,
  reportUpdateSchema,
} from '../report-schedule';

const reports = { service: 'reports', envelope: 'main' } as const;
/** A schedule addressed by its path id, within reach of the query's scope (a branch's, or the whole company's). */
/** A report schedule is for its definition's branch (none: the whole company); schedules name no department. */
const REPORT_SCHEDULE = AGGREGATES.reportSchedule;
/** A run is its schedule's. */
const REPORT_RUN: Aggregate = {
  name: 'reportRun',
  table: 'report_runs r join report_schedules s on s.id = r.schedule_id',
  id: 'r.id',
  company: 's.company_id',
  branch: "(s.definition->>'branch_id')",
  department: false,
};
/** The company's report entity (one per company), which its schedules hang from. */
const REPORT_ENTITY: CompanyWide = {
  name: 'report entity',
  table: 'report_entities',
  id: 'id',
  branch: false,
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

/** One of `values` (a text). */
const oneOfTexts = <const V extends readonly string[]>(values: V) => ({ type: 'string', enum: values }) as const;
/** An id a desk sent as a text or a number. */
const idTextOrNumber = { type: ['string', 'integer'] } as const;

/**
 * One run of a schedule (issue 14): when it was due and ran, whether it ran late (a due time missed while no server
 * was up), its outcome, how many rows its file has, to whom it was mailed, and why it failed. `hasFile` says whether
 * the run's xlsx can be downloaded (`reports.runFile`).
 */
export const reportRunAnswer = shape({
  id: str,
  scheduleId: str,
  trigger: oneOfTexts(['SCHEDULE', 'MANUAL']),
  /** The cron time it ran for (ISO 8601); null for 'Run now'. */
  dueAt: strOrNull,
  startedAt: str,
  finishedAt: strOrNull,
  late: bool,
  outcome: oneOfTexts(['RUNNING', 'SUCCESS', 'FAILED']),
  rows: intOrNull,
  recipients: list(str),
  error: strOrNull,
  fileName: strOrNull,
  hasFile: bool,
});

/** One run of a schedule, as the report service answers it. */
export type ReportRun = FromSchema<typeof reportRunAnswer>;

/** A stored filter of an exception report: its key and one operator with its value. */
const definitionFilterAnswer = shape(
  { key: str },
  {
    in: list(str),
    not_in: list(str),
    eq: { type: ['string', 'integer'] },
    ne: { type: ['string', 'integer'] },
    gt: int,
    gte: int,
    lt: int,
    lte: int,
    minutes_diff_lt: int,
    minutes_diff_gt: int,
  },
);

/** A stored definition as the console sent it (schemas/report-schedule.ts), with the schedule's job_uuid. */
const reportDefinitionAnswer = shape(
  {
    email_recipients: str,
    company_id: idTextOrNumber,
    job_uuid: str,
    schedule: shape({ cron: str, type: oneOfTexts([EXCEPTION_FIXED.scheduleType]) }),
  },
  {
    branch_id: idTextOrNumber,
    /** An exception report's settings. */
    params: shape({
      'date.alert.closed.close_time.duration_mins': int,
      'date.alert.inprogress.start_time.duration_mins': { type: 'integer', enum: [EXCEPTION_FIXED.inProgressMinutes] },
      'date.trip.constraint.value': int,
      'date.trip.type': oneOfTexts([EXCEPTION_FIXED.tripType]),
      event: list(oneOfTexts(ALERT_TYPES)),
      format: oneOfTexts([EXCEPTION_FIXED.format]),
      tripStatus: list({ type: 'integer', enum: [0, 1] }),
    }),
    filters: list(definitionFilterAnswer),
  },
);

/**
 * A schedule as the report service answers it (its version travels as the ETag): its entity, type, active flag (0 or
 * 1), definition and the job that runs it; the list adds its latest run (`lastRun`, null before the first).
 */
export const reportScheduleAnswer = shape(
  {
    id: str,
    entity_id: str,
    type: oneOfTexts(REPORT_TYPES),
    active: int,
    definition: reportDefinitionAnswer,
    job_request: shape({ job_uuid: str }),
  },
  { lastRun: { ...reportRunAnswer, type: ['object', 'null'] } as const },
);

/** A schedule as the report service answers it (`lastRun` in the list only). */
export type ReportSchedule = FromSchema<typeof reportScheduleAnswer>;

/** The report service of spec 001 section 7: daily trip summary and exception report schedules. */
export const reportCalls = {
  list: defineCall({
    ...reports,
    id: 'reports.list',
    refers: { 'query.entity_id': REPORT_ENTITY },
    method: 'GET',
    path: '/saas/v1/rs/list',
    summary: "An entity's schedules of one type (with a branch: that branch's)",
    querystring: reportListQuerySchema,
    answer: list(reportScheduleAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  byId: defineCall({
    ...reports,
    id: 'reports.get',
    etag: true,
    method: 'GET',
    path: '/saas/v1/rs/report/:id',
    summary: 'One schedule',
    querystring: scopeQuerySchema,
    params: idParamsSchema,
    answer: reportScheduleAnswer,
    scope: SCOPE_IN_QUERY,
    owns: ownsSchedule,
  }),
  create: defineCall({
    ...reports,
    id: 'reports.create',
    refers: { 'body.entity_id': REPORT_ENTITY },
    etag: true,
    method: 'POST',
    path: '/saas/v1/rs/definition/create',
    summary: 'Creates a schedule (409 when the entity has an identical one of that type, enabled or not)',
    querystring: scopeQuerySchema,
    body: reportCreateSchema,
    messages: [REPORT_DUPLICATE],
    answers: { 409: REPORT_DUPLICATE },
    answer: reportScheduleAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  update: defineCall({
    ...reports,
    id: 'reports.update',
    method: 'PUT',
    path: '/saas/v1/rs/update/:id',
    summary: "Changes a schedule's definition or active flag (409 when that makes it identical to another)",
    querystring: scopeQuerySchema,
    params: idParamsSchema,
    body: reportUpdateSchema,
    messages: [REPORT_DUPLICATE],
    answers: { 409: REPORT_DUPLICATE },
    versioned: true,
    answer: reportScheduleAnswer,
    scope: SCOPE_IN_QUERY,
    owns: ownsSchedule,
  }),
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
