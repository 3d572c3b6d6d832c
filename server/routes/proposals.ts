import type { FastifyInstance } from 'fastify';
import { proposalCalls } from '../../schemas/api/proposals';
import { PROPOSAL_MSG as M } from '../../schemas/proposal';
import type { AppContext } from '../context';
import { ApiError, notFound, ok } from '../http/envelope';
import { route } from '../http/route';
import { pagedOk } from '../http/paging';
import { proposalRepository } from '../repos/proposal-repository';
import { reviewAreaRepository } from '../repos/review-area-repository';
import { noticeOf, type ProposalNotice } from '../rules/proposal-notices';
import type { Scope } from '../repos/scope-repository';
import type { Proposal } from '../../schemas/api/proposals';
import { applyProposal, changesOf, checkItem, PROPOSABLE } from '../rules/proposals';
import type { Queryable } from '../store/store';

/**
 * Changes proposed, reviewed and applied (ours; issue 39, API.md "Proposals"): a proposal of writes of declared
 * resources, each checked as its own call checks it; a decision by another desk than the proposer's; a withdrawal by
 * the proposer; and the apply of an approved proposal, once, as one change set of the audit log (revertable as any),
 * every record first checked to be at the version it was proposed at, so that nothing is written over a change made
 * since (409 naming who made it, the proposal failed).
 */
export async function proposalRoutes(app: FastifyInstance, { store, mailer, outbound }: AppContext) {
  /** Tells of a proposal by e-mail, through the outbound gate (a spent quota sends none and fails nothing). */
  const notice = (proposal: Proposal, scope: Scope, what: ProposalNotice, actor: string) =>
    noticeOf(store, mailer, outbound, proposal, scope.companyId, what, actor);

  /** Every area a proposal can change, with whether the company reviews it. */
  const areasOf = async (q: Queryable, companyId: string) => {
    const reviewed = new Map((await reviewAreaRepository.of(q, companyId)).map((area) => [area.resource, area]));
    return PROPOSABLE.map((resource) => {
      const area = reviewed.get(resource.name);
      return {
        resource: resource.name,
        title: resource.title,
        required: area !== undefined,
        setByName: area?.setByName ?? null,
        setAt: area?.setAt ?? null,
      };
    });
  };

  route(app, proposalCalls.reviewAreas, async ({ scope }) => ok(await areasOf(store, scope.companyId)));

  route(app, proposalCalls.setReviewAreas, async ({ scope, body, desk }) => {
    const names = new Set(PROPOSABLE.map((resource) => resource.name));
    if (body.areas.some((area) => !names.has(area))) throw new ApiError(400, [M.areas]);
    return ok(
      await store.tx(async (q) => {
        await reviewAreaRepository.set(q, scope.companyId, body.areas, desk.userId, Date.now());
        return areasOf(q, scope.companyId);
      }),
    );
  });

  route(app, proposalCalls.waiting, async ({ scope, desk }) =>
    ok(await proposalRepository.waiting(store, scope.companyId, desk.userId)),
  );

  route(app, proposalCalls.propose, async ({ scope, body, desk }) => {
    const proposal = await store.tx(async (q) => {
      const items = [];
      for (const [i, item] of body.items.entries()) items.push(await checkItem(q, scope, item, i + 1));
      return proposalRepository.insert(q, scope, { ...body, items, comment: body.comment ?? '' }, desk.userId);
    });
    await notice(proposal, scope, 'proposed', desk.userId);
    return ok(proposal);
  });

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
    for (const [i, item] of proposal.items.entries()) changes.push(...(await changesOf(store, scope, item, i)));
    return ok({ proposal, changes });
  });

  route(app, proposalCalls.decide, async ({ params, body, desk, scope }) => {
    const decided = await store.tx(async (q) => {
      const proposal = await proposalRepository.byId(q, params.id, true);
      if (!proposal) throw notFound();
      if (proposal.state !== 'proposed') throw new ApiError(409, [M.notPending(proposal.state)]);
      // The four eyes: whoever proposed a change neither approves nor rejects it.
      if (proposal.proposedBy === desk.userId) throw new ApiError(403, [M.ownDecision]);
      return proposalRepository.move(q, params.id, body.decision === 'approve' ? 'approved' : 'rejected', {
        decidedBy: desk.userId,
        decisionComment: (body.comment ?? '').trim(),
      });
    });
    await notice(decided, scope, decided.state === 'approved' ? 'approved' : 'rejected', desk.userId);
    return ok(decided);
  });

  route(app, proposalCalls.withdraw, async ({ params, desk }) =>
    ok(
      await store.tx(async (q) => {
        const proposal = await proposalRepository.byId(q, params.id, true);
        if (!proposal) throw notFound();
        if (proposal.proposedBy !== desk.userId) throw new ApiError(403, [M.notProposer]);
        if (!['proposed', 'approved', 'scheduled'].includes(proposal.state))
          throw new ApiError(409, [M.notOpen(proposal.state)]);
        return proposalRepository.move(q, params.id, 'withdrawn');
      }),
    ),
  );

  // Now, or (a time ahead) scheduled: the sweep of any instance applies it once it is due (server/jobs/index.ts).
  route(app, proposalCalls.apply, async ({ params, scope, desk, body }) => {
    const now = Date.now();
    if (body?.at !== undefined && body.at > now) {
      const scheduled = await store.tx(async (q) => {
        const proposal = await proposalRepository.byId(q, params.id, true);
        if (!proposal) throw notFound();
        if (proposal.state !== 'approved' && proposal.state !== 'scheduled')
          throw new ApiError(409, [M.notApproved(proposal.state)]);
        return proposalRepository.schedule(q, params.id, body.at ?? now, desk.userId);
      });
      await notice(scheduled, scope, 'scheduled', desk.userId);
      return ok(scheduled);
    }
    const outcome = await applyProposal(store, params.id, desk, scope.companyType, ['approved', 'scheduled']);
    if ('applied' in outcome) {
      await notice(outcome.applied, scope, 'applied', desk.userId);
      return ok(outcome.applied);
    }
    await notice(outcome.proposal, scope, 'failed', desk.userId);
    throw new ApiError(409, [outcome.failed]);
  });
}
