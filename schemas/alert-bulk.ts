import type { FromSchema } from 'json-schema-to-ts';
import { accessKeySchema } from './alerts';
import { EMAIL_LIST_MAX } from './formats';
import { idField, UPLOAD_MSG } from './messages';
import { ALERT_TYPES } from './report-schedule';
import { int, shape, str } from './api/shapes';
import { isRecord } from './guards';

/**
 * The bulk alert sheet of spec 001 sections 2.1, 3, 5 and 9: 37 columns in the spec's order, at most 600 rows,
 * posted to saas/data/automation/setAlerts as an array of row objects (allOrNone false: each row stands alone).
 */

/** The schema of a cell per column kind, given the column's key (which its messages name). */
export const ALERT_CELL_SCHEMAS = {
  id: (key: string) =>
    ({
      type: 'string',
      pattern: '^\\S+$',
      maxLength: 64,
      errorMessage: {
        type: `${key} must be an id written as text`,
        pattern: `${key} must be an id without spaces`,
        maxLength: `${key} must be at most 64 characters`,
      },
    }) as const,
  text: (key: string) =>
    ({
      type: 'string',
      maxLength: 500,
      errorMessage: { type: `${key} must be written as text`, maxLength: `${key} must be at most 500 characters` },
    }) as const,
  number: (key: string) =>
    ({ type: 'number', minimum: 0, errorMessage: `${key} must be a number of 0 or more` }) as const,
  // Addresses checked one by one, each at most 254 characters (format email-list in ajv.ts), not by one long pattern.
  emails: (key: string) =>
    ({
      type: 'string',
      maxLength: EMAIL_LIST_MAX,
      format: 'email-list',
      errorMessage: `${key} must be e-mail addresses separated by commas`,
    }) as const,
  time: (key: string) =>
    ({
      type: 'string',
      maxLength: 5,
      pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
      errorMessage: `${key} must be a time as HH:mm`,
    }) as const,
  flag: (key: string) => ({ type: 'boolean', errorMessage: `${key} must be true or false` }) as const,
};

/** How a column's cell text becomes the row object's value (and which schema checks it). */
export type AlertColumnKind = keyof typeof ALERT_CELL_SCHEMAS;

/**
 * The 37 columns and the kind of each, in the spec's order (section 3). The three long-stoppage levels each have
 * short, mid and long thresholds.
 */
export const ALERT_COLUMN_KINDS = {
  CompanyId: 'id',
  branchId: 'id',
  Alert_Name: 'text',
  config_one: 'text',
  config_two: 'text',
  config_three: 'text',
  Buffer: 'number',
  emailId_level_one: 'emails',
  emailId_level_two: 'emails',
  emailId_level_three: 'emails',
  geofence_entry_time: 'number',
  interrupted_manual_min: 'number',
  interrupted_auto_min: 'number',
  start_time: 'time',
  end_time: 'time',
  cd_break_min: 'number',
  cd_break_min_trip_distance_km: 'number',
  licencePlate: 'text',
  location_asset: 'text',
  close_old_trips: 'flag',
  enable_ticket: 'flag',
  trip_creation_time_gap_mins: 'number',
  primary_attributes: 'text',
  longstoppage_l1_short: 'number',
  longstoppage_l1_mid: 'number',
  longstoppage_l1_long: 'number',
  longstoppage_l2_short: 'number',
  longstoppage_l2_mid: 'number',
  longstoppage_l2_long: 'number',
  longstoppage_l3_short: 'number',
  longstoppage_l3_mid: 'number',
  longstoppage_l3_long: 'number',
  route_deviation_away_from_destination_minimum_distance_percent: 'number',
  route_deviation_away_from_destination_minimum_distance_km: 'number',
  transit_time_buffer: 'number',
  loading_time_buffer: 'number',
  transit_delay_threshold: 'number',
} as const satisfies Record<string, AlertColumnKind>;

/** The columns as [key, kind] pairs, in the same order; keys as plain text, for code that reads rows by any key. */
export const ALERT_COLUMNS: readonly (readonly [key: string, kind: AlertColumnKind])[] =
  Object.entries(ALERT_COLUMN_KINDS);

export const ALERT_SHEET = { maxRows: 600, spareRows: 1 } as const;

/** Texts of spec 001 sections 5 and 8 for the sheet. */
export const ALERT_SHEET_TEXT = {
  ...UPLOAD_MSG,
  exists: 'Alert config already exists',
  success: (companyIds: readonly string[]) =>
    `Alert config set successfully for companyIds [ ${companyIds.join(', ')} ]`,
} as const;

const ROW_NOT_OBJECT = "Each row must be an object keyed by the sheet's columns";
/** The row schema's text for columns the sheet does not have (the server names them). */
export const UNKNOWN_COLUMN = 'Unknown column';

/** Short enough for a status cell; the format workbook's 'Alert names' sheet lists them all. */
export const ALERT_NAME_MESSAGE = 'Alert_Name must be an alert type such as long_stoppage (the format lists them all)';

/** Alert_Name: one of the alert types of section 9. */
const alertNameSchema = { type: 'string', enum: [...ALERT_TYPES], errorMessage: ALERT_NAME_MESSAGE } as const;

/** One row as setAlerts takes it: CompanyId and Alert_Name (one of the alert types of section 9) are needed. */
export const alertBulkRowSchema = {
  type: 'object',
  properties: {
    ...Object.fromEntries(ALERT_COLUMNS.map(([key, kind]) => [key, ALERT_CELL_SCHEMAS[kind](key)])),
    Alert_Name: alertNameSchema,
  },
  required: ['CompanyId', 'Alert_Name'],
  additionalProperties: false,
  errorMessage: {
    type: ROW_NOT_OBJECT,
    required: { CompanyId: 'Please enter CompanyId', Alert_Name: 'Please enter Alert_Name' },
    additionalProperties: UNKNOWN_COLUMN,
  },
} as const;

/** A value of a row: a cell's text, number or yes/no flag. */
export type AlertCellValue = string | number | boolean;

/** The value a cell of kind `K` holds once its schema accepted it. */
type CellValue<K extends AlertColumnKind> = FromSchema<ReturnType<(typeof ALERT_CELL_SCHEMAS)[K]>>;

/**
 * One row as {@link alertBulkRowSchema} accepts it: each column's value of its kind's cell schema, CompanyId and an
 * alert type required. FromSchema cannot read that schema (its properties are built from the columns at run time),
 * so the type is built from the same columns and cell schemas. It refuses other keys: those read as undefined.
 */
export type AlertBulkRow = {
  -readonly [K in keyof typeof ALERT_COLUMN_KINDS]?: CellValue<(typeof ALERT_COLUMN_KINDS)[K]>;
} & {
  CompanyId: string;
  Alert_Name: FromSchema<typeof alertNameSchema>;
  [key: string]: AlertCellValue | undefined;
};

/**
 * The body: a list of row objects. Each row is checked on its own by the server (with {@link alertBulkRowSchema}),
 * so one bad row spoils nothing else; the list itself must hold 1 to 600 objects.
 */
export const alertBulkBodySchema = {
  type: 'array',
  minItems: 1,
  maxItems: ALERT_SHEET.maxRows,
  // Anything goes here: each row is checked on its own, so a row that is not an object fails alone.
  items: {},
  errorMessage: {
    minItems: ALERT_SHEET_TEXT.empty,
    maxItems: `At most ${ALERT_SHEET.maxRows} rows can be uploaded at once`,
    type: ALERT_SHEET_TEXT.empty,
  },
} as const;

/**
 * Query of setAlerts: the access key and allOrNone (false: rows are saved one by one; true: all or none). The console
 * also sends the filter bar's scope, as on every data-family call; each row names its own CompanyId and branchId, so
 * the upload does not use it.
 */
export const alertBulkQuerySchema = {
  type: 'object',
  properties: {
    companyId: idField('companyId'),
    branchId: idField('branchId'),
    departmentId: idField('departmentId'),
    key: accessKeySchema,
    allOrNone: { type: 'boolean', default: false, errorMessage: 'allOrNone must be true or false' },
  },
} as const;

export type AlertBulkQuery = FromSchema<typeof alertBulkQuerySchema>;

/**
 * The per-row answer of setAlerts (result.data, in the body's order): saved with the new config's id and its company,
 * or the reason it was not.
 */
export const alertBulkResultAnswer = shape(
  { index: int, status: { type: 'string', enum: ['Success', 'Error'] } },
  // A saved row's id and company; a refused row's message. (One shape, not anyOf of two with `const`: Fastify's
  // serializer may pick a branch by its fields and writes a `const` whatever the row holds.)
  { id: str, companyId: str, message: str },
);

export type AlertBulkResult = FromSchema<typeof alertBulkResultAnswer>;

/** Cell text of a sheet row to the value setAlerts takes: numbers parsed, flags read as yes/no, blanks left out. */
export function alertCellValue(kind: AlertColumnKind, text: string): AlertCellValue | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (kind === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : value;
  }
  if (kind === 'flag') {
    const lower = value.toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(lower)) return true;
    if (['false', 'no', 'n', '0'].includes(lower)) return false;
    return value;
  }
  return value;
}

/**
 * One sheet row as setAlerts takes it: typed values (numbers, yes/no flags), blanks left out, and the selected
 * company (and branch) where the row names none.
 */
export function toAlertRow(
  cells: Record<string, string>,
  scope: { companyId?: string | null; branchId?: string | null },
): Record<string, AlertCellValue> {
  const row: Record<string, AlertCellValue> = {};
  for (const [key, kind] of ALERT_COLUMNS) {
    const value = alertCellValue(kind, cells[key] ?? '');
    if (value !== undefined) row[key] = value;
  }
  const ownCompany = row.CompanyId === undefined || row.CompanyId === scope.companyId;
  if (row.CompanyId === undefined && scope.companyId) row.CompanyId = scope.companyId;
  if (row.branchId === undefined && ownCompany && scope.branchId) row.branchId = scope.branchId;
  return row;
}

/** Columns kept outside extraContext: the scope, the alert itself and the ticket flag (which goes to `ticketing`). */
const NOT_SETTINGS = new Set(['CompanyId', 'branchId', 'Alert_Name', 'enable_ticket']);

/** `longstoppage_l1_short` and the like: grouped per level as `longstoppage_l1: {short, mid, long}`. */
const STOPPAGE_THRESHOLD = /^(longstoppage_l[123])_(short|mid|long)$/;

/**
 * The extraContext text of a row, in the seed's shape: one element holding the ticket flag, every other given
 * setting in column order, and the long-stoppage thresholds grouped per level (only those given).
 */
export function alertExtraContext(row: Readonly<Record<string, AlertCellValue | undefined>>): string {
  const first: Record<string, unknown> = { ticketing: { raise_ticket: row.enable_ticket ?? false } };
  for (const [key] of ALERT_COLUMNS) {
    const value = row[key];
    if (value === undefined || NOT_SETTINGS.has(key)) continue;
    const threshold = STOPPAGE_THRESHOLD.exec(key);
    if (threshold) {
      const [, level, size] = threshold;
      const group = first[level];
      first[level] = { ...(isRecord(group) ? group : {}), [size]: value };
    } else {
      first[key] = value;
    }
  }
  return JSON.stringify([first]);
}
