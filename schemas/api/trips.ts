import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import { REASONS } from './refers';
import { POOL_ANSWERS } from './answers';
import { anyJson, bool, list, num, numOrNull, shape, str, strOrNull } from './shapes';
import {
  LOCATION_SOURCES,
  manualPingQuerySchema,
  manualPingSchema,
  TRIP_MSG,
  tripParamsSchema,
  tripScopeQuerySchema,
  tripSectionParamsSchema,
  tripSyncQuerySchema,
} from '../trip';

/** The scope a trip call takes in its query (read by the handler, not by resolveScope). */
const TRIP_SCOPE = {
  'query.companyId': REASONS.tripScope,
  'query.branchId': REASONS.tripScope,
  'query.departmentId': REASONS.tripScope,
} as const;

/** The trip service family of spec 002 section 7 (snapshot, locations, sync, analytics, replay, manual ping), in the main envelope. */
const trips = { service: 'trips', envelope: 'main' } as const;

/** One of `values` (a text). */
const oneOfTexts = <const V extends readonly string[]>(values: V) => ({ type: 'string', enum: values }) as const;

/**
 * An object of fields a desk or a seed chose (a trip's parties, indent, details): any names, any JSON values. Named
 * `additionalProperties: true`, so that the serializer sends them all.
 */
const anyFields = { type: 'object', additionalProperties: true } as const;

/** An object that always has the fields of `properties`, and any others besides (a trip's own details). */
function openShape<const P extends Record<string, JSONSchema>>(properties: P) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Extract<keyof P, string>[],
    additionalProperties: true,
  } as const;
}

/** A point of a trip's planned path. */
const latLng = shape({ lat: num, lng: num });

/**
 * One alert computed from a trip's pings (server/rules/trip-alerts.ts): its type, level (long stoppage only), when it
 * started and ended (epoch ms; end null while still on), where, and its measure.
 */
export const tripAlertAnswer = shape(
  {
    type: str,
    start: num,
    end: numOrNull,
    lat: num,
    lng: num,
    value: num,
    unit: oneOfTexts(['minutes', 'km', 'km/h']),
  },
  { level: { type: 'integer', enum: [1, 2, 3] } },
);

/** One alert computed from a trip's pings. */
export type TripAlert = FromSchema<typeof tripAlertAnswer>;

/** A trip's analytics: its alerts, when they were computed (ISO 8601, null before the first time) and with which settings. */
export const tripAnalyticsAnswer = shape({
  alerts: list(tripAlertAnswer),
  computed_at: strOrNull,
  config: list(shape({ featureKey: str, enabled: bool })),
});

/** The analytics as the trip page shows them. */
export type TripAnalytics = FromSchema<typeof tripAnalyticsAnswer>;

/** The trip_details fields: the trip's own, then its stored details (any names). Times are ISO 8601. */
const tripDetailsFields = {
  trip_id: str,
  status: oneOfTexts(['OPEN', 'CLOSED']),
  vehicle_number: str,
  route_id: strOrNull,
  started_at: str,
  closed_at: strOrNull,
  stt_minutes: numOrNull,
  path: list(latLng),
} as const;

/** A trip's details section, with the details stored with it. */
export const tripDetailsAnswer = openShape(tripDetailsFields);

/** A trip's details section. */
export type TripDetails = FromSchema<typeof tripDetailsAnswer>;

/** The whole snapshot of a trip (section `full`): its details, who created it, its other sections and its analytics. */
export const tripFullAnswer = openShape({
  ...tripDetailsFields,
  created_by: shape({ company_id: str, branch_id: strOrNull, department_id: strOrNull, user: str }),
  associated_parties: anyFields,
  assets: list(anyJson),
  indent: anyFields,
  alerts: list(tripAlertAnswer),
  analytics: tripAnalyticsAnswer,
});

/**
 * One section of a trip's snapshot, by the section asked: full, trip_details or analytics (above), the alerts, the
 * assets (a list of any JSON) or the parties and the indent (objects of any fields).
 */
export const tripSectionAnswer = {
  anyOf: [tripFullAnswer, tripDetailsAnswer, tripAnalyticsAnswer, list(tripAlertAnswer), list(anyJson), anyFields],
} as const;

/** One section of a trip's snapshot. */
export type TripSectionData = FromSchema<typeof tripSectionAnswer>;

/** A location ping as the locations call answers it (the manual ping's field names; the device time in ISO 8601). */
export const tripPingAnswer = shape({
  device_time_utc: str,
  coordinates: latLng,
  speed: numOrNull,
  temperature: numOrNull,
  locationSource: oneOfTexts(LOCATION_SOURCES),
});

/** A location ping as the locations call answers it. */
export type TripPing = FromSchema<typeof tripPingAnswer>;

/** A replay: its message (how many alerts), the alerts recomputed and which configuration they were computed with. */
const replayAnswer = shape({ message: str, alerts: list(tripAlertAnswer), config: str });

export const tripCalls = {
  tripSection: defineCall({
    ...trips,
    id: 'trips.section',
    refers: { 'params.tripId': REASONS.trip, ...TRIP_SCOPE },
    method: 'GET',
    path: '/api/v1/trip/:tripId/:section',
    summary: "One section of a trip's snapshot (full, alerts, assets, parties, trip_details, indent, analytics)",
    params: tripSectionParamsSchema,
    querystring: tripScopeQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answer: tripSectionAnswer,
  }),
  tripLocations: defineCall({
    ...trips,
    id: 'trips.locations',
    refers: { 'params.tripId': REASONS.trip, ...TRIP_SCOPE },
    method: 'GET',
    path: '/api/v1/db/trip/:tripId/locations',
    summary: "A trip's location pings in device-time order",
    params: tripParamsSchema,
    querystring: tripScopeQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answer: list(tripPingAnswer),
  }),
  syncTrip: defineCall({
    ...trips,
    id: 'trips.sync',
    refers: {
      'params.tripId': REASONS.trip,
      'query.company_id': "the trip's own company (data.created_by.company_id): another is 404, trips.test.ts",
    },
    method: 'GET',
    path: '/api/v1/syncpersist/trip/:tripId/full',
    summary:
      "Writes the trip's document to the search index (PostgreSQL full text, or Elasticsearch/OpenSearch when SEARCH_URL is set)",
    params: tripParamsSchema,
    querystring: tripSyncQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answers: {
      502: 'The search engine of SEARCH_URL refused the document or did not answer (its error as the message)',
    },
    answer: shape({
      trip_id: str,
      index: { type: 'string', description: "'PostgreSQL', or 'search engine and PostgreSQL'" },
    }),
  }),
  analytics: defineCall({
    ...trips,
    id: 'trips.analytics',
    refers: { 'params.tripId': REASONS.trip, ...TRIP_SCOPE },
    method: 'GET',
    path: '/v1/lego/trip/:tripId/analytics',
    summary: 'The alerts last computed for a trip, with the configuration they were computed with',
    params: tripParamsSchema,
    querystring: tripScopeQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answer: tripAnalyticsAnswer,
  }),
  replay: defineCall({
    ...trips,
    id: 'trips.replay',
    refers: { 'params.tripId': REASONS.trip, ...TRIP_SCOPE },
    method: 'GET',
    path: '/v1/lego/trip/:tripId/analytics/replay',
    summary: "Recomputes a trip's alerts from its pings with the alert configuration it started with",
    params: tripParamsSchema,
    querystring: tripScopeQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answers: POOL_ANSWERS,
    answer: replayAnswer,
  }),
  replayUpdated: defineCall({
    ...trips,
    id: 'trips.replayUpdated',
    refers: { 'params.tripId': REASONS.trip, ...TRIP_SCOPE },
    method: 'GET',
    path: '/v1/lego/trip/:tripId/analytics/replay/updatedconfig',
    summary: "Recomputes a trip's alerts with the company's alert configuration as it is now, and stores them",
    params: tripParamsSchema,
    querystring: tripScopeQuerySchema,
    messages: [TRIP_MSG.invalidTrip],
    answers: POOL_ANSWERS,
    answer: replayAnswer,
  }),
  manualPing: defineCall({
    ...trips,
    id: 'trips.manualPing',
    refers: {
      'body.trip_id':
        'any open trip: the manual ping carries the fixed company token, not a scope (spec 002 section 6), trips.test.ts',
    },
    method: 'POST',
    path: '/v1/saas/data/manualping',
    summary:
      'Appends a manual location ping to an open trip (the token is the fixed company token of the environment); data.success and data.failure list what happened',
    querystring: manualPingQuerySchema,
    body: manualPingSchema,
    messages: [TRIP_MSG.badToken, TRIP_MSG.pingFailed],
    answer: shape({ success: list(str), failure: list(str) }),
    // A refused ping (unknown or closed trip, device time out of range) answers 200 with success false.
    meta: { success: { type: 'boolean', description: 'false when the ping was refused (data.failure says why)' } },
  }),
};
