import type { FromSchema } from 'json-schema-to-ts';
import type { CompanyWide } from './api/contract';
import { bool, int, intOrNull, list, shape, str, strOrNull } from './api/shapes';
import { ALERT_TYPES, EXCEPTION_FIXED } from './report-schedule';

/**
 * What the report service answers of a schedule's definition and of its runs (spec 001 section 7, issue 14), and the
 * company's report entity its schedules hang from: shared by the schedules' declaration
 * (schemas/resources/report-schedules.ts) and the runs' calls (schemas/api/reports.ts).
 */

/** The company's report entity (one per company), which its schedules hang from. */
export const REPORT_ENTITY: CompanyWide = {
  name: 'report entity',
  table: 'report_entities',
  id: 'id',
  branch: false,
  department: false,
};

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
export const reportDefinitionAnswer = shape(
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
 * A run over the row `r` of `report_runs` as the calls answer it ({@link reportRunAnswer}), as SQL: its times in ISO
 * 8601 (UTC, milliseconds), whether it has a file, never the file.
 */
export function runJsonSql(r: string): string {
  const iso = (column: string) => `to_char(${r}.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `jsonb_build_object('id', ${r}.id, 'scheduleId', ${r}.schedule_id, 'trigger', ${r}.trigger,
    'dueAt', ${iso('due_at')}, 'startedAt', ${iso('started_at')}, 'finishedAt', ${iso('finished_at')},
    'late', ${r}.late, 'outcome', ${r}.outcome, 'rows', ${r}.rows, 'recipients', coalesce(${r}.recipients, '[]'::jsonb),
    'error', ${r}.error, 'fileName', ${r}.file_name, 'hasFile', ${r}.file is not null)`;
}
