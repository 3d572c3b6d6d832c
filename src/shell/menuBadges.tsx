import { Badge } from 'antd';
import useSWR from 'swr';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { useScope } from '../../engine/scope/useScope';
import { proposalCalls } from '../../schemas/api/proposals';

const waitingCall = endpoint(proposalCalls.waiting);

/** 'Changes': the company's proposals waiting for this desk's review (another desk's). */
function ChangesBadge() {
  const [scope] = useScope();
  // Read on opening, again when the desk comes back to the tab and every half minute: another desk's proposal shows.
  const waiting = useSWR(
    scope.companyId ? ['main', waitingCall.path, scope.companyId] : null,
    async () => {
      const result = await callEndpoint(waitingCall, { scope }, { quiet: true });
      return result.ok ? result.data : undefined;
    },
    { refreshInterval: 30_000, revalidateOnFocus: true },
  );
  const count = waiting.data?.review ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      count={count}
      size="small"
      style={{ marginInlineStart: 8 }}
      title={`${count} proposal${count === 1 ? '' : 's'} waiting for your review`}
    />
  );
}

/** The badge registry: the names screen metadata may use in `menu.badge` (a wrong name fails the type check). */
export const menuBadges = { changes: ChangesBadge };

/** A menu badge's name. */
export type MenuBadgeName = keyof typeof menuBadges;
