import { useCallback, useEffect } from 'react';
import { useParams } from 'react-router';
import { callEndpoint } from '../data/endpoint';
import { useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ColumnConfig, ListConfig } from '../types';

export type Row = Record<string, unknown>;

/** State and actions of a list screen, without any UI: rows of the scope, delete and toggle. */
export function useListController(config: ListConfig) {
  const [scope] = useScope();
  const params = useParams();
  const ready = config.requiresCompany === false || Boolean(scope.companyId);
  const looked = useEndpoint<unknown>(config.lookup?.endpoint, { scope }, ready && Boolean(config.lookup));
  const lookup = config.lookup && looked.data !== undefined ? config.lookup.pick(looked.data) : undefined;
  const input = config.sourceInput?.({ scope, params, lookup }) ?? { scope };
  const { data, error, isLoading, isValidating, mutate } = useEndpoint<Row[]>(config.source, input, ready && (!config.lookup || lookup !== undefined));

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
    rows: Array.isArray(data) ? data : [],
    loading: ready && (isLoading || isValidating),
    failed: Boolean(error),
    reload: () => mutate(),
    remove,
    toggle,
  };
}
