import { PROPOSAL_MSG } from '../proposal';
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import { POOL_ANSWERS } from './answers';
import { bool, int, list, shape, str, strOrNull } from './shapes';
import {
  COMPARE_STATES,
  CONFIG_AREA_KEYS,
  COPY_ACTIONS,
  COPY_MSG,
  compareQuerySchema,
  copyBodySchema,
  revertBodySchema,
} from '../config-copy';

const main = { service: 'main', envelope: 'main' } as const;
const area = { type: 'string', enum: CONFIG_AREA_KEYS } as const;

/** One field of an item on both sides, as text (null: not set there), and whether the two differ. */
export const compareFieldAnswer = shape({ field: str, left: strOrNull, right: strOrNull, differs: bool });

/** One item of an area: its natural key, a readable name, how it compares, and its fields side by side. */
export const compareItemAnswer = shape({
  key: str,
  label: str,
  state: { type: 'string', enum: COMPARE_STATES },
  fields: list(compareFieldAnswer),
});
export type CompareItem = FromSchema<typeof compareItemAnswer>;

/** One area of the comparison: its items, and why it is not compared when it is not (e.g. kept per company only). */
export const compareAreaAnswer = shape({
  area,
  label: str,
  key: str,
  note: strOrNull,
  items: list(compareItemAnswer),
});
export type CompareArea = FromSchema<typeof compareAreaAnswer>;

/** The two scopes by name, and the areas. */
export const compareAnswer = shape({
  left: shape({ companyId: str, companyName: str, branchId: strOrNull, branchName: strOrNull }),
  right: shape({ companyId: str, companyName: str, branchId: strOrNull, branchName: strOrNull }),
  areas: list(compareAreaAnswer),
});
export type Comparison = FromSchema<typeof compareAnswer>;

/**
 * What a copy does to one item in the target: create, overwrite (with the fields it changes), skip (the same
 * already) or refuse (with why: a value that names the source's own users, groups, branches or partners).
 */
export const copyItemAnswer = shape({
  area,
  key: str,
  label: str,
  action: { type: 'string', enum: COPY_ACTIONS },
  reason: strOrNull,
  changes: list(shape({ field: str, before: strOrNull, after: strOrNull })),
});
export type CopyItem = FromSchema<typeof copyItemAnswer>;

/** A copy's preview: each item's action, and the token the apply sends back. */
export const copyPreviewAnswer = shape({ token: str, items: list(copyItemAnswer) });
export type CopyPreview = FromSchema<typeof copyPreviewAnswer>;

/** An applied copy: the change set it was recorded as, and each item's action. */
export const copyAppliedAnswer = shape({ changeSet: str, items: list(copyItemAnswer) });

/** One record a revert writes: what it does to it (delete, restore or re-create) and the fields it puts back. */
export const revertItemAnswer = shape({
  entry: int,
  objectType: str,
  objectName: str,
  objectId: str,
  action: { type: 'string', enum: ['delete', 'restore', 'recreate'] },
  changes: list(shape({ field: str, before: strOrNull, after: strOrNull })),
});
export type RevertItem = FromSchema<typeof revertItemAnswer>;

/** A revert's preview: what it writes and the token the apply sends back. */
export const revertPreviewAnswer = shape({ token: str, items: list(revertItemAnswer) });
export type RevertPreview = FromSchema<typeof revertPreviewAnswer>;
/** An applied revert: the change set it was recorded as and what it wrote. */
export const revertAppliedAnswer = shape({ changeSet: str, items: list(revertItemAnswer) });

/** Compare and copy work out each item's fields side by side in the worker pool (server/workers): full, 503. */
const BUSY = POOL_ANSWERS;

/** A preview's token applied already (by another request, or one at the same time): nothing is written again. */
const APPLIED = `'${COPY_MSG.alreadyApplied} as change set …: preview it again': the preview's token was used already; nothing is written again`;

/** A record the database refuses to write (a value taken, a record others use), in words: nothing is written. */
const REFUSED_IN_WORDS =
  "a write the database refuses, in words (\"Known place code KP-17 is taken by 'Pune Hub'\", 'Vehicle … is used by 3 freight rates: it cannot be deleted'); nothing is written";

/** Why a revert is refused, in its preview and in its apply. */
const REVERT_CONFLICT =
  "'… was changed since by … on …: reverting would undo that change' (a later change of the record, in a change set or not), '… is not as the entry left it', a record type no longer kept in the configuration, or a secret the audit log keeps only as a digest";

/** Compare two scopes' configuration, copy between them with a preview, and revert an audited change or change set. */
export const configCopyCalls = {
  compare: defineCall({
    ...main,
    id: 'config.compare',
    method: 'GET',
    path: '/saas/lego/config/compare',
    summary: "Two scopes' configuration area by area: items only on the left, only on the right, different, the same",
    querystring: compareQuerySchema,
    messages: [COPY_MSG.sameScope],
    answers: BUSY,
    answer: compareAnswer,
    scope: { in: 'query', c: 'c', b: 'b' },
  }),
  copyPreview: defineCall({
    ...main,
    id: 'config.copyPreview',
    method: 'POST',
    path: '/saas/lego/config/copy/preview',
    summary: 'What copying the chosen items from the source scope would write in the target: a dry run',
    body: copyBodySchema,
    messages: [COPY_MSG.sameScope],
    answers: BUSY,
    answer: copyPreviewAnswer,
    scope: { in: 'body', c: 'tc', b: 'tb' },
  }),
  copyApply: defineCall({
    ...main,
    id: 'config.copyApply',
    method: 'POST',
    path: '/saas/lego/config/copy/apply',
    summary: 'Copies the chosen items as the preview said, in one transaction, recorded as one change set',
    body: copyBodySchema,
    messages: [COPY_MSG.sameScope, COPY_MSG.nothing],
    answers: {
      409: `${APPLIED}; or '<area> <item>: <why>: nothing was copied': ${REFUSED_IN_WORDS}; or an area the target company reviews ('${PROPOSAL_MSG.reviewRequired('<area>')}': the copy is proposed instead)`,
      412: `'${COPY_MSG.stale}': the items read otherwise than the preview saw`,
      ...BUSY,
    },
    answer: copyAppliedAnswer,
    scope: { in: 'body', c: 'tc', b: 'tb' },
  }),
  revertPreview: defineCall({
    ...main,
    id: 'audit.revertPreview',
    method: 'POST',
    path: '/saas/lego/audit_log/revert/preview',
    summary: 'What reverting an audit entry or a change set would write (refused when a record changed since)',
    body: revertBodySchema,
    messages: [COPY_MSG.revertNothing],
    answers: { 409: REVERT_CONFLICT },
    answer: revertPreviewAnswer,
    scope: { in: 'body', c: 'c', b: 'b' },
  }),
  revert: defineCall({
    ...main,
    id: 'audit.revert',
    method: 'POST',
    path: '/saas/lego/audit_log/revert',
    summary: 'Puts back the before-values of an audit entry or a change set in one transaction (itself audited)',
    body: revertBodySchema,
    messages: [COPY_MSG.revertNothing],
    answers: {
      409: `${APPLIED}; ${REVERT_CONFLICT}; or ${REFUSED_IN_WORDS}`,
      412: `'${COPY_MSG.revertStale}': a record reads otherwise than the preview saw`,
    },
    answer: revertAppliedAnswer,
    scope: { in: 'body', c: 'c', b: 'b' },
  }),
};
