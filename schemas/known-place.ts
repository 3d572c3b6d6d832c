import type { FromSchema } from 'json-schema-to-ts';
import { MSG, NOT_BLANK, idField } from './messages';
import { scopeQuerySchema } from './scope';
import { allOrNoneField } from './bulk-rows';
import { GEOCODE_TOLERANCE_KM, TOO_FAR_MESSAGE } from './haversine';

/**
 * Known places (company places) of spec 000 sections 2.10, 3, 5 and 7: the texts the form and the bulk sheet show,
 * and the schemas of the company_places calls. The server checks every row with the form's texts.
 */
export const KNOWN_PLACE_MSG = {
  googleAddress: 'Please enter address',
  latitude: 'Enter latitude',
  longitude: 'Enter longitude',
  label: 'Please enter an Display Address',
  code: 'Please enter a code',
  address: 'Please enter an address',
  latLong: 'Please enter valid lat long',
  /** The form's latitude or longitude typed but not a coordinate (letters, out of range): told apart from a missing one. */
  latRange: 'Latitude must be a number between -90 and 90',
  lngRange: 'Longitude must be a number between -180 and 180',
  radius: 'Number should be between 0.01 to 50',
  selectConsignor: MSG.selectConsignor,
  /** The 30 km rule of the bulk sheet (spec 000 sections 5 and 9). */
  tooFar: TOO_FAR_MESSAGE,
  /** Edit mode: the Google address and coordinates are read-only (spec 000 section 4). */
  readOnly: 'The field cannot be edited',
  labelTooLong: 'Maximum 200 character allowed',
  codeTooLong: 'Code must be at most 100 characters',
  addressTooLong: 'Address must be at most 500 characters',
  /** A row whose code another known place of the company (for the same consignor) already has. */
  duplicateCode: 'A known place with this Code already exists',
  noRows: 'No data to upload, upload a file or paste some data',
  tooManyRows: 'Maximum 600 rows allowed',
  /** Toasts of spec 000 section 8 (the console shows them; listed here so screens and tests share the spelling). */
  deleted: (id: string) => `Company place ${id} deleted successfully`,
  added: 'Company place added successfully !',
  updated: (id: string) => `Known place ${id} updated successfully !`,
  deleteFailed: 'Error while deleting known place',
} as const;

/** Rows of one bulk call: the sheet's 600 (spec 000 section 9). */
export const KNOWN_PLACE_MAX_ROWS = 600;
/** Largest distance between a row's coordinates and its geocoded place (spec 000 section 9), in km. */
export const KNOWN_PLACE_MAX_DISTANCE_KM = GEOCODE_TOLERANCE_KM;

const M = KNOWN_PLACE_MSG;

/** Google's place of a known place: the id is required; coordinates, when sent, are a point on the globe. */
export const knownPlaceGoogleSchema = {
  type: 'object',
  properties: {
    place_id: { type: 'string', minLength: 1, maxLength: 300, errorMessage: M.googleAddress },
    formatted_address: { type: 'string', maxLength: 500, errorMessage: M.addressTooLong },
    geometry: {
      type: 'object',
      properties: {
        location: {
          type: 'object',
          properties: {
            lat: { type: 'number', minimum: -90, maximum: 90, errorMessage: M.latLong },
            lng: { type: 'number', minimum: -180, maximum: 180, errorMessage: M.latLong },
          },
          required: ['lat', 'lng'],
          errorMessage: { type: M.latLong, required: { lat: M.latitude, lng: M.longitude } },
        },
      },
      errorMessage: { type: M.latLong },
    },
  },
  required: ['place_id'],
  errorMessage: { required: { place_id: M.googleAddress }, type: M.googleAddress },
} as const;

const label = {
  type: 'string',
  title: 'Address Label',
  minLength: 1,
  maxLength: 200,
  pattern: NOT_BLANK,
  errorMessage: { type: M.label, minLength: M.label, maxLength: M.labelTooLong, pattern: MSG.blank },
} as const;
const cpCode = {
  type: 'string',
  title: 'Code',
  minLength: 1,
  maxLength: 100,
  pattern: NOT_BLANK,
  errorMessage: { type: M.code, minLength: M.code, maxLength: M.codeTooLong, pattern: MSG.blank },
} as const;
const address = {
  type: 'string',
  title: 'Address',
  minLength: 1,
  maxLength: 500,
  pattern: NOT_BLANK,
  errorMessage: { type: M.address, minLength: M.address, maxLength: M.addressTooLong, pattern: MSG.blank },
} as const;
const geofenceRadius = {
  type: 'number',
  title: 'Geofence Radius',
  minimum: 0.01,
  maximum: 50,
  default: 2,
  errorMessage: M.radius,
} as const;

/** A place's own fields as a known place and a consignee's place take them (spec 000 section 7, spec 002 section 7). */
export const PLACE_FIELDS = { label, cpCode, address, geofenceRadius } as const;

/** One known place to create: a row of the bulk sheet or the add form (spec 000 section 7, Create known places). */
export const knownPlaceRowSchema = {
  type: 'object',
  properties: { label, address, cpCode, geofenceRadius, google: knownPlaceGoogleSchema },
  required: ['google', 'label', 'cpCode', 'address'],
  errorMessage: {
    type: M.googleAddress,
    required: { google: M.googleAddress, label: M.label, cpCode: M.code, address: M.address },
  },
} as const;

/**
 * The known place form (spec 000 sections 2.10 and 5): the Google address search with its latitude and longitude as
 * one point (`location`, the place id and coordinates the create call sends as `google`), then the address label,
 * code, address and geofence radius. `location` starts empty, so a blank submit names each of the six fields.
 */
export const knownPlaceFormSchema = {
  type: 'object',
  properties: {
    location: {
      type: 'object',
      title: 'Google Address',
      default: {},
      properties: {
        place_id: { type: 'string', minLength: 1, maxLength: 300, errorMessage: M.googleAddress },
        formatted_address: { type: 'string', maxLength: 500, errorMessage: M.addressTooLong },
        lat: { type: 'number', title: 'Latitude', minimum: -90, maximum: 90, errorMessage: M.latRange },
        lng: { type: 'number', title: 'Longitude', minimum: -180, maximum: 180, errorMessage: M.lngRange },
      },
      required: ['place_id', 'lat', 'lng'],
      errorMessage: {
        type: M.googleAddress,
        required: { place_id: M.googleAddress, lat: M.latitude, lng: M.longitude },
      },
    },
    label,
    cpCode,
    address,
    geofenceRadius,
  },
  required: ['location', 'label', 'cpCode', 'address'],
  errorMessage: { required: { location: M.googleAddress, label: M.label, cpCode: M.code, address: M.address } },
} as const;

/** The create body: a list of rows, each checked on its own (so a bad row spoils no other in a bulk upload). */
export const knownPlaceCreateBodySchema = {
  type: 'array',
  minItems: 1,
  maxItems: KNOWN_PLACE_MAX_ROWS,
  errorMessage: { minItems: M.noRows, maxItems: M.tooManyRows, type: M.noRows },
} as const;

/** The update body: what the edit form may change, and the place it addresses (Google address and coordinates read-only). */
const { default: _radiusDefault, ...radiusKept } = geofenceRadius;

export const knownPlaceUpdateBodySchema = {
  type: 'object',
  properties: {
    cpId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
    label,
    address,
    cpCode,
    // No default here: an update that leaves the radius out keeps the stored one.
    geofenceRadius: radiusKept,
    partnerId: idField('partnerId'),
    google: knownPlaceGoogleSchema,
  },
  required: ['cpId', 'label', 'cpCode', 'address'],
  errorMessage: { required: { cpId: 'Not found', label: M.label, cpCode: M.code, address: M.address } },
} as const;

/** The company scope of a known-place call, and the consignor a TRANSPORTER's places are kept for. */
const placeScopeProperties = {
  c: scopeQuerySchema.properties.c,
  b: scopeQuerySchema.properties.b,
  d: scopeQuerySchema.properties.d,
  t: scopeQuerySchema.properties.t,
  pt: scopeQuerySchema.properties.pt,
  partnerId: idField('partnerId'),
} as const;

/** The columns the known-place list can be sorted by (its declaration's sorts, schemas/resources/known-places.ts). */
export const KNOWN_PLACE_SORTS = ['cpId', 'label', 'address', 'updatedBy', 'cpCode'] as const;

/** POST company_places/create: the scope; bulkUpload answers each row, allOrNone (with it) stores all rows or none. */
export const knownPlaceCreateQuerySchema = {
  type: 'object',
  properties: {
    ...placeScopeProperties,
    bulkUpload: { type: 'boolean', default: false, errorMessage: 'bulkUpload must be true or false' },
    allOrNone: allOrNoneField,
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;

export type KnownPlaceRow = FromSchema<typeof knownPlaceRowSchema>;

/** A known place and a bulk row's answer: the types of the answer schemas of the known-place calls (schemas/api/places.ts). */
export type { KnownPlace, KnownPlaceRowResult } from './api/places';
