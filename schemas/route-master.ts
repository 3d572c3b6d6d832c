import type { FromSchema } from 'json-schema-to-ts';
import { MSG } from './messages';
import { STT_MAX_HOURS, STT_MAX_MINUTES, STT_TOO_LONG } from './route';

/** The largest cost, charge or time an entry takes: far above any real one, within what every reader holds exactly. */
export const MAX_AMOUNT = 1_000_000_000;

const positive = (title: string) =>
  ({
    type: 'number',
    title,
    exclusiveMinimum: 0,
    maximum: MAX_AMOUNT,
    errorMessage: {
      exclusiveMinimum: MSG.greaterThanZero,
      type: MSG.greaterThanZero,
      maximum: 'Please enter a number of at most 1,000,000,000',
    },
  }) as const;

/** The last valid-from date an entry can carry, 31/12/9999 in epoch milliseconds (a bigint column holds far more). */
export const MAX_VALID_FROM = 253_402_214_400_000;
/**
 * The first valid-from date an entry can carry: 01/01/2000 where it begins first (UTC+14), as the form sends a
 * day's local midnight. Earlier, down to 0 (1970) or a number that reads as 0 (-0, 1e-400), is a mistake.
 */
export const MIN_VALID_FROM = Date.UTC(2000, 0, 1) - 14 * 3_600_000;
export const VALID_FROM_TOO_EARLY = 'Valid from date must be on or after 01/01/2000';

const picked = <T extends string, M extends string>(title: T, message: M) =>
  ({ type: 'string', title, minLength: 1, maxLength: 64, errorMessage: message }) as const;

/** Cost keys of a route master entry and the unit each one carries (spec 000 section 3). */
export const COST_UNITS = {
  ROUTE_COST: ['TON', 'TRUCK', 'FIXED'],
  LOADING_FEE: ['FIXED'],
  UNLOADING_FEE: ['FIXED'],
  LOADING_DETENTION_COST: ['DAY'],
  UNLOADING_DETENTION_COST: ['DAY'],
  STANDARD_TRANSIT_TIME: ['FIXED'],
} as const;

/** The route master form (/route-master/add): flat fields, dates as DD/MM/YYYY. */
export const routeMasterFormSchema = {
  type: 'object',
  properties: {
    routeId: picked('Route', 'Please select route'),
    partnerId: picked('Transporter', 'Please select transporter'),
    vehicleId: picked('Vehicle Type', 'Please select vehicle type'),
    materialId: picked('Material Type', 'Please select material type'),
    freightCost: {
      ...positive('Freight Cost (₹)'),
      errorMessage: { exclusiveMinimum: MSG.greaterThanZero, type: 'Please enter freight cost' },
    },
    unit: { type: 'string', title: 'Unit', enum: ['TON', 'TRUCK'], errorMessage: 'Please select unit' },
    validFrom: {
      type: 'string',
      title: 'Valid From',
      maxLength: 10,
      format: 'dmy-date',
      // A real date, then one of the year 2000 or later (a date that is not one is only 'Please select...').
      if: { format: 'dmy-date' },
      then: { maxLength: 10, pattern: '^\\d{2}/\\d{2}/[2-9]\\d{3}$', errorMessage: VALID_FROM_TOO_EARLY },
      errorMessage: {
        type: 'Please select valid from date',
        maxLength: 'Please select valid from date',
        format: 'Please select valid from date',
      },
    },
    loadingFee: positive('Loading Fee (₹)'),
    unloadingFee: positive('Unloading Fee (₹)'),
    loadingDetentionCost: positive('Loading Detention Charges (₹ per day)'),
    unloadingDetentionCost: positive('Unloading Detention Charges (₹ per day)'),
    stt: {
      ...positive('Standard Transit Time (hours)'),
      maximum: STT_MAX_HOURS,
      errorMessage: { exclusiveMinimum: MSG.greaterThanZero, type: MSG.greaterThanZero, maximum: STT_TOO_LONG },
    },
  },
  required: ['routeId', 'partnerId', 'vehicleId', 'freightCost', 'unit', 'validFrom', 'materialId'],
  errorMessage: {
    required: {
      routeId: 'Please select route',
      partnerId: 'Please select transporter',
      vehicleId: 'Please select vehicle type',
      freightCost: 'Please enter freight cost',
      unit: 'Please select unit',
      validFrom: 'Please select valid from date',
      materialId: 'Please select material type',
    },
  },
} as const;

/** The form's data, from its schema. */
export type RouteMasterForm = FromSchema<typeof routeMasterFormSchema>;

/** Body of POST /saas/lego/company_routes_master/create (routeId travels in the query). */
export const routeMasterBodySchema = {
  type: 'object',
  properties: {
    partnerId: picked('Transporter', 'Please select transporter'),
    vehicleId: picked('Vehicle Type', 'Please select vehicle type'),
    materialId: picked('Material Type', 'Please select material type'),
    validFrom: {
      type: 'integer',
      minimum: MIN_VALID_FROM,
      maximum: MAX_VALID_FROM,
      errorMessage: {
        type: 'Please select valid from date',
        minimum: VALID_FROM_TOO_EARLY,
        maximum: 'Valid from date must be before the year 10000',
      },
    },
    loadType: { const: 'FTL', errorMessage: 'Load type must be FTL' },
    data: {
      type: 'array',
      maxItems: 6,
      items: {
        type: 'object',
        properties: {
          key: { type: 'string', enum: Object.keys(COST_UNITS) as (keyof typeof COST_UNITS)[] },
          value: positive('Value'),
          unit: { type: 'string', enum: ['TON', 'TRUCK', 'FIXED', 'DAY'] },
        },
        required: ['key', 'value', 'unit'],
        // The transit time travels in minutes, within the STT the forms take.
        if: { properties: { key: { const: 'STANDARD_TRANSIT_TIME' } }, required: ['key'] },
        then: { properties: { value: { maximum: STT_MAX_MINUTES, errorMessage: STT_TOO_LONG } } },
      },
      contains: { type: 'object', properties: { key: { const: 'ROUTE_COST' } }, required: ['key'] },
      errorMessage: { contains: 'Please enter freight cost' },
    },
  },
  required: ['partnerId', 'vehicleId', 'materialId', 'validFrom', 'loadType', 'data'],
  errorMessage: {
    required: {
      partnerId: 'Please select transporter',
      vehicleId: 'Please select vehicle type',
      materialId: 'Please select material type',
      validFrom: 'Please select valid from date',
      loadType: 'Load type must be FTL',
      data: 'Please enter freight cost',
    },
  },
} as const;

/** The create call's body, from its schema. */
export type RouteMasterBody = FromSchema<typeof routeMasterBodySchema>;

/**
 * The refusal of a second freight rate for the same route, transporter, vehicle, material and valid-from date in one
 * company scope (migration 150): the create's 409, and a bulk row's error.
 */
export const ROUTE_MASTER_TAKEN =
  'A freight rate for this route, transporter, vehicle, material and date already exists';

/** The most rows a route master upload holds (spec 000 section 9). */
export const ROUTE_MASTER_MAX_ROWS = 550;

/**
 * The texts of a route master row naming a route, transporter, vehicle or material that is not the company's (spec
 * 000 section 5, route master upload): one per reference, or the combined one when several are wrong.
 */
export const ROUTE_MASTER_REF_TEXT = {
  route: 'Please enter valid route',
  partner: 'Please enter valid transport',
  vehicle: 'Please enter valid vehicle',
  material: 'Please enter valid material',
  several: 'Please enter valid route,transport,vehicle and material',
} as const;

/** The reference text of a row from the names of its wrong references, in the order route, partner, vehicle, material. */
export function refText(wrong: readonly (keyof typeof ROUTE_MASTER_REF_TEXT)[]): string {
  return wrong.length > 1 ? ROUTE_MASTER_REF_TEXT.several : ROUTE_MASTER_REF_TEXT[wrong[0]];
}

/** One row of the bulk create (POST /saas/lego/company_routes_master/bulk_create): an entry and its route. */
export const routeMasterBulkRowSchema = {
  ...routeMasterBodySchema,
  properties: { ...routeMasterBodySchema.properties, routeId: picked('Route', 'Please select route') },
  required: [...routeMasterBodySchema.required, 'routeId'],
  errorMessage: { required: { ...routeMasterBodySchema.errorMessage.required, routeId: 'Please select route' } },
} as const;

/** The bulk body: a list of rows, each checked on its own so one bad row spoils no other. */
export const routeMasterBulkBodySchema = {
  type: 'array',
  minItems: 1,
  maxItems: ROUTE_MASTER_MAX_ROWS,
  errorMessage: {
    minItems: 'No data to upload, upload a file or paste some data',
    maxItems: `Maximum ${ROUTE_MASTER_MAX_ROWS} rows allowed`,
    type: 'No data to upload, upload a file or paste some data',
  },
} as const;

/** A bulk row as its schema reads it. */
export type RouteMasterBulkRow = FromSchema<typeof routeMasterBulkRowSchema>;
