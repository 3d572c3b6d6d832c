import type { FromSchema } from 'json-schema-to-ts';
import { idField } from './messages';

/**
 * The trip service of spec 002 section 7 (trip data, analytics and replay, sync, manual ping): its sections, ids,
 * pings and texts. Sections are named as the calls name them: the page's associated_parties is requested as parties.
 */
export const TRIP_SECTIONS = ['full', 'alerts', 'assets', 'parties', 'trip_details', 'indent', 'analytics'] as const;
export type TripSection = (typeof TRIP_SECTIONS)[number];

/** Where a ping's position came from (spec 002 section 9). */
export const LOCATION_SOURCES = ['SIM', 'GPS', 'MANUAL'] as const;

/** Texts of the trip pages (spec 002 sections 5 and 8), spelled as the spec does. */
export const TRIP_MSG = {
  tripRequired: 'Please enter trip id',
  invalidTrip: 'Invalid Trip ID',
  synced: 'Trip sync to ES Successfully',
  pingFailed: 'Issue in inserting a ping',
  pingStored: (tripId: string, at: string) => `Ping inserted for trip ${tripId} at ${at}`,
  badToken: 'Invalid token',
  replayed: (count: number) => `Replay done: ${count} alert${count === 1 ? '' : 's'}`,
  replayedUpdated: (count: number) => `Replay with updated config done: ${count} alert${count === 1 ? '' : 's'}`,
  tripClosed: 'Trip is closed',
  beforeStart: 'Device time is before the trip started',
  inFuture: 'Device time is in the future',
  badTime: 'Device time must be YYYY-MM-DD HH:mm:ss',
} as const;

/** A trip id as operators type it. */
export const tripIdSchema = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_.-]+$',
  errorMessage: {
    minLength: TRIP_MSG.tripRequired,
    maxLength: TRIP_MSG.invalidTrip,
    pattern: TRIP_MSG.invalidTrip,
    type: TRIP_MSG.invalidTrip,
  },
} as const;

export const tripParamsSchema = {
  type: 'object',
  properties: { tripId: tripIdSchema },
  required: ['tripId'],
} as const;

export const tripSectionParamsSchema = {
  type: 'object',
  properties: {
    tripId: tripIdSchema,
    section: {
      type: 'string',
      enum: [...TRIP_SECTIONS],
      errorMessage: `section must be one of ${TRIP_SECTIONS.join(', ')}`,
    },
  },
  required: ['tripId', 'section'],
} as const;

/**
 * The console's scope, when it has one: a trip outside that company (and branch) is not found. Without one, a trip
 * is read by its id alone, as the spec's page does (API.md "Trips").
 */
export const tripScopeQuerySchema = {
  type: 'object',
  properties: { companyId: idField('companyId'), branchId: idField('branchId'), departmentId: idField('departmentId') },
} as const;

export type TripScopeQuery = FromSchema<typeof tripScopeQuerySchema>;

/** The ids of a scope that narrow a trip. */
type TripScope = { companyId?: string; branchId?: string; departmentId?: string };

/** The console's scope as a trip call's query: the trip is narrowed to the company (branch, department) chosen, when one is. */
export function tripScopeOf(scope: TripScope): TripScope {
  const query: TripScope = {};
  if (scope.companyId) query.companyId = scope.companyId;
  if (scope.branchId) query.branchId = scope.branchId;
  if (scope.departmentId) query.departmentId = scope.departmentId;
  return query;
}

/** The sync call names the trip's company (read from `data.created_by.company_id`). */
export const tripSyncQuerySchema = {
  type: 'object',
  properties: {
    company_id: {
      type: 'string',
      minLength: 1,
      maxLength: 64,
      errorMessage: "company_id must be the id of the trip's company",
    },
  },
  required: ['company_id'],
  errorMessage: { required: { company_id: "company_id must be the id of the trip's company" } },
} as const;

/** One manual ping (spec 002 section 3): device time (UTC, YYYY-MM-DD HH:mm:ss), position, source, speed, temperature. */
export const manualPingSchema = {
  type: 'object',
  properties: {
    trip_id: tripIdSchema,
    device_time_utc: {
      type: 'string',
      maxLength: 19,
      pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
      errorMessage: { type: TRIP_MSG.badTime, maxLength: TRIP_MSG.badTime, pattern: TRIP_MSG.badTime },
    },
    coordinates: {
      type: 'object',
      properties: {
        lat: { type: 'number', minimum: -90, maximum: 90, errorMessage: 'Please enter latitude' },
        lng: { type: 'number', minimum: -180, maximum: 180, errorMessage: 'Please enter longitude' },
      },
      required: ['lat', 'lng'],
      additionalProperties: false,
      errorMessage: {
        required: { lat: 'Please enter latitude', lng: 'Please enter longitude' },
        type: 'Please enter latitude',
      },
    },
    locationSource: { type: 'string', enum: [...LOCATION_SOURCES], errorMessage: 'Please select location source' },
    speed: {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 300,
      errorMessage: 'Speed must be a whole number of km/h from 0 to 300',
    },
    temperature: {
      type: ['integer', 'null'],
      minimum: -60,
      maximum: 100,
      errorMessage: 'Temperature must be a whole number of °C from -60 to 100',
    },
  },
  required: ['trip_id', 'device_time_utc', 'coordinates', 'locationSource'],
  additionalProperties: false,
  errorMessage: {
    type: 'Each ping must be an object',
    required: {
      trip_id: TRIP_MSG.tripRequired,
      device_time_utc: 'Please enter device time',
      coordinates: 'Please enter latitude',
      locationSource: 'Please select location source',
    },
    additionalProperties:
      'A ping has only trip_id, device_time_utc, coordinates, locationSource, speed and temperature',
  },
} as const;

export type ManualPing = FromSchema<typeof manualPingSchema>;

export const manualPingQuerySchema = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200, errorMessage: TRIP_MSG.badToken } },
  required: ['token'],
  errorMessage: { required: { token: TRIP_MSG.badToken } },
} as const;

/**
 * The fixed company token the manual ping call sends (spec 002 section 6: not the user's). Like the data family's
 * access key it is the same for everyone, so it proves nothing: the server still requires the desk token, and only
 * checks that the token sent is this one.
 */
export const MANUAL_PING_TOKEN = 'lego-manual-ping';
