import type { Proposal } from '../../schemas/api/proposals';
import {
  LEGO_PERMISSION,
  hasPermissions,
  type PermissionMasks,
  type PermissionRecord,
} from '../../schemas/permission-check';
import type { Mailer, MailMessage } from '../auth/mailer';
import { errorMessage } from '../errors';
import type { Store } from '../store/store';
import { admitOutbound, type OutboundQuotas } from './outbound-gate';

/** What a notice tells: a proposal waiting for review, or its proposer of what became of it. */
export type ProposalNotice = 'proposed' | 'approved' | 'rejected' | 'scheduled' | 'applied' | 'failed';

/** The subjects and first lines of the notices, by what they tell. */
const NOTICE = {
  proposed: (p: Proposal) => ({
    subject: `Change proposed for your review: ${p.title}`,
    line: `${p.proposedByName} proposed "${p.title}" (${p.items.length} change${p.items.length === 1 ? '' : 's'}). It waits for your review.`,
  }),
  approved: (p: Proposal) => ({
    subject: `Your change was approved: ${p.title}`,
    line: `${p.decidedByName ?? 'A reviewer'} approved "${p.title}"${p.decisionComment ? `: ${p.decisionComment}` : '.'} Apply it now or schedule it.`,
  }),
  rejected: (p: Proposal) => ({
    subject: `Your change was rejected: ${p.title}`,
    line: `${p.decidedByName ?? 'A reviewer'} rejected "${p.title}"${p.decisionComment ? `: ${p.decisionComment}` : '.'}`,
  }),
  scheduled: (p: Proposal) => ({
    subject: `Your change is scheduled: ${p.title}`,
    line: `"${p.title}" will be applied at ${istOf(p.applyAt)}.`,
  }),
  applied: (p: Proposal) => ({
    subject: `Your change was applied: ${p.title}`,
    line: `"${p.title}" was applied at ${istOf(p.appliedAt)}. It is one change set of the audit log, revertable there.`,
  }),
  failed: (p: Proposal) => ({
    subject: `Your change could not be applied: ${p.title}`,
    line: `"${p.title}" was not applied, and nothing of it was written: ${p.error ?? 'a record changed since it was proposed'}.`,
  }),
} satisfies Record<ProposalNotice, (p: Proposal) => { subject: string; line: string }>;

/** A time (epoch ms) as operators read it: in IST. */
function istOf(at: number | null): string {
  if (at === null) return 'a time not set';
  const text = new Date(at).toLocaleString('en-GB', {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return `${text} IST`;
}

interface Recipient {
  email: string;
  masks: PermissionMasks;
}

/**
 * Whom a notice goes to: a proposal waiting, to every user of the console (one who may sign in to it) but its proposer;
 * what became of it, to its proposer, unless they did it themselves.
 */
async function recipientsOf(store: Store, proposal: Proposal, notice: ProposalNotice, actor: string) {
  if (notice !== 'proposed' && proposal.proposedBy === actor) return [];
  const users = await store.query<Recipient & { id: string }>(
    notice === 'proposed'
      ? 'select id, email, masks from users where not disabled and id <> $1'
      : 'select id, email, masks from users where not disabled and id = $1',
    [proposal.proposedBy],
  );
  const record = await store.one<PermissionRecord>('select * from permissions where permission_id = $1', [
    LEGO_PERMISSION,
  ]);
  const records = record ? [record] : [];
  return users.filter((user) => hasPermissions(user.masks, records, [LEGO_PERMISSION])).map((user) => user.email);
}

/**
 * Tells of a proposal by e-mail (issue 39, point 4), through the outbound gate: its messages taken from the acting
 * desk's and the company's quotas with the messages written in the same transaction (the outbox's), or none sent
 * when a quota is spent, which is logged and changes nothing else: the console's 'Changes' badge still shows it. A
 * notice never fails the move it tells of.
 */
export async function noticeOf(
  store: Store,
  mailer: Mailer,
  quotas: OutboundQuotas,
  proposal: Proposal,
  companyId: string,
  notice: ProposalNotice,
  actor: string,
): Promise<void> {
  try {
    const to = await recipientsOf(store, proposal, notice, actor);
    if (to.length === 0) return;
    const { subject, line } = NOTICE[notice](proposal);
    const body = [
      line,
      '',
      `Company ${companyId} · proposal ${proposal.id}`,
      "Open 'Changes' in the console to see it in words, with its impact, and to act on it.",
    ].join('\n');
    await store.tx(async (q) => {
      const refusal = await admitOutbound(q, quotas, {
        kind: 'review',
        deskId: actor,
        companyKey: companyId,
        messages: to.length,
      });
      if (refusal) {
        console.warn(`proposal ${proposal.id}: ${notice} notice not mailed: ${refusal.message}`);
        return;
      }
      for (const address of to) await mailer.send({ to: address, subject, body } satisfies MailMessage, q);
    });
  } catch (err) {
    console.error(`proposal ${proposal.id}: ${notice} notice:`, errorMessage(err));
  }
}
