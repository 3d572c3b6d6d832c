import type { ProposalChange } from '../../schemas/api/proposals';
import { CONFIG_AREAS } from '../../schemas/config-copy';
import { COPY_RESOURCE, PROPOSAL_MSG as M, copyProposalBodySchema, type ProposalItem } from '../../schemas/proposal';
import { check } from '../http/validation';
import { planCopy, writeCopy, type CopyPlan } from '../repos/config-copy';
import { otherScope } from '../repos/scope-reach';
import type { Scope } from '../repos/scope-repository';
import type { Queryable } from '../store/store';
import { RuleRefusal } from './refusal';

/**
 * Copies proposed (issue 39): Compare and Copy's preview, stored as one item of a proposal of the target company
 * (`resource: 'configCopy'`, its body the source scope and items), reviewed as the preview's changes, and written when
 * applied as the copy's apply writes them, within the proposal's transaction. Its plan's digest is pinned when
 * proposed: a source or target changed since fails the apply, and nothing is written.
 */

/** Whether an item of a proposal is a copy. */
export const isCopy = (item: ProposalItem) => item.resource === COPY_RESOURCE;

/** A copy item's body, checked by its schema (400 naming the item). */
function bodyOf(item: ProposalItem, n: number) {
  const problems = item.action === 'create' ? check(copyProposalBodySchema, item.body ?? null) : [M.copyAction];
  if (problems.length > 0 || !item.body) throw new RuleRefusal(problems.map((problem) => `Change ${n}: ${problem}`));
  const { c, b, items, digest } = item.body;
  return {
    c: String(c),
    b: typeof b === 'string' ? b : null,
    items: Array.isArray(items) ? items : [],
    digest: typeof digest === 'string' ? digest : '',
  };
}

/** The copy's plan into `target` now: its source and target resolved as the copy calls resolve them. */
async function planOf(
  q: Queryable,
  target: Pick<Scope, 'companyId' | 'branchId'>,
  item: ProposalItem,
  n: number,
  lock = false,
) {
  const body = bodyOf(item, n);
  const source = await otherScope(q, { c: body.c, b: body.b });
  const into = await otherScope(q, { c: target.companyId, b: target.branchId });
  return { body, plan: await planCopy(q, source, into, body.items, lock), into };
}

/** Checks a copy item as the copy's preview would (its source within reach, a write to make): pinned at its digest. */
export async function checkCopy(q: Queryable, scope: Scope, item: ProposalItem, n: number): Promise<ProposalItem> {
  const { body, plan } = await planOf(q, scope, item, n);
  if (plan.writes.length === 0) throw new RuleRefusal([`Change ${n}: nothing to copy: the items are the same already`]);
  return { ...item, body: { ...body, digest: plan.digest } };
}

/** A copy item in words: each record it creates or overwrites, with the fields it changes (as the preview shows them). */
export async function copyChanges(
  q: Queryable,
  scope: Scope,
  item: ProposalItem,
  index: number,
): Promise<ProposalChange[]> {
  let plan: CopyPlan;
  try {
    plan = (await planOf(q, scope, item, index + 1)).plan;
  } catch {
    return [{ item: index, resource: 'Copy', action: 'create', record: null, fields: [] }];
  }
  return plan.items
    .filter((planned) => planned.action === 'create' || planned.action === 'overwrite')
    .map((planned) => ({
      item: index,
      resource: CONFIG_AREAS[planned.area].label,
      action: planned.action === 'create' ? 'create' : 'update',
      record: planned.label,
      fields: planned.changes.map(({ field, before, after }) => ({ field, before, after })),
    }));
}

/** Applies a copy item into `at` within the apply's transaction, or says what changed since it was proposed. */
export async function applyCopyItem(q: Queryable, at: Scope, item: ProposalItem, n: number): Promise<string | null> {
  const { body, plan, into } = await planOf(q, at, item, n, true);
  if (plan.digest !== body.digest) return M.copyChanged(`company ${body.c}${body.b ? ` (branch ${body.b})` : ''}`);
  await writeCopy(q, plan, into);
  return null;
}
