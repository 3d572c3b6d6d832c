import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Navigation that keeps the current query string (spec 000 section 2.1: menus and buttons keep the scope). */
export function useKeepQuery(): {
  go: (pathname: string) => void;
  link: (pathname: string) => { pathname: string; search: string };
} {
  const location = useLocation();
  const navigate = useNavigate();
  const link = useCallback((pathname: string) => ({ pathname, search: location.search }), [location.search]);
  // The query string as it is when called, not as it was at the last render: a scope just chosen is in the address
  // before React renders it (the router's updates are transitions, which a busy page renders later). The address is
  // the router's own when it shows the same page (a browser router; a memory router in a test keeps its own).
  const go = useCallback(
    (pathname: string) =>
      navigate({
        pathname,
        search: window.location.pathname === location.pathname ? window.location.search : location.search,
      }),
    [navigate, location.pathname, location.search],
  );
  return { go, link };
}
