import { defineCall } from './contract';
import { ANSWERS } from './answers';
import {
  manualPingQuerySchema,
  manualPingSchema,
  TRIP_MSG,
  tripParamsSchema,
  tripScopeQuerySchema,
  tripSectionParamsSchema,
  tripSyncQuerySchema,
} from '../trip';

/** The trip service family of spec 002 section 7 (snapshot, locations, sync, analytics, replay, manual ping), in the main envelope. */
const trips = { service: 'trips', envelope: 'main' } as const;

export const tripCalls = {
  tripSection: defineCall({ ...trips, id: 'trips.section', method: 'GET', path: '/api/v1/trip/:tripId/:section', summary: "One section of a trip's snapshot (full, alerts, assets, parties, trip_details, indent, analytics)", params: tripSectionParamsSchema, querystring: tripScopeQuerySchema, messages: [TRIP_MSG.invalidTrip] }),
  tripLocations: defineCall({ ...trips, id: 'trips.locations', method: 'GET', path: '/api/v1/db/trip/:tripId/locations', summary: "A trip's location pings in device-time order", params: tripParamsSchema, querystring: tripScopeQuerySchema, messages: [TRIP_MSG.invalidTrip] }),
  syncTrip: defineCall({ ...trips, id: 'trips.sync', method: 'GET', path: '/api/v1/syncpersist/trip/:tripId/full', summary: "Writes the trip's document to the search index (PostgreSQL full text, or Elasticsearch/OpenSearch when SEARCH_URL is set)", params: tripParamsSchema, querystring: tripSyncQuerySchema, messages: [TRIP_MSG.invalidTrip], answers: { 502: 'The search engine of SEARCH_URL refused the document or did not answer (its error as the message)' } }),
  analytics: defineCall({ ...trips, id: 'trips.analytics', method: 'GET', path: '/v1/lego/trip/:tripId/analytics', summary: "The alerts last computed for a trip, with the configuration they were computed with", params: tripParamsSchema, querystring: tripScopeQuerySchema, messages: [TRIP_MSG.invalidTrip] }),
  replay: defineCall({ ...trips, id: 'trips.replay', method: 'GET', path: '/v1/lego/trip/:tripId/analytics/replay', summary: "Recomputes a trip's alerts from its pings with the alert configuration it started with", params: tripParamsSchema, querystring: tripScopeQuerySchema, messages: [TRIP_MSG.invalidTrip], answers: { 503: ANSWERS.busy } }),
  replayUpdated: defineCall({ ...trips, id: 'trips.replayUpdated', method: 'GET', path: '/v1/lego/trip/:tripId/analytics/replay/updatedconfig', summary: "Recomputes a trip's alerts with the company's alert configuration as it is now, and stores them", params: tripParamsSchema, querystring: tripScopeQuerySchema, messages: [TRIP_MSG.invalidTrip], answers: { 503: ANSWERS.busy } }),
  manualPing: defineCall({ ...trips, id: 'trips.manualPing', method: 'POST', path: '/v1/saas/data/manualping', summary: 'Appends a manual location ping to an open trip (the token is the fixed company token of the environment); data.success and data.failure list what happened', querystring: manualPingQuerySchema, body: manualPingSchema, messages: [TRIP_MSG.badToken, TRIP_MSG.pingFailed] }),
};
