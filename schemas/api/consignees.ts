import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { callsOf } from './resources';
import { consignees } from '../resources/consignees';
import { PARTNER } from './refers';
import { list, shape, str } from './shapes';

export type { Consignee, ConsigneePlace } from './embedded';
import { CONSIGNEE_MSG, consigneeCreateBodySchema, consigneeCreateQuerySchema } from '../consignee';
import { BULK_TEXT } from '../bulk-rows';

const main = { service: 'main', envelope: 'main' } as const;

/** One row's answer of a bulk create: the new consignee's id, or the row's error texts. */
export const consigneeRowResultAnswer = { anyOf: [shape({ id: str }), list(str)] } as const;

/** One row's answer of a bulk create. */
export type ConsigneeRowResult = FromSchema<typeof consigneeRowResultAnswer>;

/** A bulk create of 550 consignees (some 3 KB each at the most) fits; larger bodies get 413. */
const CONSIGNEES_BODY_LIMIT = 4 * 1024 * 1024;

/** The consignee calls built from their declaration (schemas/resources/consignees.ts). */
const declared = callsOf(consignees);

/**
 * The consignee calls of spec 002 section 7 (company partners of kind CONSIGNEE). Their fetch is the partners
 * look-up `companyCalls.partners` with pt=CONSIGNEE: one path, one contract.
 */
export const consigneeCalls = {
  create: defineCall({
    ...main,
    id: 'consignees.create',
    refers: { 'query.partnerId': PARTNER },
    method: 'POST',
    path: '/saas/lego/company_partners/create',
    summary:
      'Creates consignees (pt=CONSIGNEE): all or a 400 naming the bad rows; with bulkUpload=true one answer per row ({id} or its error texts)',
    querystring: consigneeCreateQuerySchema,
    body: consigneeCreateBodySchema,
    bodyLimit: CONSIGNEES_BODY_LIMIT,
    messages: [CONSIGNEE_MSG.selectConsignor, CONSIGNEE_MSG.tooFar, CONSIGNEE_MSG.duplicateCode, BULK_TEXT.unstorable],
    answer: list(consigneeRowResultAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  update: declared.update,
  remove: declared.remove,
};
