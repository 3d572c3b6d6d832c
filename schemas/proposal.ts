import type { FromSchema } from 'json-schema-to-ts';
import { BODY_OBJECT, MSG } from './messages';
import { cursorFields } from './list-cursor';
import { pagedQueryProperties } from './partner';
import { scopeQuerySchema } from './scope';
import { copyBodySchema } from './config-copy';

/**
 * Changes proposed instead of saved, reviewed by a second person and applied (issue 39; the specs have none): a
 * proposal holds writes of declared resources (schemas/resource.ts), each checked as its own call checks it, and moves
 * proposed → approved or rejected (by another desk than the proposer's) or withdrawn (by the proposer); an approved one
 * is applied once, as one change set of the audit log, or fails naming what changed since it was proposed.
 */
export const PROPOSAL_STATES = [
  'proposed',
  'approved',
  'scheduled',
  'rejected',
  'withdrawn',
  'applied',
  'failed',
  'expired',
] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** What an item of a proposal does to a record. */
export const PROPOSAL_ACTIONS = ['create', 'update', 'remove'] as const;
export type ProposalAction = (typeof PROPOSAL_ACTIONS)[number];

/**
 * Days a proposal waits for its decision or its apply before it expires (`PROPOSAL_MAX_AGE_DAYS`): one left alone
 * never applies long after the records it read have moved on. A scheduled one has its time and does not expire.
 */
export const PROPOSAL_MAX_AGE_DAYS = 30;

/** The most items one proposal holds. */
export const PROPOSAL_MAX_ITEMS = 50;

/**
 * The `resource` of a proposal's copy: Compare and Copy's preview proposed (its `body` the source scope `c`, `b` and the
 * items, as the copy calls take them), written into the proposal's company when applied.
 */
export const COPY_RESOURCE = 'configCopy';

/** Texts of proposals. */
export const PROPOSAL_MSG = {
  title: 'Please enter a title of at most 120 characters',
  comment: 'A comment must be at most 2000 characters',
  items: `A proposal holds 1 to ${PROPOSAL_MAX_ITEMS} changes`,
  resource: 'Each change names a kind of record the console keeps',
  action: 'Each change is a create, an update or a remove',
  version: 'A version must be a whole number from 1: the ETag the record was read with',
  id: 'An update or remove names its record',
  body: 'A create or update sends the fields of its record',
  state: 'State must be one of proposed, approved, scheduled, rejected, withdrawn, applied, failed, expired',
  at: 'At must be a time in milliseconds since 1970',
  scheduled: 'Change scheduled',
  decision: 'Decision must be approve or reject',
  /** A call of one kind the resource does not have (a catalogue is never updated). */
  cannot: (resource: string, action: string) => `${resource} cannot be ${action}d by a proposal`,
  ownDecision: 'A change you proposed is reviewed by someone else',
  notProposer: 'Only who proposed a change can withdraw it',
  notPending: (state: string) => `This proposal is ${state}: it cannot be decided again`,
  notApproved: (state: string) => `This proposal is ${state}: only an approved proposal is applied`,
  notOpen: (state: string) => `This proposal is ${state}: it can no longer be withdrawn`,
  /** At apply time: a record changed or deleted since it was proposed; nothing was written. */
  changedSince: (name: string, who: string, when: string) =>
    `${name} was changed since by ${who} on ${when}: nothing was applied`,
  goneSince: (name: string) => `${name} is no longer there: nothing was applied`,
  /** A write of an area its company reviews (409): the change is proposed instead. */
  reviewRequired: (title: string) => `${title} of this company are changed by review: propose this change instead`,
  areas: 'Areas must name kinds of record a proposal can change',
  areasSet: 'Review settings saved',
  copyBody: 'A copy names its source company (c), branch (b) and items, as Compare and Copy sends them',
  copyAction: 'A copy is proposed as a create',
  copyChanged: (from: string) =>
    `The configuration copied from ${from}, or the records it overwrites, changed since it was proposed: nothing was applied`,
  proposed: 'Change proposed for review',
  approved: 'Change approved',
  rejected: 'Change rejected',
  withdrawn: 'Change withdrawn',
  applied: 'Change applied',
} as const;

const M = PROPOSAL_MSG;

/** One write of a proposal: of a declared resource (`resource` its name), its record (`id`, `version`) and fields. */
const itemSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z]+$', errorMessage: M.resource },
    action: { type: 'string', maxLength: 16, enum: PROPOSAL_ACTIONS, errorMessage: M.action },
    id: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: M.id },
    version: { type: 'integer', minimum: 1, maximum: 2_147_483_647, errorMessage: M.version },
    body: { type: 'object', maxProperties: 200, errorMessage: M.body },
  },
  required: ['resource', 'action'],
  additionalProperties: false,
  errorMessage: {
    type: BODY_OBJECT,
    required: { resource: M.resource, action: M.action },
    additionalProperties: 'A change names its resource, action, id, version and body only',
  },
} as const;

/** POST proposals: a title, a comment and the changes. */
export const proposalBodySchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S', errorMessage: M.title },
    comment: { type: 'string', maxLength: 2000, errorMessage: M.comment },
    items: { type: 'array', minItems: 1, maxItems: PROPOSAL_MAX_ITEMS, items: itemSchema, errorMessage: M.items },
  },
  required: ['title', 'items'],
  additionalProperties: false,
  errorMessage: {
    type: BODY_OBJECT,
    required: { title: M.title, items: M.items },
    additionalProperties: 'A proposal names its title, comment and items only',
  },
} as const;
export type ProposalBody = FromSchema<typeof proposalBodySchema>;
/** An item as a proposal is sent (its id a text or a number), or as stored and answered (null for what it has not). */
export interface ProposalItem {
  resource: string;
  action: ProposalAction;
  id?: string | number | null;
  version?: number | null;
  body?: Readonly<Record<string, unknown>> | null;
}

/** POST proposals/:id/decision: approve or reject, with a comment. */
export const decisionBodySchema = {
  type: 'object',
  properties: {
    decision: { type: 'string', maxLength: 16, enum: ['approve', 'reject'], errorMessage: M.decision },
    comment: { type: 'string', maxLength: 2000, errorMessage: M.comment },
  },
  required: ['decision'],
  additionalProperties: false,
  errorMessage: { type: BODY_OBJECT, required: { decision: M.decision } },
} as const;

/** POST proposals/:id/apply: now, or (`at`, epoch ms ahead) once it is due. */
export const applyBodySchema = {
  type: ['object', 'null'],
  properties: { at: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, errorMessage: M.at } },
  additionalProperties: false,
  errorMessage: { type: BODY_OBJECT, additionalProperties: 'An apply names its time (at) only' },
} as const;

/** GET proposals: the scope, a state, and a page (by number or after a cursor). */
export const proposalListQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    state: { type: 'string', maxLength: 16, enum: PROPOSAL_STATES, errorMessage: M.state },
    page: pagedQueryProperties.page,
    size: pagedQueryProperties.size,
    ...cursorFields,
  },
  required: ['c'],
  errorMessage: { required: { c: MSG.selectCompany } },
} as const;

/** PUT review-areas: the areas (declared resources, by name) whose changes the company reviews; none: it reviews none. */
export const reviewAreasBodySchema = {
  type: 'object',
  properties: {
    areas: {
      type: 'array',
      maxItems: 64,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z]+$', errorMessage: M.areas },
      errorMessage: M.areas,
    },
  },
  required: ['areas'],
  additionalProperties: false,
  errorMessage: { type: BODY_OBJECT, required: { areas: M.areas }, additionalProperties: M.areas },
} as const;

/** A proposed copy's body: the source scope and the items (see {@link COPY_RESOURCE}); its digest pinned when proposed. */
export const copyProposalBodySchema = {
  type: 'object',
  properties: {
    c: copyBodySchema.properties.c,
    b: copyBodySchema.properties.b,
    items: copyBodySchema.properties.items,
    digest: { type: 'string', maxLength: 128, pattern: '^[0-9a-f]*$', errorMessage: M.copyBody },
  },
  required: ['c', 'items'],
  additionalProperties: false,
  errorMessage: { type: M.copyBody, required: M.copyBody, additionalProperties: M.copyBody },
} as const;
export type CopyProposalBody = FromSchema<typeof copyProposalBodySchema>;
