import { errorMessage } from '../errors';
import { proposalRepository } from '../repos/proposal-repository';
import { applyProposal, NotInState } from '../rules/proposals';
import { PROPOSAL_MAX_AGE_DAYS } from '../../schemas/proposal';
import type { Mailer } from '../auth/mailer';
import type { OutboundQuotas } from '../rules/outbound-gate';
import { noticeOf } from '../rules/proposal-notices';
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
  mailer: Mailer,
  quotas: OutboundQuotas,
  now: () => number = Date.now,
  maxAgeDays = PROPOSAL_MAX_AGE_DAYS,
): Promise<void> {
  // Those left waiting too long expire first (a scheduled one has its time).
  await store.tx((q) => proposalRepository.expire(q, now() - maxAgeDays * 86_400_000));
  // A page of due ones at a time, until none is left that this sweep has not tried (one whose apply threw stays due).
  const tried = new Set<string>();
  for (;;) {
    const page = (await proposalRepository.due(store, now(), DUE_PAGE)).filter((due) => !tried.has(due.id));
    if (page.length === 0) return;
    for (const due of page) {
      tried.add(due.id);
      await applyDue(store, mailer, quotas, due);
    }
  }
}

/** The due proposals a sweep reads at once. */
const DUE_PAGE = 50;

/** Applies one due proposal as the desk that scheduled it, and tells its proposer. */
async function applyDue(
  store: Store,
  mailer: Mailer,
  quotas: OutboundQuotas,
  due: Awaited<ReturnType<typeof proposalRepository.due>>[number],
): Promise<void> {
  const actor = { userId: due.userId, email: due.email, call: 'proposals.apply' };
  const type = due.companyType === 'TRANSPORTER' ? 'TRANSPORTER' : 'CONSIGNOR';
  await withActor(
    () => actor,
    async () => {
      const outcome = await applyProposal(store, due.id, actor, type, ['scheduled']);
      // Its proposer is told, as the desk that scheduled it tells them (through the outbound gate).
      const told = 'applied' in outcome ? outcome.applied : outcome.proposal;
      await noticeOf(
        store,
        mailer,
        quotas,
        told,
        due.companyId,
        'applied' in outcome ? 'applied' : 'failed',
        due.userId,
      );
    },
  ).catch((err: unknown) => {
    // Applied (or withdrawn) meanwhile by another instance or desk: nothing to do.
    if (err instanceof NotInState) return;
    console.error('proposal apply:', errorMessage(err));
  });
}
