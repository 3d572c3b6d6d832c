import type { FromSchema } from 'json-schema-to-ts';
import { accessKeySchema } from './access-key';
import { BODY_OBJECT, MSG, NOT_BLANK, badId, idField } from './messages';
import { list as listOf, num, shape, str } from './api/shapes';

/** Auto closure rule types (spec 001 section 5). */
export const AUTO_CLOSURE_TYPES = [
  'ON_ENTRY',
  'ON_EXIT',
  'RULE_BASED',
  'EPOD',
  'CUSTOM',
  'STA_BREACH',
  'LAST_MILE',
] as const;
export type AutoClosureType = (typeof AUTO_CLOSURE_TYPES)[number];

/** Built-in custom-value choices of rule-based closure; company custom fields are added as `custom_values.<fieldId>`. */
export const BUILT_IN_CUSTOM_VALUES = [
  'driver_number',
  'driver_name',
  'vehicle_number',
  'trip_location_source',
  'portableTrackerId',
  'lr_number',
] as const;
export const CUSTOM_VALUE_PREFIX = 'custom_values.';

/** The texts of the auto closure screens (spec 001 sections 5 and 8). */
export const AUTO_CLOSURE_TEXT = {
  type: 'Please select auto closure type',
  subject: 'Please Enter Auto Closure Subject',
  timeInMin: 'Please Enter Time In Min',
  companyName: 'Please enter company name',
  geofence: 'Please enter geofence radius in meter',
  threshold: 'Please enter threshold in days',
  loading: 'Please enter loading time buffer in seconds',
  unloading: 'Please enter unloading time buffer in minutes',
  minDistance: 'Please enter min distance in km',
  maxDistance: 'Please enter max distance in km',
  transit: 'Please enter transit buffer in seconds',
  lastMile: 'Please enter last mile minutes',
  customValue: 'Please select custom value',
  operator: 'Please select operator',
  fieldValue: 'Please enter field value',
  fieldValueQuotes: "Field values must be wrapped in single quotes, e.g. 'x'",
  rowList: 'Row values must be sent as a list, one entry per row',
  rows: 'Please add at least one row',
  customField: 'Please select a valid custom value',
  sameLength: 'Every row needs all its values',
  bandOrder: 'Max distance must be greater than min distance',
  bandsOverlap: 'Distance bands must not overlap',
  exists: 'An auto closure rule of this type already exists, edit it instead',
  typeLocked: 'Auto closure type cannot be changed',
  notUpdated: 'Auto Closure is not updated',
  toggleError: 'Error while disabling auto closure',
  customFieldError: 'Error while fetching custom field by companyId',
  fetchError: 'Error while fetching data',
} as const;

const T = AUTO_CLOSURE_TEXT;
const count = <Title extends string, M extends string>(title: Title, message: M) =>
  ({
    type: 'number',
    title,
    minimum: 0,
    maximum: 1_000_000_000,
    errorMessage: { type: message, minimum: 'Please enter a number of 0 or more', maximum: 'Value is too large' },
  }) as const;
/** Thresholds are counted in whole days (spec 001 section 9); `number` with multipleOf keeps 'x' and 1.5 apart. */
const days = <Title extends string, M extends string>(title: Title, message: M) =>
  ({
    type: 'number',
    title,
    minimum: 0,
    maximum: 100_000,
    multipleOf: 1,
    errorMessage: {
      type: message,
      minimum: 'Please enter a number of 0 or more',
      maximum: 'Value is too large',
      multipleOf: 'Please enter whole days',
    },
  }) as const;
/** A size that must be more than nothing: a 0-metre geofence or a 0-minute last mile closes nothing sensibly. */
const positiveCount = <Title extends string, M extends string>(title: Title, message: M) =>
  ({
    type: 'number',
    title,
    exclusiveMinimum: 0,
    maximum: 1_000_000_000,
    errorMessage: { type: message, exclusiveMinimum: MSG.greaterThanZero, maximum: 'Value is too large' },
  }) as const;
const text = <Title extends string, M extends string>(title: Title, message: M) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 200,
    pattern: NOT_BLANK,
    errorMessage: { type: message, minLength: message, pattern: MSG.blank, maxLength: 'Maximum 200 character allowed' },
  }) as const;

const customValue = <Title extends string>(title: Title) =>
  ({
    type: 'string',
    title,
    maxLength: 120,
    pattern: `^(${BUILT_IN_CUSTOM_VALUES.join('|')}|custom_values\\.[A-Za-z0-9_]+)$`,
    errorMessage: { type: T.customValue, pattern: T.customField, maxLength: T.customField },
  }) as const;
const operator = <Title extends string>(title: Title) =>
  ({
    type: 'string',
    title,
    maxLength: 2,
    oneOf: [
      { const: '==', title: 'Equal To' },
      { const: '!=', title: 'Not Equal To' },
    ],
    errorMessage: T.operator,
  }) as const;
const join = {
  type: 'string',
  title: 'Join Operator',
  maxLength: 2,
  oneOf: [
    { const: '&&', title: 'AND' },
    { const: '||', title: 'OR' },
  ],
  errorMessage: T.operator,
} as const;

/** What a rule row must hold (spec 001 section 5), shared by the form's rows and the body's parallel lists. */
const RULE_REQUIRED = {
  required: [
    'autoClosureRuleSubject',
    'min_time_at_destination',
    'min_time_after_destination',
    'firstCustomValue',
    'firstCustomOperator',
    'firstFieldValue',
  ],
  errorMessage: {
    required: {
      autoClosureRuleSubject: T.subject,
      min_time_at_destination: T.timeInMin,
      min_time_after_destination: T.timeInMin,
      firstCustomValue: T.customValue,
      firstCustomOperator: T.operator,
      firstFieldValue: T.fieldValue,
    },
  },
} as const;

/** One rule-based row as the form edits it (field values without their quotes). */
const ruleRow = {
  type: 'object',
  properties: {
    autoClosureRuleSubject: text('Auto Closure Subject', T.subject),
    min_time_at_destination: count('Min Time At Destination (min)', T.timeInMin),
    min_time_after_destination: count('Min Time After Destination (min)', T.timeInMin),
    firstCustomValue: customValue('First Custom Value'),
    firstCustomOperator: operator('First Operator'),
    firstFieldValue: text('First Field Value', T.fieldValue),
    joinOperator: join,
    secondCustomValue: customValue('Second Custom Value'),
    secondCustomOperator: operator('Second Operator'),
    secondFieldValue: text('Second Field Value', T.fieldValue),
  },
  ...RULE_REQUIRED,
  // The second condition is optional, but half of one is a mistake: a custom value needs its field value and back.
  allOf: [
    {
      if: { required: ['secondCustomValue'] },
      then: { required: ['secondFieldValue'], errorMessage: { required: { secondFieldValue: T.fieldValue } } },
    },
    {
      if: { required: ['secondFieldValue'] },
      then: { required: ['secondCustomValue'], errorMessage: { required: { secondCustomValue: T.customValue } } },
    },
  ],
} as const;

/** A band's distance, km. */
const distance = <Title extends string, M extends string>(title: Title, message: M) => count(title, message);

/**
 * A band's max distance: above the row's min distance (a band of zero or negative width matches no trip). `$data`
 * reads the sibling; json-schema-to-ts types `exclusiveMinimum` as a number only, hence the cast.
 */
const maxDistance = {
  ...distance('Max Distance (km)', T.maxDistance),
  exclusiveMinimum: { $data: '1/minDistance' } as unknown as number,
  errorMessage: { ...distance('Max Distance (km)', T.maxDistance).errorMessage, exclusiveMinimum: T.bandOrder },
} as const;

/**
 * One STA breach row: a distance band (km) and its transit buffer (seconds). Bands may come in any order but must
 * not overlap (they may touch: 0-500 and 500-2000); the server checks that across rows (server/rules/auto-closure-rows.ts).
 */
const distanceRow = {
  type: 'object',
  properties: {
    minDistance: distance('Min Distance (km)', T.minDistance),
    maxDistance,
    transitTimeBuffers: count('Transit Buffer (seconds)', T.transit),
  },
  required: ['minDistance', 'maxDistance', 'transitTimeBuffers'],
  errorMessage: { required: { minDistance: T.minDistance, maxDistance: T.maxDistance, transitTimeBuffers: T.transit } },
} as const;

const rows = <S extends object, Title extends string>(title: Title, items: S) =>
  ({
    type: 'array',
    title,
    minItems: 1,
    maxItems: 50,
    items,
    errorMessage: { minItems: T.rows, maxItems: 'At most 50 rows' },
  }) as const;

const when = <Types extends readonly string[], Then extends object>(types: Types, then: Then) =>
  ({ if: { properties: { autoClosureType: { enum: types } }, required: ['autoClosureType'] }, then }) as const;

/** The fields of each type, as the form shows them; the server keeps only these (section 3's names). */
export const TYPE_FIELDS: Record<AutoClosureType, readonly string[]> = {
  ON_ENTRY: ['companyName', 'threshold', 'geofenceRadiusInMeter'],
  ON_EXIT: ['companyName', 'threshold', 'geofenceRadiusInMeter'],
  RULE_BASED: ['threshold', 'rules'],
  EPOD: ['threshold'],
  CUSTOM: ['threshold'],
  STA_BREACH: ['loading_time_buffer', 'unloading_time_buffer', 'distances'],
  LAST_MILE: ['lastMileMinutes'],
};

/**
 * The auto closure form (spec 001 sections 5 and 9): the type decides which fields exist, so fields of other
 * types are neither shown nor submitted. Rule-based and STA breach rows are repeatable objects here; the call
 * sends them as the parallel arrays of section 3 (see `toAutoClosureBody` in `screens/auto-closure.ts`).
 */
export const autoClosureFormSchema = {
  type: 'object',
  properties: {
    autoClosureType: { type: 'string', title: 'Auto Closure Type', enum: AUTO_CLOSURE_TYPES, errorMessage: T.type },
  },
  required: ['autoClosureType'],
  errorMessage: { required: { autoClosureType: T.type } },
  allOf: [
    when(['ON_ENTRY', 'ON_EXIT'], {
      properties: {
        companyName: text('Company Name', T.companyName),
        threshold: days('Threshold (days)', T.threshold),
        geofenceRadiusInMeter: positiveCount('Geofence Radius (metres)', T.geofence),
      },
      required: ['companyName', 'geofenceRadiusInMeter'],
      errorMessage: { required: { companyName: T.companyName, geofenceRadiusInMeter: T.geofence } },
    }),
    when(['RULE_BASED', 'EPOD', 'CUSTOM'], {
      properties: { threshold: days('Threshold (days)', T.threshold) },
      required: ['threshold'],
      errorMessage: { required: { threshold: T.threshold } },
    }),
    when(['RULE_BASED'], {
      properties: { rules: rows('Auto Closure Rules', ruleRow) },
      required: ['rules'],
      errorMessage: { required: { rules: T.rows } },
    }),
    when(['STA_BREACH'], {
      properties: {
        loading_time_buffer: count('Loading Time Buffer (seconds)', T.loading),
        unloading_time_buffer: count('Unloading Time Buffer (minutes)', T.unloading),
        distances: rows('Distance Bands', distanceRow),
      },
      required: ['loading_time_buffer', 'unloading_time_buffer', 'distances'],
      errorMessage: {
        required: { loading_time_buffer: T.loading, unloading_time_buffer: T.unloading, distances: T.rows },
      },
    }),
    when(['LAST_MILE'], {
      properties: { lastMileMinutes: positiveCount('Last Mile (minutes)', T.lastMile) },
      required: ['lastMileMinutes'],
      errorMessage: { required: { lastMileMinutes: T.lastMile } },
    }),
  ],
} as const;

const list = <S extends object>(item: S) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems: 50,
    items: item,
    errorMessage: { type: T.rowList, minItems: T.rows, maxItems: 'At most 50 rows' },
  }) as const;
const optionalList = <S extends object>(item: S) =>
  ({
    type: 'array',
    maxItems: 50,
    items: item,
    errorMessage: { type: T.rowList, maxItems: 'At most 50 rows' },
  }) as const;
/** An optional entry of a row: '' where the row has none, else `schema` (one message for both). */
const orEmpty = <S extends object, M extends string>(schema: S, message: M) =>
  ({ anyOf: [{ const: '' }, schema], errorMessage: message }) as const;
/**
 * A stored field value: the text wrapped in single quotes, as the console sends it (`quote` in auto-closure-payload.ts).
 * An empty or blank value asks for one ('', "''", "' '"); a value without its quotes says how to send it.
 */
const quoted = {
  type: 'string',
  maxLength: 202,
  not: { maxLength: 202, pattern: "^'?\\s*'?$" },
  pattern: "^'?\\s*'?$|^'[\\s\\S]*'$",
  errorMessage: {
    type: T.fieldValue,
    not: T.fieldValue,
    pattern: T.fieldValueQuotes,
    maxLength: 'Maximum 200 character allowed',
  },
} as const;

/**
 * POST createAndUpdateAutoClosure (spec 001 section 7): scope, type, edit flag and the type's fields of
 * section 3, rows as parallel arrays (the n-th entries of each list form row n).
 */
export const autoClosureBodySchema = {
  type: 'object',
  properties: {
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: { type: ['string', 'null'], maxLength: 64, errorMessage: badId('branchId') },
    autoClosureType: autoClosureFormSchema.properties.autoClosureType,
    edit: { type: 'boolean', errorMessage: 'edit must be true or false' },
    customerConfigId: { ...idField('customerConfigId'), minLength: 1 },
    key: accessKeySchema,
  },
  required: ['companyId', 'autoClosureType'],
  errorMessage: { type: BODY_OBJECT, required: { companyId: MSG.selectCompany, autoClosureType: T.type } },
  allOf: [
    {
      if: { properties: { edit: { const: true } }, required: ['edit'] },
      then: {
        required: ['customerConfigId'],
        errorMessage: { required: { customerConfigId: 'Please select a configuration to update' } },
      },
    },
    autoClosureFormSchema.allOf[0],
    autoClosureFormSchema.allOf[1],
    when(['RULE_BASED'], {
      properties: {
        autoClosureRuleSubject: list(ruleRow.properties.autoClosureRuleSubject),
        min_time_at_destination: list(ruleRow.properties.min_time_at_destination),
        min_time_after_destination: list(ruleRow.properties.min_time_after_destination),
        firstCustomValue: list(ruleRow.properties.firstCustomValue),
        firstCustomOperator: list(ruleRow.properties.firstCustomOperator),
        firstFieldValue: list(quoted),
        joinOperator: optionalList(orEmpty(join, T.operator)),
        secondCustomValue: optionalList(orEmpty(ruleRow.properties.secondCustomValue, T.customField)),
        secondCustomOperator: optionalList(orEmpty(ruleRow.properties.secondCustomOperator, T.operator)),
        secondFieldValue: optionalList(orEmpty(quoted, T.fieldValueQuotes)),
      },
      ...RULE_REQUIRED,
    }),
    when(['STA_BREACH'], {
      properties: {
        loading_time_buffer: count('Loading Time Buffer (seconds)', T.loading),
        unloading_time_buffer: count('Unloading Time Buffer (minutes)', T.unloading),
        minDistance: list(distanceRow.properties.minDistance),
        // The body's lists are parallel: min < max per row is checked by the server (auto-closure-rows.ts).
        maxDistance: list(distance('Max Distance (km)', T.maxDistance)),
        transitTimeBuffers: list(distanceRow.properties.transitTimeBuffers),
      },
      required: ['loading_time_buffer', 'unloading_time_buffer', 'minDistance', 'maxDistance', 'transitTimeBuffers'],
      errorMessage: {
        required: {
          loading_time_buffer: T.loading,
          unloading_time_buffer: T.unloading,
          minDistance: T.minDistance,
          maxDistance: T.maxDistance,
          transitTimeBuffers: T.transit,
        },
      },
    }),
    autoClosureFormSchema.allOf[4],
  ],
} as const;

/** Query of the data family's auto closure calls: companyId (required), branchId, departmentId, id, access key. */
export const autoClosureQuerySchema = {
  type: 'object',
  properties: {
    companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    id: idField('id'),
    key: accessKeySchema,
  },
  required: ['companyId'],
  errorMessage: { required: { companyId: MSG.selectCompany } },
} as const;

/** Query of the auto closure calls, as their schema types it. */
export type AutoClosureQuery = FromSchema<typeof autoClosureQuerySchema>;

/** A list of texts, or of numbers, as a stored rule keeps its parallel arrays. */
const texts = listOf(str);
const numbers = listOf(num);

/**
 * The fields a rule stores of its type (spec 001 section 3, the body's names: `storedFields` in
 * auto-closure-payload.ts): each type has only its own; rows as parallel arrays, field values in single quotes, an
 * optional entry of a row ''.
 */
export const autoClosureConfigAnswer = shape(
  {},
  {
    companyName: str,
    threshold: num,
    geofenceRadiusInMeter: num,
    autoClosureRuleSubject: texts,
    min_time_at_destination: numbers,
    min_time_after_destination: numbers,
    firstCustomValue: texts,
    firstCustomOperator: texts,
    firstFieldValue: texts,
    joinOperator: texts,
    secondCustomValue: texts,
    secondCustomOperator: texts,
    secondFieldValue: texts,
    loading_time_buffer: num,
    unloading_time_buffer: num,
    minDistance: numbers,
    maxDistance: numbers,
    transitTimeBuffers: numbers,
    lastMileMinutes: num,
  },
);
