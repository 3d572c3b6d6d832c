import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { answering, defineCall, SCOPE_IN_QUERY } from './contract';
import { PARTNER } from './refers';
import { int, list, none, shape, str } from './shapes';
import { answerSchemaOf, type ResourceRecord } from '../resource';
import { knownPlaces } from '../resources/known-places';
import { estimatedMeta, cursorMeta } from '../list-cursor';
import {
  KNOWN_PLACE_MSG,
  knownPlaceCreateBodySchema,
  knownPlaceCreateQuerySchema,
  knownPlaceDeleteQuerySchema,
  knownPlaceFetchQuerySchema,
  knownPlaceUpdateBodySchema,
  knownPlaceUpdateQuerySchema,
} from '../known-place';
import { BULK_TEXT } from '../bulk-rows';

const main = { service: 'main', envelope: 'main' } as const;

/** A known place: the company's (or, for a TRANSPORTER, kept for one consignor partner), in every branch. */
const KNOWN_PLACE = AGGREGATES.knownPlace;

/** A known place as the fetch call answers it, from its declaration. */
export const knownPlaceAnswer = answerSchemaOf(knownPlaces);

/** One row's answer of a bulk create: the new place's id, or the row's error texts (cpCode named Code). */
export const knownPlaceRowResultAnswer = { anyOf: [shape({ cpId: str }), list(str)] } as const;

/** A known place as the fetch call answers it. */
export type KnownPlace = ResourceRecord<typeof knownPlaces>;
/** One row's answer of a bulk create. */
export type KnownPlaceRowResult = FromSchema<typeof knownPlaceRowResultAnswer>;

/** A bulk create of 600 known places (some 2 KB each at the most) fits; larger bodies get 413. */
const PLACES_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The main API's known places (spec 000 sections 4 and 5): apart from the company look-ups (`company.ts`), so the
 * shell that uses those does not load the known-place schemas.
 */
export const placeCalls = {
  placeFetch: answering<KnownPlace[]>()({
    ...main,
    id: 'places.fetch',
    refers: { 'query.cpId': KNOWN_PLACE, 'query.partnerId': PARTNER },
    etag: true,
    method: 'GET',
    path: '/saas/lego/company_places/fetch',
    summary:
      "The scope's known places (a TRANSPORTER's for the consignor partnerId), or one by cpId; with q, page, size, sort, order or after one page of them, the cursor of the next and (by page number) their total",
    querystring: knownPlaceFetchQuerySchema,
    messages: [KNOWN_PLACE_MSG.selectConsignor],
    answer: list(knownPlaceAnswer),
    meta: {
      total: { ...int, description: 'How many places match (a page read by number only)' },
      ...estimatedMeta,
      ...cursorMeta,
    },
    scope: SCOPE_IN_QUERY,
  }),
  placeCreate: defineCall({
    ...main,
    id: 'places.create',
    refers: { 'query.partnerId': PARTNER },
    method: 'POST',
    path: '/saas/lego/company_places/create',
    summary:
      'Creates known places: all or a 400 naming the bad rows; with bulkUpload=true one answer per row ({cpId} or its error texts)',
    querystring: knownPlaceCreateQuerySchema,
    body: knownPlaceCreateBodySchema,
    bodyLimit: PLACES_BODY_LIMIT,
    messages: [
      KNOWN_PLACE_MSG.selectConsignor,
      KNOWN_PLACE_MSG.tooFar,
      KNOWN_PLACE_MSG.duplicateCode,
      BULK_TEXT.unstorable,
    ],
    answer: list(knownPlaceRowResultAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  placeUpdate: answering<KnownPlace>()({
    ...main,
    id: 'places.update',
    refers: { 'body.cpId': KNOWN_PLACE, 'query.partnerId': PARTNER, 'body.partnerId': PARTNER },
    method: 'POST',
    path: '/saas/lego/company_places/update',
    summary:
      "Updates a known place's label, address, code and geofence radius (its Google address and coordinates stay)",
    querystring: knownPlaceUpdateQuerySchema,
    body: knownPlaceUpdateBodySchema,
    messages: [KNOWN_PLACE_MSG.selectConsignor, KNOWN_PLACE_MSG.readOnly, KNOWN_PLACE_MSG.duplicateCode],
    versioned: true,
    answer: knownPlaceAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  placeDelete: defineCall({
    ...main,
    id: 'places.delete',
    refers: { 'query.cpId': KNOWN_PLACE, 'query.partnerId': PARTNER },
    method: 'DELETE',
    path: '/saas/lego/company_places/delete',
    summary: 'Deletes a known place',
    querystring: knownPlaceDeleteQuerySchema,
    messages: [KNOWN_PLACE_MSG.selectConsignor],
    answer: none,
    scope: SCOPE_IN_QUERY,
  }),
};
