import type { FromSchema } from 'json-schema-to-ts';
import { MSG, NOT_BLANK } from './messages';

/** The spec's text for any bad coordinate. */
const LAT_LONG = 'Please enter valid lat long';
/**
 * Latitude and longitude as degrees: a point on the globe. Each carries the text itself, as does the location for its
 * own keywords: ajv-errors does not apply a parent's catch-all message inside list items (bulk route rows' places).
 */
const latitude = { type: 'number', minimum: -90, maximum: 90, errorMessage: LAT_LONG } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180, errorMessage: LAT_LONG } as const;

/** Google's place shape (id, address, coordinates); `missing` is the message when no place was resolved. */
export function googlePlaceSchema<M extends string>(missing: M) {
  return {
    type: 'object',
    properties: {
      place_id: { type: 'string', minLength: 1, maxLength: 300, errorMessage: missing },
      formatted_address: {
        type: 'string',
        maxLength: 500,
        errorMessage: { maxLength: 'Address must be at most 500 characters' },
      },
      geometry: {
        type: 'object',
        properties: {
          location: {
            type: 'object',
            properties: { lat: latitude, lng: longitude },
            required: ['lat', 'lng'],
            errorMessage: { type: LAT_LONG, required: LAT_LONG },
          },
        },
      },
    },
    required: ['place_id'],
    errorMessage: { required: { place_id: missing }, type: missing },
  } as const;
}

/** A route end (loading or unloading point) or waypoint place, with the message shown when it is missing. */
function placeSchema<M extends string>(missing: M) {
  return {
    type: 'object',
    properties: {
      label: { type: 'string', maxLength: 200, errorMessage: { maxLength: 'Maximum 200 character allowed' } },
      address: {
        type: 'string',
        maxLength: 500,
        errorMessage: { maxLength: 'Address must be at most 500 characters' },
      },
      cpCode: { type: 'string', maxLength: 100, errorMessage: { maxLength: 'Code must be at most 100 characters' } },
      geofenceRadius: {
        type: 'number',
        minimum: 0.01,
        maximum: 50,
        default: 2,
        errorMessage: 'Number should be between 0.01 to 50',
      },
      google: googlePlaceSchema(missing),
    },
    required: ['google'],
    errorMessage: { required: { google: missing }, type: missing },
  } as const;
}

export const originSchema = placeSchema('Please enter loading point');
export const destinationSchema = placeSchema('Please enter unloading point');

/** Route label: required and not blank (spec 000 section 5, route form and edit modal). */
export const routeLabelSchema = {
  type: 'string',
  title: 'Route Label',
  minLength: 1,
  maxLength: 200,
  pattern: NOT_BLANK,
  errorMessage: { minLength: 'Please enter route label', pattern: MSG.blank, type: 'Please enter route label' },
} as const;

/** The longest standard transit time a route or a rate takes: some 14 months, far above any real trip. */
export const STT_MAX_HOURS = 10_000;
/** The same in minutes, as the bodies carry it. */
export const STT_MAX_MINUTES = STT_MAX_HOURS * 60;
export const STT_TOO_LONG = 'STT must be at most 10,000 hours';

/**
 * Refusal of a route code the company already has (codes compared ignoring case and spaces around; an empty code is
 * no code, so routes without one never clash).
 */
export const ROUTE_CODE_TAKEN = 'A route with this code already exists';

/** Standard transit time as the bodies carry it, in minutes: above 0 and at most {@link STT_MAX_MINUTES}. */
export const sttSchema = {
  type: 'number',
  exclusiveMinimum: 0,
  maximum: STT_MAX_MINUTES,
  errorMessage: { exclusiveMinimum: MSG.greaterThanZero, type: MSG.greaterThanZero, maximum: STT_TOO_LONG },
} as const;

/** Standard transit time as the forms take it, in hours (sent as minutes): above 0 and at most {@link STT_MAX_HOURS}. */
export const sttHoursSchema = { ...sttSchema, maximum: STT_MAX_HOURS } as const;

/** Body of POST /saas/lego/company_routes/create_or_update. */
export const routeBodySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    code: { type: 'string', maxLength: 100 },
    label: routeLabelSchema,
    stt: { ...sttSchema, type: ['number', 'null'] },
    origin: originSchema,
    destination: destinationSchema,
  },
  required: ['label', 'origin', 'destination'],
  errorMessage: {
    required: {
      label: 'Please enter route label',
      origin: 'Please enter loading point',
      destination: 'Please enter unloading point',
    },
  },
} as const;

export type RouteBody = FromSchema<typeof routeBodySchema>;
export type RoutePlace = FromSchema<typeof originSchema>;

/** The route edit modal: label, stt (hours) and code only. */
export const routeModalSchema = {
  type: 'object',
  properties: {
    label: routeLabelSchema,
    stt: { ...sttHoursSchema, title: 'STT (hours)' },
    code: { type: 'string', title: 'Route Code', maxLength: 100 },
  },
  required: ['label'],
  errorMessage: { required: { label: 'Please enter route label' } },
} as const;
