import type { FromSchema } from 'json-schema-to-ts';
import { isRecord, schemaGuard } from './guards';
import {
  ALERT_TYPES,
  FILTER_FIELDS,
  LIST_OPERATORS,
  definitionFilterSchema,
  reportDefinitionSchema,
  type DefinitionFilter,
  type FilterRow,
  type ReportDefinition,
} from './report-schedule';

/**
 * A report schedule's definition as both sides read it (spec 001 sections 5 and 9): the stored definition (an object,
 * or its JSON text: a driver may hand jsonb back as text), its filters between the form's rows and their stored shape,
 * and a filter's operator. The server reads a whole definition checked by the schema it was saved under
 * ({@link storedDefinition}); a list of the console shows two of its parts ({@link definitionSummary}).
 */

/** A definition as stored: the one the console sends, without its job_uuid (the schedule's own is added back). */
export type StoredDefinition = Omit<ReportDefinition, 'job_uuid'>;

/** The JSON of a stored definition: an object as it is, text parsed; undefined for text that is not JSON. */
function definitionJson(stored: unknown): unknown {
  if (typeof stored !== 'string') return stored;
  try {
    return JSON.parse(stored);
  } catch {
    return undefined;
  }
}

/** Whether a value is a definition as {@link reportDefinitionSchema} takes it (checked on the server: it compiles). */
const isDefinition = schemaGuard(reportDefinitionSchema);

/** A schedule's stored definition (an object or its JSON text) checked by the schema it was saved under, or undefined. */
export function definitionOf(stored: unknown): StoredDefinition | undefined {
  const value = definitionJson(stored);
  return isDefinition(value) ? value : undefined;
}

/** {@link definitionOf} where a definition must be there (a stored schedule's): throws when it is not one. */
export function storedDefinition(stored: unknown): StoredDefinition {
  const definition = definitionOf(stored);
  if (!definition) throw new Error('The stored report definition is not one the report service takes');
  return definition;
}

/**
 * What making a report reads of a definition (server/jobs/report-job.ts makeReport): its branch (none: the whole
 * company's) and an exception report's params and filters, each checked as it is read; the rest of a definition (its
 * recipients, schedule and the params' fixed values) is not, so a report can be made from those parts alone.
 */
const reportInputSchema = {
  type: 'object',
  properties: {
    branch_id: { type: ['string', 'integer', 'null'] },
    params: {
      type: 'object',
      properties: {
        'date.alert.closed.close_time.duration_mins': { type: 'integer' },
        'date.alert.inprogress.start_time.duration_mins': { type: 'integer' },
        'date.trip.constraint.value': { type: 'integer' },
        event: { type: 'array', items: { type: 'string', enum: [...ALERT_TYPES] } },
        tripStatus: { type: 'array', items: { type: 'integer', enum: [0, 1] } },
      },
      required: [
        'date.alert.closed.close_time.duration_mins',
        'date.alert.inprogress.start_time.duration_mins',
        'date.trip.constraint.value',
        'event',
        'tripStatus',
      ],
    },
    filters: { type: 'array', items: definitionFilterSchema },
  },
} as const;

/** What making a report reads of a definition ({@link reportInputSchema}). */
export type ReportInput = FromSchema<typeof reportInputSchema>;

const isReportInput = schemaGuard(reportInputSchema);

/** The parts of a definition (an object or its JSON text) a report is made from; throws when they are not readable. */
export function reportInputOf(stored: unknown): ReportInput {
  const value = definitionJson(stored);
  if (!isReportInput(value)) throw new Error("The report definition's branch, params or filters are not readable");
  return value;
}

/** What a list of schedules shows of a definition: its recipients' text and its cron, each when it has one. */
export interface DefinitionSummary {
  recipients?: string;
  cron?: string;
}

/**
 * The recipients and cron of a listed schedule's definition (an object or its JSON text), each read on its own: a
 * part that is missing or not a text is left out, so an unreadable definition shows as blank.
 */
export function definitionSummary(stored: unknown): DefinitionSummary {
  const value = definitionJson(stored);
  if (!isRecord(value)) return {};
  const { email_recipients: recipients, schedule } = value;
  const cron = isRecord(schedule) ? schedule.cron : undefined;
  return {
    ...(typeof recipients === 'string' && { recipients }),
    ...(typeof cron === 'string' && { cron }),
  };
}

/**
 * A stored filter's operator and the value it compares with (`{key: 'alert_type', in: ['a']}` → `['in', ['a']]`): its
 * one field besides the key; undefined for a filter without one.
 */
export function filterOperation(filter: DefinitionFilter): [operator: string, operand: unknown] | undefined {
  return Object.entries(filter).find(([name]) => name !== 'key');
}

/**
 * The filters to send (spec 001 section 5): only rows with a key, an operator and a non-empty value; for `in` and
 * `not_in` the value is split on commas into a list, for number (int) and date (minutes) fields it is parsed as an integer.
 */
export function buildFilters(
  rows: FilterRow[] | undefined,
  fields: Record<string, string> = FILTER_FIELDS,
): DefinitionFilter[] {
  return (rows ?? []).flatMap(({ key, operator, value: text }) => {
    const raw = text?.trim();
    if (!key || !operator || !raw) return [];
    const type = fields[key];
    const value = LIST_OPERATORS.some((listOperator) => listOperator === operator)
      ? raw
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
      : type === 'int' || type === 'date'
        ? Number.parseInt(raw, 10)
        : raw;
    return [{ key, [operator]: value }];
  });
}

/** Stored filters back into form rows (lists joined with commas). */
export function filterRows(filters: DefinitionFilter[] | undefined): FilterRow[] {
  return (filters ?? []).map((filter) => {
    const [operator, value] = filterOperation(filter) ?? [];
    return {
      key: filter.key,
      operator,
      value: Array.isArray(value) ? value.join(',') : value === undefined ? undefined : String(value),
    };
  });
}
