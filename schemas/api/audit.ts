import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, SCOPE_IN_QUERY } from './contract';
import { int, intOrNull, list, none, shape, str, strOrNull } from './shapes';
import { scopeQuerySchema } from '../scope';
import { AUDIT_ACTIONS, AUDIT_MSG, auditListQuerySchema } from '../audit';

const main = { service: 'main', envelope: 'main' } as const;

/**
 * A JSON object of any fields, or null, sent as it is: `additionalProperties: true` keeps its fields when Fastify
 * serializes the answer (`{type: 'object'}` alone would send `{}`).
 */
const objectOrNull = { type: ['object', 'null'], additionalProperties: true } as const;

/** One changed field of an entry: its dotted path in the record, and its value before and after as text (null: none). */
export const auditChangeAnswer = shape({ field: str, before: strOrNull, after: strOrNull });
/** One changed field of an entry. */
export type AuditChange = FromSchema<typeof auditChangeAnswer>;
/** A changed field as the Audit Log lists it: with its name in words (`label`, schemas/audit.ts `fieldInWords`). */
export const auditLoggedChangeAnswer = shape({ field: str, label: str, before: strOrNull, after: strOrNull });

/**
 * Where an entry of a change set came from (the change set's row, migration 170_change_sets.sql): its kind; for a
 * copy, the company (and branch) copied from, by id and name; for a revert, what it reverts: one entry (its id) or a
 * whole change set (its id). The side that does not apply is null.
 */
export const auditProvenanceAnswer = shape({
  kind: { type: 'string', enum: ['copy', 'revert', 'proposal'] },
  source: {
    anyOf: [shape({ companyId: str, companyName: str, branchId: strOrNull, branchName: strOrNull }), none],
  },
  reverts: { anyOf: [shape({ entry: intOrNull, changeSet: strOrNull }), none] },
  /** The reviewed proposal the change set applied (issue 39). */
  proposal: { anyOf: [shape({ id: str, title: str }), none] },
});
/** Where an entry of a change set came from. */
export type AuditProvenance = FromSchema<typeof auditProvenanceAnswer>;

/**
 * An entry of the audit log as the list answers it: when (epoch milliseconds), who (user id, name, else the e-mail
 * recorded with the change; null for a change made outside the API) and by which call, what (object type and id,
 * action), the record before and after (null where there is none) and the fields that differ.
 */
export const auditEntryAnswer = shape({
  id: int,
  at: int,
  branchId: strOrNull,
  /** The branch's name (null: the whole company's). */
  branchName: strOrNull,
  userId: strOrNull,
  userName: strOrNull,
  userEmail: strOrNull,
  call: strOrNull,
  objectType: str,
  objectId: str,
  /** The object by name (its declared label over the record as stored), or null where that reads nothing. */
  objectName: strOrNull,
  action: { type: 'string', enum: Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[] },
  before: objectOrNull,
  after: objectOrNull,
  changes: list(auditLoggedChangeAnswer),
  /** The change set the entry belongs to (a copy or a revert that wrote several records at once), or null. */
  changeSet: strOrNull,
  /** Where the change set came from (a copy's source, what a revert reverts); null without a change set. */
  provenance: { anyOf: [auditProvenanceAnswer, none] },
});
/** An entry of the audit log as the list answers it. */
export type AuditEntry = FromSchema<typeof auditEntryAnswer>;

/** One page of the audit log: its entries, how many the filter selects in all, the page (from 1) and its size. */
export const auditPageAnswer = shape({ rows: list(auditEntryAnswer), total: int, page: int, size: int });
/** One page of the audit log. */
export type AuditPage = FromSchema<typeof auditPageAnswer>;

/** A user who changed the scope's configuration: id and name (else e-mail, else id). */
export const auditUserAnswer = shape({ id: str, name: str });

/** An object type the audit log records: its key (the `type` filter's value) and the name the screen shows. */
export const auditObjectTypeAnswer = shape({ value: str, label: str });

/** How many records of one audited kind the scope keeps: its object type, its name in words (plural) and the count. */
export const configCountAnswer = shape({ objectType: str, label: str, count: int });
/** How many records of one audited kind the scope keeps. */
export type ConfigCount = FromSchema<typeof configCountAnswer>;

/** The audit log of a company's configuration (ours; the spec has none): its entries and the users who made them. */
export const auditCalls = {
  list: defineCall({
    ...main,
    id: 'audit.list',
    method: 'GET',
    path: '/saas/lego/audit_log/fetch',
    summary: "The scope's configuration changes, newest first, one page (filters: user, object type, time range)",
    querystring: auditListQuerySchema,
    messages: [AUDIT_MSG.range, AUDIT_MSG.type],
    answer: auditPageAnswer,
    scope: SCOPE_IN_QUERY,
  }),
  users: defineCall({
    ...main,
    id: 'audit.users',
    method: 'GET',
    path: '/saas/lego/audit_log/users',
    summary: "The users who changed the scope's configuration (the Audit Log's user filter)",
    querystring: scopeQuerySchema,
    answer: list(auditUserAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  objectTypes: defineCall({
    ...main,
    id: 'audit.objectTypes',
    method: 'GET',
    path: '/saas/lego/audit_log/object_types',
    summary: "The kinds of configuration the audit log records, by name (the Audit Log's object type filter)",
    querystring: scopeQuerySchema,
    answer: list(auditObjectTypeAnswer),
    scope: SCOPE_IN_QUERY,
  }),
  summary: defineCall({
    ...main,
    id: 'audit.summary',
    method: 'GET',
    path: '/saas/lego/config/summary',
    summary:
      "How many records of each audited kind of configuration the company keeps (with b, the branch's where the kind has branches): the console's company home",
    querystring: scopeQuerySchema,
    answer: list(configCountAnswer),
    scope: SCOPE_IN_QUERY,
  }),
};
