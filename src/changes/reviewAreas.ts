import useSWR from 'swr';
import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import type { Scope } from '../../engine/scope/scope';
import { proposalCalls } from '../../schemas/api/proposals';

const areasCall = endpoint(proposalCalls.reviewAreas);

/**
 * The areas a proposal can change in the scope's company, each with whether the company reviews it (read once per
 * company and shared by every form; read again when the review settings are saved).
 */
export function useReviewAreas(scope: Scope) {
  return useSWR(
    scope.companyId ? ['main', areasCall.path, JSON.stringify({ c: scope.companyId })] : null,
    async () => {
      const result = await callEndpoint(areasCall, { scope }, { quiet: true });
      return result.ok ? (result.data ?? []) : [];
    },
    { revalidateOnFocus: false },
  );
}
