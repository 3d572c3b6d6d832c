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
  const go = useCallback((pathname: string) => navigate(link(pathname)), [navigate, link]);
  return { go, link };
}
