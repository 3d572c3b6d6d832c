import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { callEndpoint, type CallInput, type Endpoint } from '../data/endpoint';
import { type EndpointError, useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ColumnConfig, ListConfig } from './types';
import { cellValue, formatCell } from './columns';
import { listInput, listSourceKey, readEarly, readListSource, takeWarm } from './listSource';
import { rowsOf, searchRows, type FilterValues, type ListState } from './paging';
import { readListPlace, writeListPlace, type ListPlace } from './listPlace';
import { MAX_EXPORT_ROWS } from './exportList';
import { useDeskTimeZone } from '../timeZone';

export type Row = Record<string, unknown>;

/** A sort of a column: the column (its `sortKey` for the server, else its field) and the order. */
export type ListSort = ListState['sort'];

/**
 * Reads a list's source through SWR: the answer's data, or the whole answer when the list reads its rows and total
 * from it (`paging.from: 'body'`). Rows a preload has just put in the cache are not read again on mount.
 */
function useListSource(endpoint: Endpoint, input: CallInput, enabled: boolean, whole: boolean) {
  const key = enabled ? listSourceKey(endpoint, input, whole) : null;
  const [warm] = useState(() => key !== null && takeWarm(key));
  return useSWR<unknown, EndpointError>(key, () => readListSource(endpoint, input, whole), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    ...(warm ? { revalidateOnMount: false } : {}),
  });
}

/**
 * The page a keyset-paged list shows, for reading the one after or before it by cursor: its place (scope, search, sort,
 * size, filters), number, the cursor it was read by (none: by number), its cursors, and the total of its list.
 */
interface ShownPage {
  key: string;
  page: number;
  via: Record<string, string> | null;
  next: string | null;
  prev: string | null;
  total: number;
  estimated: boolean;
}

/**
 * State and actions of a list screen, without any UI: rows of the scope (narrowed by the filters, one page at a time
 * when the server pages), delete and toggle.
 */
export function useListController(config: ListConfig) {
  const [scope] = useScope();
  const params = useParams();
  const ready = config.requiresCompany === false || Boolean(scope.companyId);
  // What else the list needs of the scope (a TRANSPORTER's consignor...): nothing is read until it is there.
  const needs = ready ? config.scopeNeeds?.(scope) : undefined;
  const looked = useEndpoint(config.lookup?.endpoint, { scope }, ready && Boolean(config.lookup));
  const lookup = config.lookup && looked.data !== undefined ? config.lookup.pick(looked.data) : undefined;
  // The list's place (search, sort, page, size, filters) is in the address: a reload or a shared link shows the same rows.
  const [query, setQuery] = useSearchParams();
  const place = useMemo(() => readListPlace(query, config), [query, config]);
  const { filters, sort, size } = place;
  // The router's setter changes with the address: the list's setters read it from here, so they stay the same functions
  // (the memoized table keeps its props while a search is typed).
  const { pathname } = useLocation();
  const router = useRef({ setQuery, pathname });
  useLayoutEffect(() => {
    router.current = { setQuery, pathname };
  }, [setQuery, pathname]);
  /**
   * Moves the list to another place, from the address as it is now (a scope just chosen is there before React renders
   * it, as `useKeepQuery` says; a memory router in a test keeps its own), replacing the history's entry.
   */
  const move = useCallback(
    (change: (current: ListPlace) => ListPlace) => {
      const { setQuery: write, pathname: shown } = router.current;
      const now = window.location.pathname === shown ? new URLSearchParams(window.location.search) : null;
      write(
        (rendered) => {
          const current = now ?? rendered;
          return writeListPlace(current, change(readListPlace(current, config)), config);
        },
        { replace: true },
      );
    },
    [config],
  );
  // The search box shows the text as typed, at once; the address follows (the router's updates are transitions, which
  // would make a typed character wait). Another text in the address (back, a link) is shown instead.
  const [search, setSearch] = useState(place.search);
  const written = useRef(place.search);
  useEffect(() => {
    if (place.search === written.current) return;
    written.current = place.search;
    setSearch(place.search);
  }, [place.search]);
  // Another company, branch, department or consignor starts again at page 1 (its filters, search and sort stay).
  const scopeKey = JSON.stringify([scope.companyId, scope.branchId, scope.departmentId, scope.consignorId]);
  const pagedScope = useRef(scopeKey);
  useEffect(() => {
    if (pagedScope.current === scopeKey) return;
    pagedScope.current = scopeKey;
    if (place.page > 1) move((current) => ({ ...current, page: 1 }));
  }, [scopeKey, move, place.page]);
  // A search typed and not yet in the address, or a scope just chosen, shows page 1 already.
  const page = pagedScope.current !== scopeKey || search !== place.search ? 1 : place.page;
  const setPage = useCallback((next: number) => move((current) => ({ ...current, page: next })), [move]);
  const setSize = useCallback((next: number) => move((current) => ({ ...current, size: next, page: 1 })), [move]);
  const setSort = useCallback((next: ListSort) => move((current) => ({ ...current, sort: next, page: 1 })), [move]);
  const filter = useCallback(
    (values: FilterValues) => move((current) => ({ ...current, filters: { ...current.filters, ...values }, page: 1 })),
    [move],
  );
  const base = config.sourceInput?.({ scope, params, lookup }) ?? { scope };
  // A keyset-paged list reads the pager's next or previous page of the one shown by cursor (through the order's index,
  // however deep the page), any other by number; a page read by cursor has no total, the shown one's stands.
  const cursors = config.paging?.cursors;
  const placeKey = JSON.stringify([scopeKey, search, sort, size, filters, base]);
  const shownPage = useRef<ShownPage>(undefined);
  const from = shownPage.current?.key === placeKey ? shownPage.current : undefined;
  const step: Record<string, string> | null =
    !cursors || !from
      ? null
      : page === from.page
        ? from.via
        : page === from.page + 1 && from.next
          ? { [cursors.after]: from.next }
          : page === from.page - 1 && from.prev
            ? { [cursors.before]: from.prev }
            : null;
  const numbered = listInput(config, base, filters, { page, size, search, sort });
  const input = step ? { ...numbered, query: { ...numbered.query, ...step } } : numbered;
  const enabled = ready && !needs && (!config.lookup || lookup !== undefined);
  const whole = config.paging?.from === 'body';
  const { data, error, isLoading, isValidating, mutate } = useListSource(config.source, input, enabled, whole);
  // A search the server answers is sent with the keystroke, while the list renders the new text.
  const typeSearch = (text: string) => {
    setSearch(text);
    written.current = text;
    move((current) => ({ ...current, search: text, page: 1 }));
    if (config.paging && enabled && text.trim() !== search.trim())
      readEarly(config.source, listInput(config, base, filters, { page: 1, size, search: text, sort }), whole);
  };
  // While the next page (or search, or sort) loads, the last one of the same scope stays on screen (the pager keeps its place).
  const shown = useRef<{ scopeKey: string; data: unknown }>(undefined);
  if (data !== undefined) shown.current = { scopeKey, data };
  const current = data ?? (config.paging && shown.current?.scopeKey === scopeKey ? shown.current.data : undefined);
  const answered = rowsOf(current, config.paging);
  if (cursors && data !== undefined) {
    const read = rowsOf(data, config.paging);
    shownPage.current = {
      key: placeKey,
      page,
      via: step,
      next: read.next,
      prev: read.prev,
      total: read.counted ? read.total : (from?.total ?? read.total),
      estimated: read.counted ? read.estimated : (from?.estimated ?? false),
    };
  }
  const kept = cursors && !answered.counted ? shownPage.current : undefined;
  // A list the server does not page is searched here, in the text its cells show (times in the desk's zone).
  const [zone] = useDeskTimeZone();
  const searched = useMemo(() => {
    if (config.paging || !config.search) return answered.rows;
    const columns = config.search.fields
      ? config.columns.filter((c) => config.search!.fields!.includes(c.field))
      : config.columns.filter((c) => c.kind !== 'switch');
    return searchRows(
      answered.rows,
      search,
      columns.map((column) => (row: Row) => formatCell(column.kind, cellValue(column, row), zone)),
    );
  }, [answered.rows, config.paging, config.search, config.columns, search, zone]);
  const rows = searched;
  const total = config.paging ? (kept?.total ?? answered.total) : searched.length;
  const estimated = kept?.estimated ?? answered.estimated;

  useEffect(() => {
    if (looked.error && config.lookup) feedback.error(config.lookup.error);
  }, [looked.error, config.lookup]);

  useEffect(() => {
    if (error) feedback.error(config.fetchError);
  }, [error, config.fetchError]);

  // The same function while the key stays: inline edits and the memoized table depend on it.
  const reload = useCallback(() => mutate(), [mutate]);

  /**
   * Every row the filters, the search and the sort select, to download: the rows at hand, or, when the server pages,
   * its pages read one after the other (at most {@link MAX_EXPORT_ROWS}); null when a read fails.
   */
  const allRows = useCallback(async (): Promise<Row[] | null> => {
    if (!config.paging) return rows;
    const size = 100;
    const all: Row[] = [];
    for (let next = 1; all.length < MAX_EXPORT_ROWS; next++) {
      const read = await callEndpoint(
        config.source,
        listInput(config, base, filters, { page: next, size, search, sort }),
      );
      if (!read.ok) return null;
      const { rows: pageRows, total: count } = rowsOf(whole ? read.body : read.data, config.paging);
      all.push(...pageRows);
      if (pageRows.length < size || all.length >= count) break;
    }
    return all.slice(0, MAX_EXPORT_ROWS);
  }, [config, rows, base, filters, search, sort, whole]);

  /** The call input of the list as it is narrowed and sorted (its first page): what a server export reads. */
  const exportInput = useCallback(
    (): CallInput => listInput(config, base, filters, { page: 1, size: 100, search, sort }),
    [config, base, filters, search, sort],
  );

  const remove = useCallback(
    async (row: Row) => {
      const spec = config.remove!;
      const result = await callEndpoint(spec.endpoint, { scope, ...spec.input(row) });
      if (!result.ok) {
        feedback.error(spec.error);
        return false;
      }
      feedback.success(typeof spec.success === 'function' ? spec.success(row) : spec.success);
      await mutate();
      return true;
    },
    [config.remove, scope, mutate],
  );

  const toggle = useCallback(
    async (column: ColumnConfig, row: Row, checked: boolean) => {
      const spec = column.toggle!;
      const result = await callEndpoint(spec.endpoint, { scope, ...spec.input(row, checked) });
      if (!result.ok) {
        feedback.error(spec.error);
        return false;
      }
      const success = spec.success ?? result.messages[0];
      if (success) feedback.success(success);
      await mutate();
      return true;
    },
    [scope, mutate],
  );

  return {
    scope,
    ready,
    /** What the scope lacks for this list (shown instead of the table), if anything. */
    needs,
    rows,
    /** Rows in all (of every page when the server pages). */
    total,
    estimated,
    page,
    setPage,
    /** Rows on a page. */
    size,
    setSize,
    /** The search box's text; a change reads (or shows) the first page of the rows with it. */
    search,
    setSearch: typeSearch,
    sort,
    setSort,
    filters,
    /** Sets some filters' values (a date range sets two); the list reads its first page again. */
    filter,
    loading: ready && (isLoading || isValidating),
    failed: Boolean(error),
    reload,
    allRows,
    exportInput,
    remove,
    toggle,
  };
}
