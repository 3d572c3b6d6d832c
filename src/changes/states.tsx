import { Tag, theme } from 'antd';
import type { CSSProperties } from 'react';
import type { ProposalState } from '../../schemas/proposal';

/** How each state of a proposal is shown: its tag's colour (status colours, dark enough on their tints) and words. */
export const STATE_TAGS: Record<ProposalState, { color: string; label: string }> = {
  proposed: { color: 'warning', label: 'Waiting for review' },
  approved: { color: 'processing', label: 'Approved' },
  scheduled: { color: 'blue', label: 'Scheduled' },
  applied: { color: 'success', label: 'Applied' },
  failed: { color: 'error', label: 'Failed' },
  rejected: { color: 'magenta', label: 'Rejected' },
  withdrawn: { color: 'default', label: 'Withdrawn' },
  expired: { color: 'default', label: 'Expired' },
};

/**
 * A proposal's state as a tag. The warning tag's text is the theme's warning text colour (its preset's amber reads at
 * 1.8:1 on its tint).
 */
export function StateTag({ state, style }: { state: ProposalState; style?: CSSProperties }) {
  const { token } = theme.useToken();
  const { color, label } = STATE_TAGS[state];
  return (
    <Tag color={color} style={{ ...(color === 'warning' && { color: token.colorWarningText }), ...style }}>
      {label}
    </Tag>
  );
}
