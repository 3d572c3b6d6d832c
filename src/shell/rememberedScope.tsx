import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberedScope, rememberScope } from '../../engine/scope/remembered';
import { readScope, writeScope } from '../../engine/scope/scope';
import { useScope } from '../../engine/scope/useScope';
import { signedInUser } from '../auth/tokens';

/**
 * Remembers at this desk the company (branch, department, consignor) the signed-in user works on, whenever the
 * address names one (issue "Operators ... continuity"): a bare `/` or the next session opens on it.
 */
export function useRememberScope(): void {
  const [scope] = useScope();
  useEffect(() => {
    const user = signedInUser();
    if (user) rememberScope(localStorage, user, scope);
  }, [scope]);
}

/**
 * `/`: goes `home` with the query string; a query string of no company gets the signed-in user's remembered scope
 * (kept beside whatever else it has), so the console opens where the operator left it.
 */
export function RootRedirect({ home }: { home: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const user = signedInUser();
  const scope = readScope(params);
  const opened = !scope.companyId && user ? writeScope(params, rememberedScope(localStorage, user)) : params;
  const query = opened.toString();
  return <Navigate to={{ pathname: home, search: query ? `?${query}` : '' }} replace />;
}
