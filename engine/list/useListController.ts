import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { callEndpoint } from '../data/endpoint';
import { useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ColumnConfig, ListConfig } from '../types';
import { listQuery, rowsOf, type FilterValues } from './paging';

export type Row = Record<string, unknown>;

/**
 * State and actions of a list screen, without any UI: rows of the scope (narrowed by the filters, one page at a time
 * when the server pages), delete and toggle.
 */
export function useListController(config: ListConfig) {
  const [scope] = useScope();
  const params = useParams();
  const ready = config.requiresCompany === false || Boolean(scope.companyId);
  const looked = useEndpoint<unknown>(config.lookup?.endpoint, { scope }, ready && Boolean(config.lookup));
  const lookup = config.lookup && looked.data !== undefined ? config.lookup.pick(looked.data) : undefined;
  const [filters, setFilters] = useState<FilterValues>({});
  // Another company, branch or filter starts again at page 1.
  const selection = JSON.stringify([scope.companyId, scope.branchId, scope.departmentId, filters]);
  const [paged, setPaged] = useState({ selection, page: 1 });
  const page = paged.selection === selection ? paged.page : 1;
  const base = config.sourceInput?.({ scope, params, lookup }) ?? { scope };
  const input = config.filters || config.paging ? { ...base, query: { ...base.query, ...listQuery(filters, config.paging, page) } } : base;
  const { data, error, isLoading, isValidating, mutate } = useEndpoint<unknown>(config.source, input, ready && (!config.lookup || lookup !== undefined));
  // While the next page loads, the last one of the same selection stays on screen (the pager keeps its place).
  const shown = useRef<{ selection: string; data: unknown }>(undefined);
  if (data !== undefined) shown.current = { selection, data };
  const current = data ?? (config.paging && shown.current?.selection === selection ? shown.current.data : undefined);
  const { rows, total } = rowsOf(current, config.paging);

  useEffect(() => {
    if (looked.error && config.lookup) feedback.error(config.lookup.error);
  }, [looked.error, config.lookup]);

  useEffect(() => {
    if (error) feedback.error(config.fetchError);
  }, [error, config.fetchError]);

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
    rows,
    /** Rows in all (of every page when the server pages). */
    total,
    page,
    setPage: (next: number) => setPaged({ selection, page: next }),
    filters,
    /** Sets some filters' values (a date range sets two); the list reads its first page again. */
    filter: (values: FilterValues) => setFilters((previous) => ({ ...previous, ...values })),
    loading: ready && (isLoading || isValidating),
    failed: Boolean(error),
    reload: () => mutate(),
    remove,
    toggle,
  };
}
