import { errorMessage } from '../errors';
import { proposalRepository } from '../repos/proposal-repository';
import { applyProposal, NotInState } from '../rules/proposals';
import { PROPOSAL_MAX_AGE_DAYS } from '../../schemas/proposal';
import { withActor } from '../store/actor';
import type { Store } from '../store/store';

/**
 * Applies the scheduled proposals that are due (issue 39): each as the desk that scheduled it, through the apply a
 * request makes (its row locked, its state checked), so that of several instances sweeping at once one applies it and
 * the others find it applied. An instance that dies mid-apply rolls its transaction back: the proposal stays scheduled
 * and the next sweep of any instance applies it, once. A proposal that fails (a record changed since) is marked failed.
 * Before that, the proposals that waited more than `maxAgeDays` for a decision or an apply expire.
 */
export async function applyDueProposals(
  store: Store,
  now: () => number = Date.now,
  maxAgeDays = PROPOSAL_MAX_AGE_DAYS,
): Promise<void> {
  // Those left waiting too long expire first (a scheduled one has its time).
  await store.tx((q) => proposalRepository.expire(q, now() - maxAgeDays * 86_400_000));
  for (const due of await proposalRepository.due(store, now())) {
    const actor = { userId: due.userId, email: due.email, call: 'proposals.apply' };
    const type = due.companyType === 'TRANSPORTER' ? 'TRANSPORTER' : 'CONSIGNOR';
    await withActor(
      () => actor,
      () => applyProposal(store, due.id, actor, type, ['scheduled']),
    ).catch((err: unknown) => {
      // Applied (or withdrawn) meanwhile by another instance or desk: nothing to do.
      if (err instanceof NotInState) return;
      console.error('proposal apply:', errorMessage(err));
    });
  }
}
