import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applySelection, readScope, writeScope, type Scope } from './scope';

/** The company selection of the current URL, and a setter that applies the clearing cascade. */
export function useScope(): [Scope, (change: Scope) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const scope = useMemo(() => readScope(params), [params]);
  const select = useCallback(
    (change: Scope) => setParams((current) => writeScope(current, applySelection(readScope(current), change))),
    [setParams],
  );
  const reset = useCallback(() => setParams((current) => writeScope(current, {})), [setParams]);
  return [scope, select, reset];
}
