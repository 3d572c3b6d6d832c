import type { FromSchema } from 'json-schema-to-ts';
import { type Aggregate, defineCall, SCOPE_IN_QUERY } from './contract';
import { anyObjectOrNull, int, intOrNull, list, shape, str, strOrNull } from './shapes';
import { cursorMeta } from '../list-cursor';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import {
  PROPOSAL_ACTIONS,
  PROPOSAL_MSG as M,
  PROPOSAL_STATES,
  applyBodySchema,
  decisionBodySchema,
  proposalBodySchema,
  proposalListQuerySchema,
  reviewAreasBodySchema,
} from '../proposal';

const main = { service: 'main', envelope: 'main' } as const;

/** A proposal is its company's, reviewed at the company's level: within reach of each of its branches. */
export const PROPOSAL: Aggregate = {
  name: 'proposal',
  table: 'change_proposals',
  id: 'id',
  branch: false,
  department: false,
};
const ownsProposal = [{ aggregate: PROPOSAL, id: 'params.id' }] as const;

/** One write of a proposal, as proposed. */
export const proposalItemAnswer = shape({
  resource: str,
  action: { type: 'string', enum: PROPOSAL_ACTIONS },
  id: { ...strOrNull, description: 'The record an update or remove writes (null: a create)' },
  version: { ...intOrNull, description: 'The version the record was read at (its ETag)' },
  body: anyObjectOrNull,
});

/** A proposal: who proposed it when, its state, who decided and applied it, and its changes as proposed. */
export const proposalAnswer = shape({
  id: str,
  title: str,
  comment: str,
  state: { type: 'string', enum: PROPOSAL_STATES },
  branchId: strOrNull,
  departmentId: strOrNull,
  items: list(proposalItemAnswer),
  proposedBy: str,
  proposedByName: str,
  proposedAt: { ...int, description: 'Epoch milliseconds' },
  decidedBy: strOrNull,
  decidedByName: strOrNull,
  decidedAt: intOrNull,
  decisionComment: strOrNull,
  applyAt: { ...intOrNull, description: 'A scheduled proposal: when it is applied (epoch milliseconds)' },
  appliedAt: intOrNull,
  changeSet: { ...strOrNull, description: 'The change set of the audit log it was applied as' },
  error: { ...strOrNull, description: 'Why it failed (a record changed since it was proposed)' },
});
export type Proposal = FromSchema<typeof proposalAnswer>;

/** A change of a proposal in words: its record and each field's value now and as proposed. */
export const proposalChangeAnswer = shape({
  item: { ...int, description: "The proposal's item it is of (from 0): a copy's item is a change of each record" },
  resource: { ...str, description: 'The kind of record, as the console titles it' },
  action: { type: 'string', enum: PROPOSAL_ACTIONS },
  record: { ...strOrNull, description: 'The record in words (null: a record not yet made)' },
  fields: list(shape({ field: str, before: strOrNull, after: strOrNull })),
});
export type ProposalChange = FromSchema<typeof proposalChangeAnswer>;

/** An area of the company's records: whether its changes are reviewed, and since when by whom. */
export const reviewAreaAnswer = shape({
  resource: { ...str, description: 'The declared resource, by name' },
  title: str,
  required: { type: 'boolean', description: 'Its changes are proposed and reviewed; a write through its calls is 409' },
  setByName: strOrNull,
  setAt: intOrNull,
});
export type ReviewAreaState = FromSchema<typeof reviewAreaAnswer>;

/** Changes proposed, reviewed by a second desk and applied (ours; issue 39). */
export const proposalCalls = {
  reviewAreas: defineCall({
    ...main,
    id: 'proposals.reviewAreas',
    method: 'GET',
    path: '/saas/lego/review-areas',
    summary:
      "The areas a proposal can change, each with whether the company reviews its changes (Save becomes 'Propose change')",
    querystring: scopeQuerySchema,
    answer: list(reviewAreaAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  setReviewAreas: defineCall({
    ...main,
    id: 'proposals.setReviewAreas',
    method: 'PUT',
    path: '/saas/lego/review-areas',
    summary:
      "Sets the areas whose changes the company reviews: their calls' writes are refused (409) and proposed instead",
    querystring: scopeQuerySchema,
    body: reviewAreasBodySchema,
    messages: [M.areas, M.reviewRequired('…')],
    answer: list(reviewAreaAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  waiting: defineCall({
    ...main,
    id: 'proposals.waiting',
    method: 'GET',
    path: '/saas/lego/proposals/waiting',
    summary:
      "What waits in the company for the desk asking ('Changes' badge): proposals to review (another's), approved ones to apply",
    querystring: scopeQuerySchema,
    answer: shape({
      review: { ...int, description: 'Proposed by another desk, waiting for a decision' },
      approved: { ...int, description: 'Approved, waiting to be applied or scheduled' },
    }),
    scope: SCOPE_IN_QUERY,
  }),
  propose: defineCall({
    ...main,
    id: 'proposals.create',
    method: 'POST',
    path: '/saas/lego/proposals',
    summary:
      'Proposes writes of declared resources in the scope for review (nothing applied): each checked as its own call checks it, a record named by id within reach',
    body: proposalBodySchema,
    messages: [M.cannot('…', 'create'), M.id, M.body, M.proposed],
    answer: proposalAnswer,
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  }),
  list: defineCall({
    ...main,
    id: 'proposals.list',
    method: 'GET',
    path: '/saas/lego/proposals',
    summary: "The company's proposals newest first (of one state), a page at a time, with their total",
    querystring: proposalListQuerySchema,
    answer: list(proposalAnswer),
    meta: { total: { ...int, description: 'How many proposals match (a page read by number only)' }, ...cursorMeta },
    scope: SCOPE_IN_QUERY,
  }),
  get: defineCall({
    ...main,
    id: 'proposals.get',
    method: 'GET',
    path: '/saas/lego/proposals/:id',
    summary: 'A proposal, and each of its changes in words: the record and each field now and as proposed',
    params: idParamsSchema,
    owns: ownsProposal,
    answer: shape({ proposal: proposalAnswer, changes: list(proposalChangeAnswer) }),
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  }),
  decide: defineCall({
    ...main,
    id: 'proposals.decide',
    method: 'POST',
    path: '/saas/lego/proposals/:id/decision',
    summary: 'Approves or rejects a proposal, with a comment: by another desk than the proposer (403), once (409)',
    params: idParamsSchema,
    owns: ownsProposal,
    body: decisionBodySchema,
    messages: [M.ownDecision, M.notPending('…'), M.approved, M.rejected],
    answers: { 403: M.ownDecision, 409: M.notPending('…') },
    answer: proposalAnswer,
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  }),
  withdraw: defineCall({
    ...main,
    id: 'proposals.withdraw',
    method: 'POST',
    path: '/saas/lego/proposals/:id/withdraw',
    summary: 'Withdraws a proposal not yet applied: by its proposer only (403)',
    params: idParamsSchema,
    owns: ownsProposal,
    messages: [M.notProposer, M.notOpen('…'), M.withdrawn],
    answers: { 403: M.notProposer, 409: M.notOpen('…') },
    answer: proposalAnswer,
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  }),
  apply: defineCall({
    ...main,
    id: 'proposals.apply',
    method: 'POST',
    path: '/saas/lego/proposals/:id/apply',
    summary:
      'Applies an approved proposal now, once, as one change set, or (at, a time ahead) schedules it: a record changed since it was proposed fails it (409, naming who changed it) and nothing is written',
    params: idParamsSchema,
    owns: ownsProposal,
    body: applyBodySchema,
    messages: [M.notApproved('…'), M.changedSince('…', '…', '…'), M.goneSince('…'), M.applied, M.at, M.scheduled],
    answers: { 409: `${M.notApproved('…')} / ${M.changedSince('…', '…', '…')}` },
    answer: proposalAnswer,
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  }),
};
