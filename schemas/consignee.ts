import type { FromSchema } from 'json-schema-to-ts';
import { MSG, NOT_BLANK, idField } from './messages';
import { scopeQuerySchema } from './scope';
import { allOrNoneField } from './bulk-rows';
import { KNOWN_PLACE_MSG, PLACE_FIELDS, knownPlaceGoogleSchema } from './known-place';
import { GEOCODE_TOLERANCE_KM, TOO_FAR_MESSAGE } from './haversine';

/**
 * Consignees (spec 002 sections 2.2, 3, 5, 7, 8 and 9): company partners of kind CONSIGNEE, each with an embedded
 * place (as a known place's: Google place, label, code, address, geofence radius). The form, the bulk sheet and the
 * server share these texts and schemas.
 */
export const CONSIGNEE_MSG = {
  code: 'Please enter consignee code',
  name: 'Please enter consignee name',
  type: 'Please select type',
  email: 'Please enter your email id',
  emailInvalid: 'Please enter a valid email id',
  phone: 'Please enter valid mobile number',
  codeTooLong: 'Consignee code must be at most 100 characters',
  nameTooLong: 'Consignee name must be at most 200 characters',
  selectConsignor: KNOWN_PLACE_MSG.selectConsignor,
  readOnly: KNOWN_PLACE_MSG.readOnly,
  tooFar: TOO_FAR_MESSAGE,
  /** A consignee whose code another consignee of the company (for the same consignor) already has. */
  duplicateCode: 'A consignee with this code already exists',
  noRows: 'No data to upload, upload a file or paste some data',
  tooManyRows: 'Maximum 550 rows allowed',
  /** Toasts of spec 002 section 8. */
  deleted: (id: string) => `Consignee ${id} deleted successfully`,
  deleteFailed: 'Error while deleting consignee',
  added: 'Consignee added successfully !',
  updated: 'Consignee updated successfully !',
  addFailed: 'Error while adding',
  editFailed: 'Error while editing',
  fetchFailed: 'Error while deleting',
} as const;

import { CONSIGNEE_TYPES } from './consignee-types';

export { CONSIGNEE_TYPES };
/** Rows of the bulk grid and of one bulk call (spec 002 section 9). */
export const CONSIGNEE_MAX_ROWS = 550;
/** Largest distance between a row's coordinates and its geocoded place, in km (spec 002 section 9). */
export const CONSIGNEE_MAX_DISTANCE_KM = GEOCODE_TOLERANCE_KM;
/** Ten digits starting 6 to 9 (spec 002 section 9); empty: no phone. */
export const MOBILE_PATTERN = '^$|^[6-9][0-9]{9}$';

const M = CONSIGNEE_MSG;
const P = KNOWN_PLACE_MSG;

const code = {
  type: 'string',
  title: 'Consignee Code',
  minLength: 1,
  maxLength: 100,
  pattern: NOT_BLANK,
  errorMessage: { type: M.code, minLength: M.code, maxLength: M.codeTooLong, pattern: MSG.blank },
} as const;
const name = {
  type: 'string',
  title: 'Consignee Name',
  minLength: 1,
  maxLength: 200,
  pattern: NOT_BLANK,
  errorMessage: { type: M.name, minLength: M.name, maxLength: M.nameTooLong, pattern: MSG.blank },
} as const;
const type = { type: 'string', title: 'Type', maxLength: 32, enum: CONSIGNEE_TYPES, errorMessage: M.type } as const;
const phone = {
  type: 'string',
  title: 'Phone No.',
  maxLength: 10,
  pattern: MOBILE_PATTERN,
  errorMessage: M.phone,
} as const;
const email = {
  type: 'string',
  title: 'Email Id',
  minLength: 1,
  maxLength: 254,
  pattern: NOT_BLANK,
  format: 'email',
  errorMessage: {
    type: M.email,
    minLength: M.email,
    maxLength: M.emailInvalid,
    pattern: MSG.blank,
    format: M.emailInvalid,
  },
} as const;
// A known place's fields, its code named as the consignee form names it.
const { label, address, geofenceRadius } = PLACE_FIELDS;
const cpCode = { ...PLACE_FIELDS.cpCode, title: 'Address Code' } as const;
const { default: _radiusDefault, ...radiusKept } = geofenceRadius;

/** The consignee's own fields, shared by a create row and an update (and its declaration's, schemas/resources). */
export const CONSIGNEE_FIELDS = { code, name, type, phone, email, cpCode } as const;
const partnerProperties = { code, name, type, phone, email } as const;
const partnerRequired = { code: M.code, name: M.name, type: M.type, email: M.email } as const;

/** The place of a new consignee: a known place's fields with Google's place. */
export const consigneePlaceSchema = {
  type: 'object',
  properties: { label, address, cpCode, geofenceRadius, google: knownPlaceGoogleSchema },
  required: ['google', 'label', 'cpCode', 'address'],
  errorMessage: {
    type: P.googleAddress,
    required: { google: P.googleAddress, label: P.label, cpCode: P.code, address: P.address },
  },
} as const;

/** One consignee to create: a row of the bulk sheet or the add form (spec 002 section 7). */
export const consigneeRowSchema = {
  type: 'object',
  properties: { ...partnerProperties, place: consigneePlaceSchema },
  required: ['code', 'name', 'type', 'email', 'place'],
  errorMessage: { type: M.code, required: { ...partnerRequired, place: P.googleAddress } },
} as const;

/** The create body: a list of rows, each checked on its own (a bad row spoils no other in a bulk upload). */
export const consigneeCreateBodySchema = {
  type: 'array',
  minItems: 1,
  maxItems: CONSIGNEE_MAX_ROWS,
  errorMessage: { minItems: M.noRows, maxItems: M.tooManyRows, type: M.noRows },
} as const;

/**
 * The update body: the consignee's id and fields, and its place by cpId (spec 002 section 7); the Google address and
 * coordinates are read-only, so a Google place sent must be the stored one.
 */
export const consigneeUpdateBodySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
    ...partnerProperties,
    partnerId: idField('partnerId'),
    place: {
      type: 'object',
      properties: {
        cpId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
        label,
        address,
        cpCode,
        geofenceRadius: radiusKept,
        google: knownPlaceGoogleSchema,
      },
      required: ['cpId', 'label', 'cpCode', 'address'],
      errorMessage: {
        type: P.address,
        required: { cpId: 'Not found', label: P.label, cpCode: P.code, address: P.address },
      },
    },
  },
  required: ['id', 'code', 'name', 'type', 'email', 'place'],
  errorMessage: { required: { id: 'Not found', ...partnerRequired, place: P.address } },
} as const;

/**
 * The consignee form (spec 002 section 5): code, name, type, phone, email, then the Google address with its
 * coordinates as one point (`location`), and the place's label, code, address and radius.
 */
export const consigneeFormSchema = {
  type: 'object',
  properties: {
    ...partnerProperties,
    location: {
      type: 'object',
      title: 'Google Address',
      default: {},
      properties: {
        place_id: { type: 'string', minLength: 1, maxLength: 300, errorMessage: P.googleAddress },
        formatted_address: { type: 'string', maxLength: 500, errorMessage: P.addressTooLong },
        lat: { type: 'number', title: 'Latitude', minimum: -90, maximum: 90, errorMessage: P.latRange },
        lng: { type: 'number', title: 'Longitude', minimum: -180, maximum: 180, errorMessage: P.lngRange },
      },
      required: ['place_id', 'lat', 'lng'],
      errorMessage: {
        type: P.googleAddress,
        required: { place_id: P.googleAddress, lat: P.latitude, lng: P.longitude },
      },
    },
    label,
    cpCode,
    address,
    geofenceRadius,
  },
  required: ['code', 'name', 'type', 'email', 'location', 'label', 'cpCode', 'address', 'geofenceRadius'],
  errorMessage: {
    required: {
      ...partnerRequired,
      location: P.googleAddress,
      label: P.label,
      cpCode: P.code,
      address: P.address,
      geofenceRadius: P.radius,
    },
  },
} as const;

/** pt of the consignee calls: CONSIGNEE only. */
export const consigneePt = {
  type: 'string',
  maxLength: 32,
  enum: ['CONSIGNEE'],
  errorMessage: 'Partner type (pt) must be CONSIGNEE',
} as const;

const consigneeScopeProperties = {
  c: scopeQuerySchema.properties.c,
  b: scopeQuerySchema.properties.b,
  d: scopeQuerySchema.properties.d,
  t: scopeQuerySchema.properties.t,
  pt: consigneePt,
  partnerId: idField('partnerId'),
} as const;

/** DELETE company_partners/delete: the scope, pt=CONSIGNEE and the consignee's id. */
export const consigneeDeleteQuerySchema = {
  type: 'object',
  properties: {
    ...consigneeScopeProperties,
    id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'Not found' },
  },
  required: ['c', 'pt', 'id'],
  errorMessage: { required: { c: MSG.selectCompany, pt: consigneePt.errorMessage, id: 'Not found' } },
} as const;

/** POST company_partners/create: the scope and pt=CONSIGNEE; bulkUpload answers each row, allOrNone stores all or none. */
export const consigneeCreateQuerySchema = {
  type: 'object',
  properties: {
    ...consigneeScopeProperties,
    bulkUpload: { type: 'boolean', default: false, errorMessage: 'bulkUpload must be true or false' },
    allOrNone: allOrNoneField,
  },
  required: ['c', 'pt'],
  errorMessage: { required: { c: MSG.selectCompany, pt: consigneePt.errorMessage } },
} as const;

/** POST company_partners/update: the scope and pt=CONSIGNEE (the consignee travels in the body). */
export const consigneeUpdateQuerySchema = {
  type: 'object',
  properties: consigneeScopeProperties,
  required: ['c', 'pt'],
  errorMessage: { required: { c: MSG.selectCompany, pt: consigneePt.errorMessage } },
} as const;

export type ConsigneeRow = FromSchema<typeof consigneeRowSchema>;
export type ConsigneeUpdate = FromSchema<typeof consigneeUpdateBodySchema>;
export type ConsigneeType = (typeof CONSIGNEE_TYPES)[number];

/** A consignee, its place and a bulk row's answer: the types of the consignee calls' answer schemas (schemas/api/consignees.ts). */
export type { Consignee, ConsigneePlace, ConsigneeRowResult } from './api/consignees';
