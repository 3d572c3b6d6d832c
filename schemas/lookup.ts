import type { FromSchema } from 'json-schema-to-ts';
import { MSG } from './messages';
import { scopeQuerySchema } from './scope';

const id = { type: 'string', maxLength: 64 } as const;
const companyId = { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany } as const;
const typed = 'Type at least 3 characters';

/**
 * GET /saas/lego/company/search?q: searches start at 3 characters (spec 000 section 9); `type` (not in the spec)
 * keeps companies of one type, so a search for consignors finds 20 consignors, not 20 companies of which some are.
 */
export const companySearchQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', minLength: 3, maxLength: 100, errorMessage: typed },
    type: {
      type: 'string',
      enum: ['CONSIGNOR', 'TRANSPORTER'],
      errorMessage: 'Company type must be CONSIGNOR or TRANSPORTER',
    },
  },
  required: ['q'],
  errorMessage: { required: { q: typed } },
} as const;

/** GET /saas/lego/company/branch_search?cId&q (q may be empty: all branches of the company). */
export const branchSearchQuerySchema = {
  type: 'object',
  properties: { cId: companyId, q: { type: 'string', maxLength: 100 } },
  required: ['cId'],
  errorMessage: { required: { cId: MSG.selectCompany } },
} as const;

/** GET /saas/lego/company/departments?cId&bId. */
export const departmentsQuerySchema = {
  type: 'object',
  properties: { cId: companyId, bId: { ...id, minLength: 1, errorMessage: 'Select a branch to continue' } },
  required: ['cId', 'bId'],
  errorMessage: { required: { cId: MSG.selectCompany, bId: 'Select a branch to continue' } },
} as const;

/** GET /saas/lego/company/branch_departments?id (a branch id). */
export const branchDepartmentsQuerySchema = {
  type: 'object',
  properties: { id: { ...id, minLength: 1, errorMessage: 'Select a branch to continue' } },
  required: ['id'],
  errorMessage: { required: { id: 'Select a branch to continue' } },
} as const;

/** GET /saas/lego/company_places/search?q&c&t&children=true. */
export const placeSearchQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, q: { type: 'string', maxLength: 100 }, children: { type: 'boolean' } },
} as const;

/** Company-scoped calls that address one object: scope plus a required `id` (deletes). */
export const scopedIdQuerySchema = {
  ...scopeQuerySchema,
  properties: { ...scopeQuerySchema.properties, id: { ...id, minLength: 1, errorMessage: 'Not found' } },
  required: ['c', 'id'],
  errorMessage: { required: { c: MSG.selectCompany, id: 'Not found' } },
} as const;

/** GET /maps/place/autocomplete?input. */
export const autocompleteQuerySchema = {
  type: 'object',
  properties: { input: { type: 'string', maxLength: 200 } },
  required: ['input'],
  errorMessage: { required: { input: 'Please enter a place' } },
} as const;

/** GET /maps/place/details?place_id. */
export const placeDetailsQuerySchema = {
  type: 'object',
  properties: { place_id: { type: 'string', minLength: 1, maxLength: 200, errorMessage: 'Please enter a place' } },
  required: ['place_id'],
  errorMessage: { required: { place_id: 'Please enter a place' } },
} as const;

/** GET /maps/geocode?address or ?latlng=lat,lng. */
export const geocodeQuerySchema = {
  type: 'object',
  properties: {
    address: { type: 'string', minLength: 1, maxLength: 300, errorMessage: 'Please enter an address' },
    latlng: {
      type: 'string',
      maxLength: 100,
      format: 'latlng',
      errorMessage: 'Please enter valid lat long',
    },
  },
  // One of the two is needed; when both come, the coordinates win.
  if: { not: { required: ['address'] } },
  then: { required: ['latlng'], errorMessage: { required: 'Please enter either lat,long or address' } },
} as const;

/** The most places one batch geocoding call looks up: a known-place sheet's 600 rows (spec 000 section 9). */
export const GEOCODE_BATCH_MAX = 600;

/**
 * Body of the batch geocoding call: the lookups of a whole sheet in one request, each an address or coordinates
 * as the single call takes them (coordinates win when both come).
 */
export const geocodeBatchBodySchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      maxItems: GEOCODE_BATCH_MAX,
      items: { ...geocodeQuerySchema, additionalProperties: false },
      errorMessage: { maxItems: `At most ${GEOCODE_BATCH_MAX} places per call`, type: 'Send the places as a list' },
    },
  },
  required: ['items'],
  additionalProperties: false,
  errorMessage: { required: { items: 'Send the places as a list' } },
} as const;

export type CompanySearchQuery = FromSchema<typeof companySearchQuerySchema>;
export type BranchSearchQuery = FromSchema<typeof branchSearchQuerySchema>;
export type DepartmentsQuery = FromSchema<typeof departmentsQuerySchema>;
export type BranchDepartmentsQuery = FromSchema<typeof branchDepartmentsQuerySchema>;
export type PlaceSearchQuery = FromSchema<typeof placeSearchQuerySchema>;
export type ScopedIdQuery = FromSchema<typeof scopedIdQuerySchema>;
export type GeocodeQuery = { address?: string; latlng?: string };
