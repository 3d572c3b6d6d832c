import type { FromSchema } from 'json-schema-to-ts';
import { BODY_OBJECT, MAX_NUMERIC_ID, MSG, badId } from './messages';
import { scopeQuerySchema } from './scope';
import { EMAIL_LIST_MAX } from './formats';

/** Report schedules of spec 001 sections 2.6, 2.7, 3, 5 and 9: daily trip summary and exception (alert) reports. */

export const REPORT_TYPES = ['DAILY_TRIP_SUMMARY', 'ALERT'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Alert types an exception report can carry (section 9). */
export const ALERT_TYPES = [
  'long_stoppage',
  'route_deviation',
  'detention',
  'detention_origin',
  'detention_waypoint',
  'detention_destination',
  'untracked',
  'transit_delay',
  'ewb_expiry',
  'continuous_driving',
  'sta_breach',
  'tracking_interrupted',
  'night_driving',
  'over_speeding',
  'trip_common_assets_ft',
  'trip_validation_failure',
  'waypoints_breach',
  'diversion',
  'temperature_breached',
  'driver_change',
] as const;

export type FilterType = 'int' | 'date' | 'text';

/** Exception filter fields and their types (section 9). */
export const FILTER_FIELDS: Record<string, FilterType> = {
  current_escalation_level: 'int',
  ...Object.fromEntries(
    [
      'level_1_escalated_at',
      'level_2_escalated_at',
      'level_3_escalated_at',
      'alert_close_time',
      'due_time',
      'closure_time',
      'created_at',
      'updated_at',
    ].map((k) => [k, 'date' as const]),
  ),
  ...Object.fromEntries(
    [
      'folder',
      'customer_code',
      'customer_name',
      'primary_source',
      'last_source',
      'created_by',
      'alert_type',
      'alert_name',
      'alert_status',
      'ticket_id',
      'ticket_status',
      'assignee',
      'priority',
      'last_comment',
      'closure_reason',
      'closure_comment',
      'closure_mechanism',
      'closed_by',
      'sub_status',
    ].map((k) => [k, 'text' as const]),
  ),
};

/** Operators per field type (section 9). */
export const FILTER_OPERATORS: Record<FilterType, readonly string[]> = {
  date: ['minutes_diff_lt', 'minutes_diff_gt'],
  text: ['in', 'not_in', 'eq', 'ne'],
  int: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
};

/** Operators whose value is a list (the form's text is split on commas). */
export const LIST_OPERATORS = ['in', 'not_in'] as const;

/** Fixed values of an exception definition (section 9). */
export const EXCEPTION_FIXED = {
  inProgressMinutes: 45000,
  format: 'xlsx',
  tripType: 'HOURS',
  scheduleType: 'DAILY',
} as const;

export const TRIP_STATUSES = [
  { const: 1, title: 'Open' },
  { const: 0, title: 'Closed' },
] as const;

/**
 * Upper bounds of the exception report's durations: the report reads alerts of the last 45000 minutes (the fixed
 * in-progress window), so a closed-alert window or a trip age beyond it (750 hours) could never match anything.
 */
export const EXCEPTION_LIMITS = {
  closedMinutes: EXCEPTION_FIXED.inProgressMinutes,
  tripHours: EXCEPTION_FIXED.inProgressMinutes / 60,
} as const;

/** At most this many addresses receive one report, in the forms and in the API (each run mails each of them). */
export const REPORT_MAX_RECIPIENTS = 50;

export const REPORT_MSG = {
  emails: 'Please select EmailId',
  tooManyEmails: `At most ${REPORT_MAX_RECIPIENTS} e-mail ids`,
  emailsInvalid: 'Please enter valid email ids, separated by commas',
  timings: 'Enter timings',
  alerts: 'Please select alerts names',
  closedMinutes: 'Please enter alerts closed duration in minutes',
  tripHours: 'Please enter total trip hours in hours ',
  closedMinutesMax: `Alerts closed minutes can be at most ${EXCEPTION_LIMITS.closedMinutes}`,
  tripHoursMax: `Total trip hours can be at most ${EXCEPTION_LIMITS.tripHours}`,
  tripStatus: 'Please enter trip statuses',
  operator: 'Please enter operator',
  value: 'Please enter valid input value',
  type: 'Report type must be DAILY_TRIP_SUMMARY or ALERT',
  entity: 'Invalid entity',
  filterKey: 'Please choose a filter field from the list',
  filterNumber: 'A number or date filter needs a whole number',
} as const;

/**
 * A create or edit that would make a schedule identical to another one of the entity (same type, same definition with
 * the recipients compared as a set, trimmed and in lower case), enabled or not: two such schedules would mail the same
 * report twice (a unique index decides, migration 155). Shown under the form's e-mail field.
 */
export const REPORT_DUPLICATE = 'An identical report is already scheduled for this selection';

/**
 * One or more e-mail addresses separated by commas, at most 2000 characters: the format splits the list and checks
 * each address on its own, at most 254 characters (`isEmailList` in ajv.ts), in time linear in the text.
 */
const emailList = {
  type: 'string',
  format: 'email-list',
  maxLength: EMAIL_LIST_MAX,
  maxEntries: REPORT_MAX_RECIPIENTS,
  errorMessage: {
    type: REPORT_MSG.emails,
    format: REPORT_MSG.emails,
    maxLength: REPORT_MSG.emails,
    maxEntries: REPORT_MSG.tooManyEmails,
  },
} as const;

/**
 * The forms' e-mail list: the same rule, but a list typed and malformed is told apart from a blank one (the spec's
 * 'Please select EmailId'). The API's `email_recipients` keeps {@link emailList}'s single text.
 */
const formEmailList = {
  type: 'string',
  maxLength: EMAIL_LIST_MAX,
  maxEntries: REPORT_MAX_RECIPIENTS,
  pattern: '\\S',
  if: { maxLength: EMAIL_LIST_MAX, pattern: '\\S' },
  then: { format: 'email-list', errorMessage: REPORT_MSG.emailsInvalid },
  errorMessage: {
    type: REPORT_MSG.emails,
    maxLength: REPORT_MSG.emails,
    maxEntries: REPORT_MSG.tooManyEmails,
    pattern: REPORT_MSG.emails,
  },
} as const;

const emails = <T extends string>(title: T) => ({ ...formEmailList, title }) as const;
const timings = {
  type: 'string',
  title: 'Set Report Timings',
  minLength: 1,
  maxLength: 64,
  errorMessage: REPORT_MSG.timings,
} as const;
/** A whole number from 1 to `maximum`: the spec's text when missing, not whole or below 1; `tooLarge` above. */
const wholeFrom1 = <M extends string, L extends string>(maximum: number, message: M, tooLarge: L) =>
  ({
    type: 'integer',
    minimum: 1,
    maximum,
    errorMessage: { type: message, minimum: message, maximum: tooLarge },
  }) as const;
const closedMinutes = wholeFrom1(EXCEPTION_LIMITS.closedMinutes, REPORT_MSG.closedMinutes, REPORT_MSG.closedMinutesMax);
const tripHours = wholeFrom1(EXCEPTION_LIMITS.tripHours, REPORT_MSG.tripHours, REPORT_MSG.tripHoursMax);

const keysOf = (type: FilterType) => Object.keys(FILTER_FIELDS).filter((k) => FILTER_FIELDS[k] === type);
const INTEGER_TEXT = '^\\s*-?\\d{1,9}\\s*$';

/** A filter row of the form: key, operator and value as typed; operator and value required once a key is chosen. */
export const filterRowSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', enum: Object.keys(FILTER_FIELDS), errorMessage: REPORT_MSG.filterKey },
    operator: { type: 'string', maxLength: 20, errorMessage: REPORT_MSG.operator },
    value: { type: 'string', maxLength: 2000 },
  },
  allOf: [
    {
      if: { required: ['key'] },
      then: {
        required: ['operator', 'value'],
        properties: { value: { type: 'string', maxLength: 2000, pattern: '\\S', errorMessage: REPORT_MSG.value } },
        errorMessage: { required: { operator: REPORT_MSG.operator, value: REPORT_MSG.value } },
      },
    },
    // Number and date fields take whole numbers; every type its own operators.
    ...(['int', 'date'] as const).map(
      (type) =>
        ({
          if: { properties: { key: { enum: keysOf(type) } }, required: ['key'] },
          then: {
            properties: {
              operator: { enum: [...FILTER_OPERATORS[type]], errorMessage: REPORT_MSG.operator },
              value: { type: 'string', maxLength: 2000, pattern: INTEGER_TEXT, errorMessage: REPORT_MSG.value },
            },
          },
        }) as const,
    ),
    {
      if: { properties: { key: { enum: keysOf('text') } }, required: ['key'] },
      then: { properties: { operator: { enum: [...FILTER_OPERATORS.text], errorMessage: REPORT_MSG.operator } } },
    },
  ],
} as const;

/** The daily summary form (section 5). */
export const dailySummaryFormSchema = {
  type: 'object',
  properties: {
    emails: emails("Email Id's"),
    cron: timings,
  },
  required: ['emails', 'cron'],
  errorMessage: { required: { emails: REPORT_MSG.emails, cron: REPORT_MSG.timings } },
} as const;

/** The exception report form (section 5). */
export const exceptionFormSchema = {
  type: 'object',
  properties: {
    emails: emails('Email ID'),
    alerts: {
      type: 'array',
      title: 'Alerts',
      items: { type: 'string', enum: [...ALERT_TYPES] },
      minItems: 1,
      uniqueItems: true,
      errorMessage: REPORT_MSG.alerts,
    },
    cron: timings,
    closedMinutes: { ...closedMinutes, title: 'Alerts Closed Minutes' },
    tripHours: { ...tripHours, title: 'Total Trip hours' },
    tripStatus: {
      type: 'array',
      title: 'Trip Status',
      items: { type: 'integer', oneOf: [...TRIP_STATUSES] },
      minItems: 1,
      uniqueItems: true,
      errorMessage: REPORT_MSG.tripStatus,
    },
    filters: { type: 'array', title: 'Filters', items: filterRowSchema, maxItems: 50 },
  },
  required: ['emails', 'alerts', 'cron', 'closedMinutes', 'tripHours', 'tripStatus'],
  errorMessage: {
    required: {
      emails: REPORT_MSG.emails,
      alerts: REPORT_MSG.alerts,
      cron: REPORT_MSG.timings,
      closedMinutes: REPORT_MSG.closedMinutes,
      tripHours: REPORT_MSG.tripHours,
      tripStatus: REPORT_MSG.tripStatus,
    },
  },
} as const;

// ---- The report service's API (section 7) ----

const entityId = { type: 'string', minLength: 1, maxLength: 64, errorMessage: REPORT_MSG.entity } as const;
const reportType = { type: 'string', enum: [...REPORT_TYPES], errorMessage: REPORT_MSG.type } as const;
/** A fixed value of the definition (section 9), with a message naming it. */
const fixed = <V extends string | number, M extends string>(value: V, message: M) =>
  ({ const: value, errorMessage: message }) as const;
const FIXED_MSG = {
  inProgress: `date.alert.inprogress.start_time.duration_mins must be ${EXCEPTION_FIXED.inProgressMinutes}`,
  tripType: `date.trip.type must be '${EXCEPTION_FIXED.tripType}'`,
  format: `format must be '${EXCEPTION_FIXED.format}'`,
  scheduleType: `schedule.type must be '${EXCEPTION_FIXED.scheduleType}'`,
} as const;
const listOfValues = {
  type: 'array',
  items: { type: 'string', maxLength: 200, errorMessage: REPORT_MSG.value },
  minItems: 1,
  maxItems: 200,
  errorMessage: REPORT_MSG.value,
} as const;

/** The value of a number or date operator (a date's in minutes). */
const wholeValue = {
  type: 'integer',
  minimum: -MAX_NUMERIC_ID,
  maximum: MAX_NUMERIC_ID,
  errorMessage: REPORT_MSG.value,
} as const;

/** A stored filter: the key plus one operator mapped to its value, e.g. `{key: 'alert_type', in: ['a', 'b']}`. */
export const definitionFilterSchema = {
  type: 'object',
  properties: {
    key: { type: 'string', enum: Object.keys(FILTER_FIELDS), errorMessage: REPORT_MSG.filterKey },
    in: listOfValues,
    not_in: listOfValues,
    eq: { type: ['string', 'integer'], maxLength: 200, errorMessage: REPORT_MSG.value },
    ne: { type: ['string', 'integer'], maxLength: 200, errorMessage: REPORT_MSG.value },
    gt: wholeValue,
    gte: wholeValue,
    lt: wholeValue,
    lte: wholeValue,
    minutes_diff_lt: wholeValue,
    minutes_diff_gt: wholeValue,
  },
  required: ['key'],
  additionalProperties: false,
  minProperties: 2,
  maxProperties: 2,
  // Each keyword named: a single text would leave the errors of the value lists' items unreplaced.
  errorMessage: {
    type: REPORT_MSG.value,
    required: { key: REPORT_MSG.filterKey },
    additionalProperties: REPORT_MSG.operator,
    minProperties: REPORT_MSG.value,
    maxProperties: REPORT_MSG.value,
  },
} as const;

export const exceptionParamsSchema = {
  type: 'object',
  properties: {
    'date.alert.closed.close_time.duration_mins': closedMinutes,
    'date.alert.inprogress.start_time.duration_mins': fixed(EXCEPTION_FIXED.inProgressMinutes, FIXED_MSG.inProgress),
    'date.trip.constraint.value': tripHours,
    'date.trip.type': fixed(EXCEPTION_FIXED.tripType, FIXED_MSG.tripType),
    event: {
      type: 'array',
      items: { type: 'string', enum: [...ALERT_TYPES] },
      minItems: 1,
      uniqueItems: true,
      errorMessage: REPORT_MSG.alerts,
    },
    format: fixed(EXCEPTION_FIXED.format, FIXED_MSG.format),
    tripStatus: {
      type: 'array',
      items: { type: 'integer', enum: [0, 1] },
      minItems: 1,
      uniqueItems: true,
      errorMessage: REPORT_MSG.tripStatus,
    },
  },
  required: [
    'date.alert.closed.close_time.duration_mins',
    'date.alert.inprogress.start_time.duration_mins',
    'date.trip.constraint.value',
    'date.trip.type',
    'event',
    'format',
    'tripStatus',
  ],
  additionalProperties: false,
  errorMessage: {
    type: 'params must be an object of the exception report settings',
    additionalProperties: 'Unknown field in params',
    required: {
      'date.alert.closed.close_time.duration_mins': REPORT_MSG.closedMinutes,
      'date.alert.inprogress.start_time.duration_mins': FIXED_MSG.inProgress,
      'date.trip.constraint.value': REPORT_MSG.tripHours,
      'date.trip.type': FIXED_MSG.tripType,
      event: REPORT_MSG.alerts,
      format: FIXED_MSG.format,
      tripStatus: REPORT_MSG.tripStatus,
    },
  },
} as const;

/** A report definition as the console sends it. */
export const reportDefinitionSchema = {
  type: 'object',
  properties: {
    email_recipients: emailList,
    company_id: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branch_id: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: badId('branch_id') },
    job_uuid: { type: 'string', maxLength: 64, errorMessage: badId('job_uuid') },
    schedule: {
      type: 'object',
      properties: {
        cron: { type: 'string', minLength: 1, maxLength: 64, errorMessage: REPORT_MSG.timings },
        type: fixed(EXCEPTION_FIXED.scheduleType, FIXED_MSG.scheduleType),
      },
      required: ['cron', 'type'],
      additionalProperties: false,
      errorMessage: {
        type: REPORT_MSG.timings,
        additionalProperties: 'Unknown field in schedule',
        required: { cron: REPORT_MSG.timings, type: FIXED_MSG.scheduleType },
      },
    },
    params: exceptionParamsSchema,
    filters: {
      type: 'array',
      items: definitionFilterSchema,
      maxItems: 50,
      errorMessage: { type: 'filters must be a list', maxItems: 'At most 50 filters' },
    },
  },
  required: ['email_recipients', 'company_id', 'schedule'],
  additionalProperties: false,
  errorMessage: {
    type: 'definition must be an object',
    additionalProperties: 'Unknown field in the definition',
    required: { email_recipients: REPORT_MSG.emails, company_id: MSG.selectCompany, schedule: REPORT_MSG.timings },
  },
} as const;

export const reportListQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, entity_id: entityId, type: reportType },
  required: ['c', 'entity_id', 'type'],
  errorMessage: {
    required: { c: scopeQuerySchema.errorMessage.required.c, entity_id: REPORT_MSG.entity, type: REPORT_MSG.type },
  },
} as const;

export const reportCreateSchema = {
  type: 'object',
  properties: {
    entity_id: entityId,
    type: reportType,
    definition: reportDefinitionSchema,
  },
  required: ['entity_id', 'type', 'definition'],
  errorMessage: {
    type: BODY_OBJECT,
    required: { entity_id: REPORT_MSG.entity, type: REPORT_MSG.type, definition: REPORT_MSG.emails },
  },
} as const;

export const reportUpdateSchema = {
  type: 'object',
  properties: {
    active: { type: 'integer', enum: [0, 1], errorMessage: 'Active must be 0 or 1' },
    definition: reportDefinitionSchema,
  },
  additionalProperties: false,
  minProperties: 1,
  errorMessage: {
    type: BODY_OBJECT,
    minProperties: 'Nothing to update',
    additionalProperties: 'Only active or definition can be updated',
  },
} as const;

// ---- Types ----

/** The daily summary form's data. */
export type DailySummaryForm = FromSchema<typeof dailySummaryFormSchema>;
/** The exception report form's data. */
export type ExceptionForm = FromSchema<typeof exceptionFormSchema>;
/** A filter row of the exception form, as typed. */
export type FilterRow = FromSchema<typeof filterRowSchema>;
/** A stored filter, e.g. `{key: 'alert_type', in: ['a', 'b']}`. */
export type DefinitionFilter = FromSchema<typeof definitionFilterSchema>;
/** A report definition as the console sends it. */
export type ReportDefinition = FromSchema<typeof reportDefinitionSchema>;
