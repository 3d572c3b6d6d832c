import type { FromSchema } from 'json-schema-to-ts';
import { answering, defineCall, SCOPE_IN_QUERY } from './contract';
import { CONSIGNEE, PARTNER } from './refers';
import { list, none, shape, str } from './shapes';
import { type Consignee, consigneeAnswer } from './embedded';

export type { Consignee, ConsigneePlace } from './embedded';
import {
  CONSIGNEE_MSG,
  consigneeCreateBodySchema,
  consigneeCreateQuerySchema,
  consigneeDeleteQuerySchema,
  consigneeUpdateBodySchema,
  consigneeUpdateQuerySchema,
} from '../consignee';
import { BULK_TEXT } from '../bulk-rows';

const main = { service: 'main', envelope: 'main' } as const;

/** One row's answer of a bulk create: the new consignee's id, or the row's error texts. */
export const consigneeRowResultAnswer = { anyOf: [shape({ id: str }), list(str)] } as const;

/** One row's answer of a bulk create. */
export type ConsigneeRowResult = FromSchema<typeof consigneeRowResultAnswer>;

/** A bulk create of 550 consignees (some 3 KB each at the most) fits; larger bodies get 413. */
const CONSIGNEES_BODY_LIMIT = 4 * 1024 * 1024;

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
  update: answering<Consignee>()({
    ...main,
    id: 'consignees.update',
    refers: { 'query.partnerId': PARTNER, 'body.partnerId': PARTNER, 'body.id': CONSIGNEE },
    method: 'POST',
    path: '/saas/lego/company_partners/update',
    summary:
      "Updates a consignee and its place's label, code, address and radius (pt=CONSIGNEE; the place by cpId, its Google address and coordinates stay)",
    querystring: consigneeUpdateQuerySchema,
    body: consigneeUpdateBodySchema,
    messages: [CONSIGNEE_MSG.selectConsignor, CONSIGNEE_MSG.readOnly, CONSIGNEE_MSG.duplicateCode],
    versioned: true,
    answer: consigneeAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  remove: defineCall({
    ...main,
    id: 'consignees.delete',
    refers: { 'query.partnerId': PARTNER, 'query.id': CONSIGNEE },
    method: 'DELETE',
    path: '/saas/lego/company_partners/delete',
    summary: 'Deletes a consignee (pt=CONSIGNEE)',
    querystring: consigneeDeleteQuerySchema,
    messages: [CONSIGNEE_MSG.selectConsignor],
    answer: none,
    scope: SCOPE_IN_QUERY,
  }),
};
