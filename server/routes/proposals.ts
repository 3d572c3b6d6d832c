import type { FastifyInstance } from 'fastify';
import { type Proposal, type ProposalChange, proposalCalls } from '../../schemas/api/proposals';
import { RESOURCE_CALLS } from '../../schemas/api/resources';
import { PROPOSAL_MSG as M, type ProposalItem } from '../../schemas/proposal';
import { answerNameOf, fieldsOf, idColumnOf, ownerOf, type Resource } from '../../schemas/resource';
import { ALL_RESOURCES } from '../../schemas/resources';
import { isRecord } from '../../schemas/guards';
import type { AppContext } from '../context';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { check } from '../http/validation';
import { pagedOk } from '../http/paging';
import { beginChangeSet, recordChangeSet } from '../repos/change-set';
import { proposalRepository } from '../repos/proposal-repository';
import { resourceTable } from '../repos/resource-table';
import { ensureOwned, type Scope } from '../repos/scope-repository';
import { ruleOf } from '../rules/resource-rules';
import { Taken, RuleRefusal } from '../rules/refusal';
import { joinedStore } from '../store/joined-store';
import type { Queryable, Store } from '../store/store';
import { aggregateOf } from '../../schemas/api/resource-calls';

/** The call of a declared resource an item's action is (its create, update or remove). */
const KINDS = { create: 'create', update: 'update', remove: 'remove' } as const;

/**
 * The declared resource an item of a proposal writes: one with the call of its action, found by its name (its
 * records kept per owner, or a parent's, are not proposed yet: their calls name more than the scope). Refused in words,
 * naming the item (400).
 */
function resourceOf(item: ProposalItem, n: number): Resource {
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource) throw new ApiError(400, [`Change ${n}: ${M.resource}`]);
  const call = RESOURCE_CALLS[resource.name]?.[KINDS[item.action]];
  if (!call || ownerOf(resource) || resource.api?.parent || resource.api?.updateInBody)
    throw new ApiError(400, [`Change ${n}: ${M.cannot(resource.title, item.action)}`]);
  return resource;
}

/**
 * Checks an item as its own call would (400 naming the item): a create's or update's fields by the call's body
 * schema, and an update's or remove's record named, within the scope's reach (404), at a version.
 */
async function checkItem(q: Queryable, scope: Scope, item: ProposalItem, n: number): Promise<void> {
  const resource = resourceOf(item, n);
  const call = RESOURCE_CALLS[resource.name]?.[KINDS[item.action]];
  const problems: string[] = [];
  if (item.action !== 'create') {
    if (item.id === undefined || item.id === null) problems.push(M.id);
    if (item.version === undefined || item.version === null) problems.push(M.version);
  }
  if (item.action !== 'remove') {
    if (!item.body) problems.push(M.body);
    else if (call && 'body' in call && call.body) problems.push(...check(call.body, item.body));
  }
  if (problems.length > 0)
    throw new ApiError(
      400,
      problems.map((problem) => `Change ${n}: ${problem}`),
    );
  if (item.id !== undefined && item.id !== null) await ensureOwned(q, aggregateOf(resource), String(item.id), scope);
}

/** A value in words for a change: text as it is, anything else as JSON; null for none. */
const inWords = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** A record in words: its label fields' values, else its id. */
const recordName = (resource: Resource, record: Readonly<Record<string, unknown>>, id: string) =>
  resource.label
    .map((name) => inWords(record[answerNameOf({ name, ...resource.fields[name] })]))
    .filter(Boolean)
    .join(' · ') || id;

/** An item in words: its record now, and each field it sends, now and as proposed (an update's unchanged ones left out). */
async function changeOf(store: Store, scope: Scope, item: ProposalItem): Promise<ProposalChange> {
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource) return { resource: item.resource, action: item.action, record: null, fields: [] };
  const id = item.id === undefined || item.id === null ? null : String(item.id);
  const current =
    id === null
      ? null
      : await resourceTable(resource)
          .read(store, id, scope)
          .catch(() => null);
  const body = isRecord(item.body) ? item.body : {};
  const fields = fieldsOf(resource)
    .filter((field) => field.name in body)
    .map((field) => ({
      field: field.label,
      before: current ? inWords(current[answerNameOf(field)]) : null,
      after: inWords(body[field.name]),
    }))
    .filter((change) => item.action !== 'update' || change.before !== change.after);
  const record = current ? recordName(resource, current, id ?? '') : id;
  return { resource: resource.title, action: item.action, record, fields };
}

/**
 * What changed since an item was proposed: its record gone, or at another version than the proposal read (naming who
 * changed it last and when, from the audit log); null when it is as proposed.
 */
async function changedSince(q: Queryable, companyId: string, item: ProposalItem): Promise<string | null> {
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource || item.action === 'create') return null;
  const id = String(item.id);
  const name = `${resource.noun.charAt(0).toUpperCase()}${resource.noun.slice(1)} ${id}`;
  const row = await q.one<{ version: number }>(
    `select version from ${resource.table} where ${idColumnOf(resource)}::text = $1 and company_id = $2`,
    [id, companyId],
  );
  if (!row) return M.goneSince(name);
  if (row.version === item.version) return null;
  const last = await q.one<{ who: string; at: string }>(
    `select coalesce(u.name, a.user_email, 'someone') as who, to_char(a.at at time zone 'Asia/Kolkata', 'DD/MM/YYYY HH24:MI') || ' IST' as at
       from audit_log a left join users u on u.id = a.user_id
      where a.company_id = $1 and a.object_type = $2 and a.object_id = $3 order by a.id desc limit 1`,
    [companyId, resource.objectType, id],
  );
  return M.changedSince(name, last?.who ?? 'someone', last?.at ?? 'an unknown day');
}

/** How an apply ended: the proposal applied, or why nothing was written. */
type Outcome = { applied: Proposal } | { failed: string };

/**
 * Changes proposed, reviewed and applied (ours; issue 39, API.md "Proposals"): a proposal of writes of declared
 * resources, each checked as its own call checks it; a decision by another desk than the proposer's; a withdrawal by
 * the proposer; and the apply of an approved proposal, once, as one change set of the audit log (revertable as any),
 * every record first checked to be at the version it was proposed at, so that nothing is written over a change made
 * since (409 naming who made it, the proposal failed).
 */
export async function proposalRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, proposalCalls.propose, async ({ scope, body, desk }) =>
    ok(
      await store.tx(async (q) => {
        for (const [i, item] of body.items.entries()) await checkItem(q, scope, item, i + 1);
        return proposalRepository.insert(q, scope, { ...body, comment: body.comment ?? '' }, desk.userId);
      }),
    ),
  );

  route(app, proposalCalls.list, async ({ scope, query }) =>
    pagedOk(
      await proposalRepository.page(store, scope.companyId, {
        page: query.page ?? 1,
        size: query.size ?? 20,
        state: query.state,
        after: query.after,
        before: query.before,
      }),
    ),
  );

  route(app, proposalCalls.get, async ({ params, scope }) => {
    const proposal = await proposalRepository.byId(store, params.id);
    if (!proposal) throw notFound();
    const changes = [];
    for (const item of proposal.items) changes.push(await changeOf(store, scope, item));
    return ok({ proposal, changes });
  });

  route(app, proposalCalls.decide, async ({ params, body, desk }) =>
    ok(
      await store.tx(async (q) => {
        const proposal = await proposalRepository.byId(q, params.id, true);
        if (!proposal) throw notFound();
        if (proposal.state !== 'proposed') throw new ApiError(409, [M.notPending(proposal.state)]);
        // The four eyes: whoever proposed a change neither approves nor rejects it.
        if (proposal.proposedBy === desk.userId) throw new ApiError(403, [M.ownDecision]);
        return proposalRepository.move(q, params.id, body.decision === 'approve' ? 'approved' : 'rejected', {
          decidedBy: desk.userId,
          decisionComment: (body.comment ?? '').trim(),
        });
      }),
    ),
  );

  route(app, proposalCalls.withdraw, async ({ params, desk }) =>
    ok(
      await store.tx(async (q) => {
        const proposal = await proposalRepository.byId(q, params.id, true);
        if (!proposal) throw notFound();
        if (proposal.proposedBy !== desk.userId) throw new ApiError(403, [M.notProposer]);
        if (proposal.state !== 'proposed' && proposal.state !== 'approved')
          throw new ApiError(409, [M.notOpen(proposal.state)]);
        return proposalRepository.move(q, params.id, 'withdrawn');
      }),
    ),
  );

  route(app, proposalCalls.apply, async ({ params, scope, desk }) => {
    const outcome = await store
      .tx<Outcome>(async (q) => {
        const proposal = await proposalRepository.byId(q, params.id, true);
        const kept = await proposalRepository.scopeOf(q, params.id);
        if (!proposal || !kept) throw notFound();
        if (proposal.state !== 'approved') throw new ApiError(409, [M.notApproved(proposal.state)]);
        // Written where it was proposed, as the company's change: after any copy or revert into it.
        const at: Scope = { ...kept, companyType: scope.companyType };
        const changeSet = await beginChangeSet(q, at.companyId, undefined);
        // Every record at the version it was proposed at, before anything is written.
        for (const item of proposal.items) {
          const changed = await changedSince(q, at.companyId, item);
          if (changed) return { failed: changed };
        }
        // The change set first: the audit entries of the writes below carry its id.
        const items = proposal.items.map(({ resource, action, id }) => ({ resource, action, id: id ?? null }));
        await recordChangeSet(q, changeSet, { company: at, kind: 'proposal', proposal: params.id, items });
        const joined = joinedStore(q, store.kind);
        for (const [i, item] of proposal.items.entries()) {
          const resource = resourceOf(item, i + 1);
          const records = resourceTable(resource);
          const body = isRecord(item.body) ? item.body : {};
          const expected = item.version === undefined || item.version === null ? null : [item.version];
          if (item.action === 'create') await records.insert(joined, at, body, desk.email, ruleOf(resource));
          else if (item.action === 'update')
            await records.update(joined, at, String(item.id), body, desk.email, expected, ruleOf(resource));
          else await records.remove(joined, String(item.id), expected, at);
        }
        return {
          applied: await proposalRepository.move(q, params.id, 'applied', { appliedBy: desk.userId, changeSet }),
        };
      })
      .catch((err: unknown): Outcome => {
        // A write the database or a rule refuses (a code taken since): the proposal fails in those words.
        if (err instanceof Taken || err instanceof RuleRefusal) return { failed: err.messages.join('; ') };
        throw err;
      });
    if ('applied' in outcome) return ok(outcome.applied);
    // Nothing was written: the proposal is failed, in a transaction of its own, and the refusal answered.
    await store.tx((q) => proposalRepository.move(q, params.id, 'failed', { error: outcome.failed }));
    throw new ApiError(409, [outcome.failed]);
  });
}
