import { shape, str } from '../api/shapes';
import { dailyAt } from '../report-cron';
import { REPORT_ENTITY, reportDefinitionAnswer, reportRunAnswer, runJsonSql } from '../report-answers';
import {
  REPORT_DUPLICATE,
  REPORT_MSG,
  REPORT_TYPES,
  reportCreateSchema,
  reportDefinitionSchema,
  reportListQuerySchema,
  reportUpdateSchema,
} from '../report-schedule';
import { defineResource, type ResourceRecord } from '../resource';

/** The entity a call names, checked to be the company's own (404 otherwise). */
const entityOf = (id: 'query.entity_id' | 'body.entity_id') => [{ aggregate: REPORT_ENTITY, id }] as const;

/** Tata Steel's daily trip summary: every day at 08:30, to its operations desk and control tower. */
const DAILY = {
  email_recipients: 'ops@demo.local,control.tower@tatasteel.example',
  company_id: '1001',
  schedule: { cron: dailyAt(8 * 60 + 30).cron, type: 'DAILY' },
} as const;

/** Tata Steel's exception report: every four hours, of long stoppages and route deviations escalated once or more. */
const EXCEPTIONS = {
  email_recipients: 'alerts@tatasteel.example',
  company_id: '1001',
  schedule: { cron: '0 0 0/4 * * ?', type: 'DAILY' },
  params: {
    'date.alert.closed.close_time.duration_mins': 120,
    'date.alert.inprogress.start_time.duration_mins': 45000,
    'date.trip.constraint.value': 24,
    'date.trip.type': 'HOURS',
    event: ['long_stoppage', 'route_deviation'],
    format: 'xlsx',
    tripStatus: [1],
  },
  filters: [{ key: 'current_escalation_level', gte: 1 }],
} as const;

/**
 * Report schedules (spec 001 sections 2.6, 2.7, 3 and 7; API.md "Report schedules"): a company's or branch's daily trip
 * summary and exception reports, each a definition (recipients, cron, an exception report's alerts, trip and filter
 * settings) under the company's report entity, run by its job on its cron (server/jobs). The report service's list (an
 * entity's schedules of one type, with a branch that branch's), read, create (its entity and type in the body) and
 * update (its definition, its active flag, or both) are built from this; the server's rule
 * (server/rules/resource-rules.ts) checks the definition, keeps the cron it runs on and gives a new schedule its job.
 * An identical schedule of the type in the entity, enabled or not, is refused (409; a unique index decides). Each
 * answers its definition with its job uuid, its job, and its latest run. Its runs, 'Run now' and a run's file are calls
 * of their own (schemas/api/reports.ts); the screens are screens/report-schedules.ts.
 */
export const reportSchedules = defineResource({
  name: 'reportSchedules',
  objectType: 'report_schedule',
  table: 'report_schedules',
  idPrefix: 'rs',
  noun: 'report schedule',
  plural: 'report schedules',
  title: 'Daily summary and exception reports',
  path: '/saas/v1/rs',
  // The daily summaries' list, where the home screen links the count; the exception reports have a list of their own.
  screen: '/sputnik-daily-summary',
  screenFile: true,
  reach: 'branch',
  stamps: 'timestamps',
  api: {
    service: 'reports',
    prefix: 'reports',
    calls: ['list', 'byId', 'create', 'update'],
    paths: { list: 'list', byId: 'report/:id', create: 'definition/create', update: 'update/:id' },
    unpaged: true,
    listQuery: reportListQuerySchema,
    listFilters: ['entity_id', 'type'],
    body: reportCreateSchema,
    branchIn: ['definition', 'branch_id'],
    updateBody: reportUpdateSchema,
    names: { list: entityOf('query.entity_id'), create: entityOf('body.entity_id') },
    ruleMessages: [REPORT_MSG.timings, REPORT_MSG.alerts, REPORT_MSG.operator, REPORT_MSG.filterNumber],
    computed: {
      job_request: {
        sql: "jsonb_build_object('job_uuid', report_schedules.job_uuid)",
        answer: shape({ job_uuid: str }),
      },
      lastRun: {
        sql: `(select ${runJsonSql('r')} from report_runs r where r.schedule_id = report_schedules.id
          order by r.started_at desc, r.id desc limit 1)`,
        answer: { anyOf: [reportRunAnswer, { type: 'null' }] },
      },
    },
  },
  fields: {
    entity_id: {
      column: 'entity_id',
      label: 'Report entity',
      sql: 'text',
      required: true,
      schema: reportCreateSchema.properties.entity_id,
    },
    type: {
      column: 'type',
      label: 'Report type',
      sql: 'text',
      required: true,
      schema: reportCreateSchema.properties.type,
      answer: { type: 'string', enum: REPORT_TYPES },
    },
    active: {
      column: 'active',
      label: 'Active',
      sql: 'integer',
      default: 1,
      schema: reportUpdateSchema.properties.active,
    },
    definition: {
      column: 'definition',
      label: 'Definition',
      sql: 'json',
      required: true,
      schema: reportDefinitionSchema,
      // As the console sent it, with the schedule's job uuid.
      read: "(report_schedules.definition || jsonb_build_object('job_uuid', report_schedules.job_uuid))",
      answer: reportDefinitionAnswer,
    },
    cron: {
      column: 'cron',
      label: 'Schedule',
      sql: 'text',
      required: true,
      schema: { type: 'string', maxLength: 100 },
    },
    job_uuid: {
      column: 'job_uuid',
      label: 'Job',
      sql: 'text',
      required: true,
      schema: { type: 'string', maxLength: 64 },
    },
  },
  naturalKey: ['type', 'cron'],
  taken: REPORT_DUPLICATE,
  label: ['type', 'cron'],
  labelSql: "case t.type when 'ALERT' then 'Exception report' else 'Daily trip summary' end || ' · ' || t.cron",
  order: { field: 'createdAt' },
  compare: true,
  compareOwn: ['entity_id', 'job_uuid'],
  seed: [
    {
      id: 'rs_tsl_daily',
      company: '1001',
      values: {
        entity_id: 'ent_tsl',
        type: 'DAILY_TRIP_SUMMARY',
        definition: DAILY,
        cron: DAILY.schedule.cron,
        job_uuid: '7a0c3f52-1d44-4b7e-9a51-0c6f2d1e8b01',
      },
    },
    {
      id: 'rs_tsl_alert',
      company: '1001',
      values: {
        entity_id: 'ent_tsl',
        type: 'ALERT',
        definition: EXCEPTIONS,
        cron: EXCEPTIONS.schedule.cron,
        job_uuid: '7a0c3f52-1d44-4b7e-9a51-0c6f2d1e8b02',
      },
    },
  ],
});

/** A schedule as the report service answers it (its version travels as the ETag). */
export type ReportSchedule = ResourceRecord<typeof reportSchedules>;
