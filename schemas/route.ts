import type { FromSchema } from 'json-schema-to-ts';
import { MSG, NOT_BLANK } from './messages';

/** Google's place shape (id, address, coordinates); `missing` is the message when no place was resolved. */
export function googlePlaceSchema<M extends string>(missing: M) {
  return {
    type: 'object',
    properties: {
      place_id: { type: 'string', minLength: 1, maxLength: 300, errorMessage: missing },
      formatted_address: { type: 'string', maxLength: 500, errorMessage: { maxLength: 'Address must be at most 500 characters' } },
      geometry: {
        type: 'object',
        properties: {
          location: {
            type: 'object',
            properties: { lat: { type: 'number' }, lng: { type: 'number' } },
            required: ['lat', 'lng'],
            errorMessage: 'Please enter valid lat long',
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
      address: { type: 'string', maxLength: 500, errorMessage: { maxLength: 'Address must be at most 500 characters' } },
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

/** Standard transit time; the body carries minutes, the form hours. Either way it must be above 0. */
export const sttSchema = {
  type: 'number',
  exclusiveMinimum: 0,
  errorMessage: { exclusiveMinimum: MSG.greaterThanZero, type: MSG.greaterThanZero },
} as const;

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
/** A stored route as the fetch call answers it. */
export type Route = RouteBody & { id: string; updatedBy: string; updatedAt: number };

/** The route edit modal: label, stt (hours) and code only. */
export const routeModalSchema = {
  type: 'object',
  properties: {
    label: routeLabelSchema,
    stt: { ...sttSchema, title: 'STT (hours)' },
    code: { type: 'string', title: 'Route Code', maxLength: 100 },
  },
  required: ['label'],
  errorMessage: { required: { label: 'Please enter route label' } },
} as const;
