import type { ProposalState } from '../../schemas/proposal';

/** How each state of a proposal is shown: its tag's colour and words. */
export const STATE_TAGS: Record<ProposalState, { color: string; label: string }> = {
  proposed: { color: 'gold', label: 'Waiting for review' },
  approved: { color: 'blue', label: 'Approved' },
  scheduled: { color: 'geekblue', label: 'Scheduled' },
  applied: { color: 'green', label: 'Applied' },
  failed: { color: 'red', label: 'Failed' },
  rejected: { color: 'volcano', label: 'Rejected' },
  withdrawn: { color: 'default', label: 'Withdrawn' },
  expired: { color: 'default', label: 'Expired' },
};
