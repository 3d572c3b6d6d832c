import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readScope, writeScope } from './scope/scope';

/**
 * The scope's keys of a query string, as `?…` ('' for none): what going to another screen keeps. A list's place
 * (its search, sort, page and filters, `engine/list/listPlace.ts`) stays with its list.
 */
export function scopeQuery(search: string): string {
  const kept = writeScope(new URLSearchParams(), readScope(new URLSearchParams(search))).toString();
  return kept ? `?${kept}` : '';
}

/** Navigation that keeps the scope of the current query string (spec 000 section 2.1: menus and buttons keep the scope). */
export function useKeepQuery(): {
  go: (pathname: string) => void;
  link: (pathname: string) => { pathname: string; search: string };
} {
  const location = useLocation();
  const navigate = useNavigate();
  const link = useCallback(
    (pathname: string) => ({ pathname, search: scopeQuery(location.search) }),
    [location.search],
  );
  // The query string as it is when called, not as it was at the last render: a scope just chosen is in the address
  // before React renders it (the router's updates are transitions, which a busy page renders later). The address is
  // the router's own when it shows the same page (a browser router; a memory router in a test keeps its own).
  const go = useCallback(
    (pathname: string) =>
      navigate({
        pathname,
        search: scopeQuery(window.location.pathname === location.pathname ? window.location.search : location.search),
      }),
    [navigate, location.pathname, location.search],
  );
  return { go, link };
}
