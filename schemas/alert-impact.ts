import type { FromSchema } from 'json-schema-to-ts';
import { MSG, badId } from './messages';
import { ALERT_COLUMNS, ALERT_NAME_MESSAGE, type AlertCellValue } from './alert-bulk';
import { isRecord } from './guards';

/**
 * 'Preview impact' of an alert setting (issue 25; API.md "Alert impact preview"): the company's stored trips of a period
 * run through the alert computations with its configuration as it is and as it would be. Nothing is saved but the
 * preview's own progress and result.
 */
export const IMPACT_MSG = {
  running: 'A preview is already running for this desk: wait for it or cancel it',
  period: 'Choose the last 7, 30 or 90 days, or a From and a To',
  range: 'From must be before To, at most 92 days apart',
  configs: 'Send between 1 and 200 alert configurations',
  configsOrRows: 'Send the alert configurations or the sheet rows to preview',
  rows: 'Send at most 600 sheet rows',
  row: (row: number | undefined, message: string) => (row === undefined ? message : `Row ${row}: ${message}`),
  otherCompany: (company: string) => `CompanyId ${company} is not the company previewed`,
  otherBranch: (branch: string) => `branchId ${branch}: choose that branch to preview its alerts`,
  repeated: (key: string, row: number | undefined) =>
    row === undefined ? `${key} is given twice` : `${key} is also in row ${row}`,
  featureKey: 'featureKey must be an alert name of at most 64 characters',
  /** A configuration refused by the sheet's rules: the alert named, then the field and the rule ('Alert x: …'). */
  config: (featureKey: string, message: string) => `Alert ${featureKey}: ${message}`,
  alertType: ALERT_NAME_MESSAGE.replace('Alert_Name', 'featureKey'),
  storedList: 'extraContext must be a JSON list of one object of settings, as the alerts store it',
  moreRows: (n: number) => `and ${n} more rows`,
  moreConfigs: (n: number) => `and ${n} more configurations`,
  extraContext: 'extraContext must be JSON text of at most 20000 characters',
  enabled: 'enabled must be true or false',
  cancelled: 'The preview was cancelled',
  stalled: (times: number) =>
    `the server working on it stopped ${times} times at the same trips; run it again, or over a shorter period`,
  notRunning: 'The preview is not running',
} as const;

/** Periods the preview offers, in days back from now. */
export const IMPACT_DAYS = [7, 30, 90] as const;

/** The longest period of dates a preview reads (a quarter). */
export const IMPACT_MAX_DAYS = 92;

const epochMs = { type: 'integer', minimum: 0, maximum: 253_402_300_799_999, errorMessage: IMPACT_MSG.period } as const;

/** One alert configuration as it would be: the stored shape (spec 001 section 3), its extraContext as JSON text. */
const proposedConfig = {
  type: 'object',
  properties: {
    featureKey: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      pattern: '^[A-Za-z0-9_.-]+$',
      errorMessage: IMPACT_MSG.featureKey,
    },
    enabled: { type: 'boolean', errorMessage: IMPACT_MSG.enabled },
    extraContext: { type: 'string', maxLength: 20_000, errorMessage: IMPACT_MSG.extraContext },
  },
  required: ['featureKey', 'enabled', 'extraContext'],
  additionalProperties: false,
  errorMessage: {
    required: { featureKey: IMPACT_MSG.featureKey, enabled: IMPACT_MSG.enabled, extraContext: IMPACT_MSG.extraContext },
  },
} as const;

/**
 * A row of the bulk alert sheet (or the alert form) as it would be saved: its row number in the sheet (named in the
 * answer when it is refused), whether the alert is enabled (default true) and the row's values as setAlerts takes
 * them (checked against the sheet's row schema by the server, which names the row and the field).
 */
const proposedRow = {
  type: 'object',
  properties: {
    row: { type: 'integer', minimum: 1, maximum: 100_000, errorMessage: 'row must be a sheet row number' },
    enabled: { type: 'boolean', errorMessage: IMPACT_MSG.enabled },
    values: { type: 'object', errorMessage: "values must be an object keyed by the sheet's columns" },
  },
  required: ['values'],
  additionalProperties: false,
  errorMessage: { required: { values: "values must be an object keyed by the sheet's columns" } },
} as const;

/**
 * POST preview start: the scope (c, b), the period (`days` back from now, or `from` and `to` in epoch ms) and the
 * configurations as they would be (each replaces the stored one of its featureKey; the others stay as stored): stored
 * configurations (`configs`) or rows of the bulk alert sheet or form (`rows`).
 */
export const impactStartSchema = {
  type: 'object',
  properties: {
    c: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
    b: { type: ['string', 'null'], maxLength: 64, errorMessage: badId('Branch (b)') },
    days: { type: 'integer', enum: IMPACT_DAYS, errorMessage: IMPACT_MSG.period },
    from: epochMs,
    to: epochMs,
    configs: { type: 'array', minItems: 1, maxItems: 200, items: proposedConfig, errorMessage: IMPACT_MSG.configs },
    rows: { type: 'array', maxItems: 600, items: proposedRow, errorMessage: IMPACT_MSG.rows },
  },
  required: ['c'],
  additionalProperties: false,
  errorMessage: {
    required: { c: MSG.selectCompany },
    additionalProperties: 'Unknown field in the preview request',
  },
} as const;
export type ImpactStart = FromSchema<typeof impactStartSchema>;

/** GET / cancel a preview: its id in the path, the scope in the query. */
export const impactParamsSchema = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' } },
  required: ['id'],
  errorMessage: { required: { id: 'Not found' } },
} as const;

/** GET one trip of a preview: the preview's id and the trip's. */
export const impactTripParamsSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
    tripId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
  },
  required: ['id', 'tripId'],
  errorMessage: { required: { id: 'Not found', tripId: 'Not found' } },
} as const;

/** A setting of an alert that the trip computations read: its sheet column, its label and its unit. */
export interface ImpactSetting {
  key: string;
  label: string;
  unit: string;
}

const stoppageLevels = [1, 2, 3].flatMap((level) =>
  (['short', 'mid', 'long'] as const).map(
    (size): ImpactSetting => ({
      key: `longstoppage_l${level}_${size}`,
      label: `Level ${level}, ${size === 'short' ? 'trips under 100 km' : size === 'mid' ? 'trips under 500 km' : 'longer trips'}`,
      unit: 'min',
    }),
  ),
);

/**
 * The alerts computed from a trip's pings, and the settings (sheet columns) their computations read
 * (server/rules/trip-alerts.ts `rulesFromConfigs`): what a preview can show the impact of.
 */
export const IMPACT_SETTINGS: Record<string, readonly ImpactSetting[]> = {
  long_stoppage: stoppageLevels,
  route_deviation: [
    { key: 'route_deviation_away_from_destination_minimum_distance_km', label: 'Distance off the route', unit: 'km' },
    {
      key: 'route_deviation_away_from_destination_minimum_distance_percent',
      label: 'Distance off the route, share of the planned length',
      unit: '%',
    },
  ],
  over_speeding: [
    { key: 'config_one', label: 'Speed limit', unit: 'km/h' },
    { key: 'Buffer', label: 'For at least', unit: 'min' },
  ],
  untracked: [{ key: 'interrupted_auto_min', label: 'No ping for', unit: 'min' }],
  sta_breach: [{ key: 'transit_time_buffer', label: 'Buffer past the STA', unit: 'min' }],
  transit_delay: [{ key: 'transit_delay_threshold', label: 'Behind the plan by more than', unit: 'min' }],
};

/**
 * The settings of a stored alert configuration (the first element of its extraContext) under the bulk sheet's columns,
 * the inverse of the server's `alertExtraContext`: the ticket flag as enable_ticket, long-stoppage levels spread into
 * their columns, every other setting under its own name; the values as stored.
 */
export function settingCells(settings: Record<string, unknown>): Record<string, unknown> {
  const cells = Object.entries(settings).flatMap(([key, value]): [string, unknown][] => {
    if (key === 'ticketing' && isRecord(value))
      return value.raise_ticket === undefined ? [] : [['enable_ticket', value.raise_ticket]];
    if (/^longstoppage_l[123]$/.test(key) && isRecord(value))
      return Object.entries(value).map(([size, threshold]) => [`${key}_${size}`, threshold]);
    return [[key, value]];
  });
  // Built with fromEntries: a setting named __proto__ is a field like any other.
  return Object.fromEntries(cells);
}

/**
 * A stored alert configuration as a row of the bulk sheet ({@link settingCells}), each value of its column's kind;
 * settings the sheet has no column for are left out.
 */
export function alertRowOfConfig(featureKey: string, extraContext: string): Record<string, AlertCellValue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(extraContext);
  } catch {
    parsed = null;
  }
  const first = Array.isArray(parsed) ? parsed[0] : parsed;
  const settings = isRecord(first) ? settingCells(first) : {};
  const row: Record<string, AlertCellValue> = { Alert_Name: featureKey };
  for (const [key, kind] of ALERT_COLUMNS) {
    const value = settings[key];
    if (value === undefined || value === null || key === 'Alert_Name') continue;
    const typed = kind === 'flag' ? Boolean(value) : kind === 'number' ? Number(value) : String(value);
    if (typeof typed !== 'number' || Number.isFinite(typed)) row[key] = typed;
  }
  return row;
}

/**
 * A stored alert configuration's extraContext with settings changed as a row's cells name them (`longstoppage_l1_mid`
 * into its level's object, any other under its own name), every other setting, and the ticket flag, kept: what a
 * row's 'Preview impact' proposes (issue 39).
 */
export function withSettingCells(extraContext: string, cells: Readonly<Record<string, number>>): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(extraContext);
  } catch {
    parsed = null;
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const first: Record<string, unknown> = isRecord(list[0]) ? { ...list[0] } : {};
  for (const [key, value] of Object.entries(cells)) {
    const level = /^(longstoppage_l[123])_(short|mid|long)$/.exec(key);
    if (level) {
      const group = first[level[1]];
      first[level[1]] = { ...(isRecord(group) ? group : {}), [level[2]]: value };
    } else first[key] = value;
  }
  return JSON.stringify([first, ...list.slice(1)]);
}
