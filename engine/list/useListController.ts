import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { useParams } from 'react-router';
import { callEndpoint, type CallInput, type Endpoint } from '../data/endpoint';
import { type EndpointError, useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ColumnConfig, ListConfig } from './types';
import { cellValue, formatCell } from './columns';
import { listInput, listSourceKey, readEarly, readListSource, takeWarm } from './listSource';
import { DEFAULT_PAGE_SIZE, rowsOf, searchRows, type FilterValues, type ListState } from './paging';
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
  const [filters, setFilters] = useState<FilterValues>({});
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ListSort>(undefined);
  const [size, setSize] = useState(config.paging?.size ?? DEFAULT_PAGE_SIZE);
  // Another company, branch, filter, search, sort or page size starts again at page 1.
  const selection = JSON.stringify([
    scope.companyId,
    scope.branchId,
    scope.departmentId,
    scope.consignorId,
    filters,
    search.trim(),
    sort,
    size,
  ]);
  const [paged, setPaged] = useState({ selection, page: 1 });
  const page = paged.selection === selection ? paged.page : 1;
  // The page setter stays the same function while the selection changes (a memoized table keeps its props).
  const selected = useRef(selection);
  useLayoutEffect(() => {
    selected.current = selection;
  }, [selection]);
  const setPage = useCallback((next: number) => setPaged({ selection: selected.current, page: next }), []);
  const base = config.sourceInput?.({ scope, params, lookup }) ?? { scope };
  const input = listInput(config, base, filters, { page, size, search, sort });
  const enabled = ready && !needs && (!config.lookup || lookup !== undefined);
  const whole = config.paging?.from === 'body';
  const { data, error, isLoading, isValidating, mutate } = useListSource(config.source, input, enabled, whole);
  // A search the server answers is sent with the keystroke, while the list renders the new text.
  const typeSearch = (text: string) => {
    setSearch(text);
    if (config.paging && enabled && text.trim() !== search.trim())
      readEarly(config.source, listInput(config, base, filters, { page: 1, size, search: text, sort }), whole);
  };
  // While the next page (or search, or sort) loads, the last one of the same scope stays on screen (the pager keeps its place).
  const scopeKey = JSON.stringify([scope.companyId, scope.branchId, scope.departmentId, scope.consignorId]);
  const shown = useRef<{ scopeKey: string; data: unknown }>(undefined);
  if (data !== undefined) shown.current = { scopeKey, data };
  const current = data ?? (config.paging && shown.current?.scopeKey === scopeKey ? shown.current.data : undefined);
  const answered = rowsOf(current, config.paging);
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
  const total = config.paging ? answered.total : searched.length;

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
    filter: (values: FilterValues) => setFilters((previous) => ({ ...previous, ...values })),
    loading: ready && (isLoading || isValidating),
    failed: Boolean(error),
    reload,
    allRows,
    exportInput,
    remove,
    toggle,
  };
}
