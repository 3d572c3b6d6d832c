import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, SCOPE_IN_QUERY, type Aggregate } from './contract';
import { int, intOrNull, list, num, shape, str, strOrNull } from './shapes';
import { scopeQuerySchema } from '../scope';
import { IMPACT_MSG, impactParamsSchema, impactStartSchema, impactTripParamsSchema } from '../alert-impact';
import { tripAlertAnswer } from './trips';
import { POOL_ANSWERS } from './answers';

const main = { service: 'main', envelope: 'main' } as const;

/** A preview is its company's (and branch's). */
const IMPACT_RUN: Aggregate = {
  name: 'alert impact preview',
  table: 'alert_impact_runs',
  id: 'id',
  branch: true,
  department: false,
};
const ownsRun = [{ aggregate: IMPACT_RUN, id: 'params.id' }] as const;

/** Alerts of one type and level (level null: a type without levels), before and after. */
export const impactCountAnswer = shape({ type: str, level: intOrNull, before: int, after: int });

/** A trip whose alerts change: how many it has before and after, and how many were added, removed or changed. */
export const impactTripAnswer = shape({
  tripId: str,
  vehicleNumber: str,
  startedAt: num,
  before: int,
  after: int,
  added: int,
  removed: int,
  changed: int,
});
export type ImpactTrip = FromSchema<typeof impactTripAnswer>;

/**
 * A preview: its state (`running` with trips done of trips, `done` with its result, `cancelled`, `failed` with why),
 * its period (epoch ms) and, once done, the alert counts by type and level before and after, and the trips whose
 * alerts change (at most 500, most changed first).
 */
export const impactRunAnswer = shape({
  id: str,
  status: { type: 'string', enum: ['running', 'done', 'cancelled', 'failed'] },
  done: int,
  total: int,
  from: num,
  to: num,
  error: strOrNull,
  counts: list(impactCountAnswer),
  trips: list(impactTripAnswer),
});
export type ImpactRun = FromSchema<typeof impactRunAnswer>;

/** One trip of a preview: its alerts with the configuration as it is (`before`) and as it would be (`after`). */
export const impactTripAlertsAnswer = shape({
  tripId: str,
  before: list(tripAlertAnswer),
  after: list(tripAlertAnswer),
});

/** Preview what an alert setting would have done to the company's past trips (ours; issue 25). */
export const alertImpactCalls = {
  start: defineCall({
    ...main,
    id: 'alertImpact.start',
    method: 'POST',
    path: '/saas/lego/alert_impact/start',
    summary:
      "Starts a preview of alert settings on the scope's trips of a period (worker pool, in slices); writes no alert, trip or setting",
    body: impactStartSchema,
    messages: [
      IMPACT_MSG.running,
      IMPACT_MSG.range,
      IMPACT_MSG.configsOrRows,
      IMPACT_MSG.config('…', IMPACT_MSG.alertType),
      IMPACT_MSG.config('…', IMPACT_MSG.storedList),
    ],
    answers: { 409: IMPACT_MSG.running },
    answer: impactRunAnswer,
    scope: { in: 'body', c: 'c', b: 'b' },
  }),
  read: defineCall({
    ...main,
    id: 'alertImpact.read',
    method: 'GET',
    path: '/saas/lego/alert_impact/:id',
    summary: 'A preview: its progress (trips done of trips), then its result',
    querystring: scopeQuerySchema,
    params: impactParamsSchema,
    answer: impactRunAnswer,
    scope: SCOPE_IN_QUERY,
    owns: ownsRun,
  }),
  trip: defineCall({
    ...main,
    id: 'alertImpact.trip',
    refers: {
      'params.tripId':
        "a trip of the preview's company and branch (the preview is owned by the scope): another company's or branch's is 404, alert-impact-rows.test.ts",
    },
    method: 'GET',
    path: '/saas/lego/alert_impact/:id/trips/:tripId',
    summary:
      "One trip of a preview: its alerts computed from its pings with the configuration as it is and as the preview's would be (nothing stored)",
    querystring: scopeQuerySchema,
    params: impactTripParamsSchema,
    answers: POOL_ANSWERS,
    answer: impactTripAlertsAnswer,
    scope: SCOPE_IN_QUERY,
    owns: [{ aggregate: IMPACT_RUN, id: 'params.id' }],
  }),
  cancel: defineCall({
    ...main,
    id: 'alertImpact.cancel',
    method: 'POST',
    path: '/saas/lego/alert_impact/:id/cancel',
    summary: 'Cancels a running preview (its slice under way ends, no other starts)',
    querystring: scopeQuerySchema,
    params: impactParamsSchema,
    messages: [IMPACT_MSG.notRunning],
    answer: impactRunAnswer,
    scope: SCOPE_IN_QUERY,
    owns: ownsRun,
  }),
};
