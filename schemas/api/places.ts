import type { FromSchema } from 'json-schema-to-ts';
import { AGGREGATES } from './aggregates';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { callsOf } from './resources';
import { PARTNER } from './refers';
import { list, shape, str } from './shapes';
import { answerSchemaOf, type ResourceRecord } from '../resource';
import { knownPlaces } from '../resources/known-places';
import { KNOWN_PLACE_MSG, knownPlaceCreateBodySchema, knownPlaceCreateQuerySchema } from '../known-place';
import { BULK_TEXT } from '../bulk-rows';

const main = { service: 'main', envelope: 'main' } as const;

/** A known place: the company's (or, for a TRANSPORTER, kept for one consignor partner), in every branch. */
const _KNOWN_PLACE = AGGREGATES.knownPlace;

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

/** The calls of known places built from their declaration (schemas/resources/known-places.ts). */
const declared = callsOf(knownPlaces);

/**
 * The main API's known places (spec 000 sections 4 and 5): apart from the company look-ups (`company.ts`), so the
 * shell that uses those does not load the known-place schemas.
 */
export const placeCalls = {
  placeFetch: declared.list,
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
  placeUpdate: declared.update,
  placeDelete: declared.remove,
};
