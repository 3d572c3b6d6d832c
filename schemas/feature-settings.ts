/**
 * The three per-company settings of spec 002 sections 2.7, 3, 5 and 7: map view and last mile threshold (feature
 * permissions stored per company, branch and department with an `extraContext`), and the ETA engine preferences
 * (per company). Texts spelled exactly as the spec does.
 */
export const SETTINGS_MSG = {
  required: 'This field is required',
  lastMile: 'Please enter a valid number between 1 and 100',
  minDistance: 'Please enter a valid number between 20 to 400',
  avgSpeed: 'Please enter a valid number between 3 and 60',
  etaNeedsOne: 'Please enter minDistance or avgSpeed',
  noCompany: 'Select a company to save',
  saved: 'Saved successfully',
  savedCapital: 'Saved Successfully',
  failed: 'Something went wrong...',
  failedPlain: 'Something went wrong',
  extraContext: 'extraContext must be a JSON object of at most 100 keys',
} as const;

/** The ranges of spec 002 section 9. */
export const SETTINGS_LIMITS = { lastMile: [1, 100], minDistance: [20, 400], avgSpeed: [3, 60] } as const;

/** The feature permissions these screens keep, by the path segment the spec names them with. */
export const FEATURES = ['map_view', 'tripAlerts'] as const;
export type Feature = (typeof FEATURES)[number];

/** The engine of the ETA preferences that carries minDistance and avgSpeed. */
export const SPEED_ENGINE = 'SpeedBasedTransformer';

/** A settings body is small: a few keys of extraContext. */
export const SETTINGS_BODY_LIMIT = 64 * 1024;

/** A feature permission's `extraContext` as a save sends it: a JSON object of at most 100 keys. */
export const extraContextField = {
  type: 'object',
  maxProperties: 100,
  errorMessage: SETTINGS_MSG.extraContext,
} as const;

/** The map view's extraContext (map_view/add): whether trip locations are joined with arrows and the trail is shown. */
export const mapViewContextSchema = {
  type: 'object',
  properties: {
    join_locations_with_arrow: { type: 'boolean', errorMessage: 'join_locations_with_arrow must be true or false' },
    show_trail: { type: 'boolean', errorMessage: 'show_trail must be true or false' },
  },
  additionalProperties: false,
  errorMessage: {
    type: SETTINGS_MSG.extraContext,
    additionalProperties: 'extraContext takes only join_locations_with_arrow and show_trail',
  },
} as const;

/**
 * The last mile threshold: a whole number from 1 to 100. A number that is a multiple of 1 rather than an `integer`,
 * so that a fraction (2.5) gets the spec's text, as a number out of range does; letters still read 'Enter a number'.
 */
export const lastMileField = {
  type: 'number',
  multipleOf: 1,
  minimum: SETTINGS_LIMITS.lastMile[0],
  maximum: SETTINGS_LIMITS.lastMile[1],
  errorMessage: SETTINGS_MSG.lastMile,
} as const;

/** The trip alerts' extraContext (tripAlerts/add): lastMileThreshold beside the record's other keys (kept as they are). */
export const tripAlertsContextSchema = {
  type: 'object',
  properties: { lastMileThreshold: lastMileField },
  required: ['lastMileThreshold'],
  maxProperties: 100,
  errorMessage: {
    type: SETTINGS_MSG.extraContext,
    maxProperties: SETTINGS_MSG.extraContext,
    required: { lastMileThreshold: SETTINGS_MSG.required },
  },
} as const;

export const minDistanceField = {
  type: 'number',
  minimum: SETTINGS_LIMITS.minDistance[0],
  maximum: SETTINGS_LIMITS.minDistance[1],
  errorMessage: SETTINGS_MSG.minDistance,
} as const;
export const avgSpeedField = {
  type: 'number',
  minimum: SETTINGS_LIMITS.avgSpeed[0],
  maximum: SETTINGS_LIMITS.avgSpeed[1],
  errorMessage: SETTINGS_MSG.avgSpeed,
} as const;

/** The ETA preferences' engineSetting as eta/preferences/add sends it: at least one of minDistance and avgSpeed. */
export const engineSettingField = {
  type: 'object',
  properties: { minDistance: minDistanceField, avgSpeed: avgSpeedField },
  additionalProperties: false,
  minProperties: 1,
  errorMessage: {
    type: SETTINGS_MSG.etaNeedsOne,
    minProperties: SETTINGS_MSG.etaNeedsOne,
    additionalProperties: 'engineSetting takes only minDistance and avgSpeed',
  },
} as const;

/** The form of /utilities/enable-map-view. */
export const mapViewFormSchema = {
  type: 'object',
  properties: {
    join_locations_with_arrow: { type: 'boolean', title: 'Join Locations With Arrow' },
    show_trail: { type: 'boolean', title: 'Show Trail' },
  },
} as const;

/** The form of /utilities/last-mile-threshold. */
export const lastMileFormSchema = {
  type: 'object',
  properties: { lastMileThreshold: { ...lastMileField, title: 'Last Mile Threshold' } },
  required: ['lastMileThreshold'],
  errorMessage: { required: { lastMileThreshold: SETTINGS_MSG.required } },
} as const;

/** The form of /utilities/eta-preferences. */
export const etaFormSchema = {
  type: 'object',
  properties: {
    minDistance: { ...minDistanceField, title: 'Minimum distance' },
    avgSpeed: { ...avgSpeedField, title: 'Average Speed' },
  },
  required: ['minDistance', 'avgSpeed'],
  errorMessage: { required: { minDistance: SETTINGS_MSG.required, avgSpeed: SETTINGS_MSG.required } },
} as const;

/** Reads a stored JSON string as an object ({} for anything else): a failed read resets values, never throws. */
export function jsonObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string')
    return text && typeof text === 'object' && !Array.isArray(text) ? (text as Record<string, unknown>) : {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** minDistance and avgSpeed from an engineSetting string (the SpeedBasedTransformer engine's param). */
export function speedParams(engineSetting: unknown): { minDistance?: number; avgSpeed?: number } {
  const engines = jsonObject(engineSetting).engines;
  const engine = Array.isArray(engines)
    ? engines.find((e) => e && typeof e === 'object' && (e as { id?: unknown }).id === SPEED_ENGINE)
    : undefined;
  const param = jsonObject((engine as { param?: unknown } | undefined)?.param);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { minDistance: num(param.minDistance), avgSpeed: num(param.avgSpeed) };
}
