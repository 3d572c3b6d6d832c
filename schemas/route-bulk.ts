import type { FromSchema } from 'json-schema-to-ts';
import { googlePlaceSchema, routeLabelSchema, sttSchema } from './route';

const missingPlace = 'Please enter either lat,long or address';

/** A place of a bulk route row or a waypoint: a resolved google place id is what makes it usable. */
export const waypointSchema = {
  type: 'object',
  properties: {
    label: { type: 'string', maxLength: 200 },
    address: { type: 'string', maxLength: 500 },
    cpCode: { type: 'string', maxLength: 100 },
    geofenceRadius: {
      type: 'number',
      minimum: 0,
      // As the route form's places (0.01 to 50 km).
      maximum: 50,
      default: 2,
      errorMessage: {
        minimum: 'Geo Fence Radius must be positive',
        type: 'Geo Fence Radius must be positive',
        maximum: 'Geo Fence Radius must be at most 50 km',
      },
    },
    google: googlePlaceSchema(missingPlace),
  },
  required: ['google'],
  errorMessage: { required: { google: missingPlace }, type: missingPlace },
} as const;

/** A waypoint saved from the /way-point screen: a label is needed as well (spec 000 section 5). */
export const waypointBodySchema = {
  ...waypointSchema,
  properties: {
    ...waypointSchema.properties,
    label: { type: 'string', minLength: 1, maxLength: 200, errorMessage: 'Please enter a label' },
  },
  required: ['label', 'google'],
  errorMessage: { required: { label: 'Please enter a label', google: missingPlace }, type: missingPlace },
} as const;

/** One row of POST /saas/lego/company_routes/create: first place loading, last unloading, waypoints between. */
export const routeBulkRowSchema = {
  type: 'object',
  properties: {
    label: routeLabelSchema,
    code: { type: 'string', maxLength: 100 },
    stt: { ...sttSchema, type: ['number', 'null'] },
    places: {
      type: 'array',
      minItems: 2,
      maxItems: 100,
      items: waypointSchema,
      errorMessage: { minItems: 'Please enter loading point and unloading point', type: 'Please enter loading point' },
    },
  },
  required: ['label', 'places'],
  errorMessage: {
    required: { label: 'Please enter route label', places: 'Please enter loading point and unloading point' },
  },
} as const;

/** The whole bulk body: a list of rows (each row is checked on its own, so one bad row spoils nothing else). */
export const routeBulkBodySchema = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  errorMessage: {
    minItems: 'No data to upload, upload a file or paste some data',
    maxItems: 'Maximum 500 rows allowed',
    type: 'No data to upload, upload a file or paste some data',
  },
} as const;

export type RouteBulkRow = FromSchema<typeof routeBulkRowSchema>;
export type WaypointBody = FromSchema<typeof waypointBodySchema>;
