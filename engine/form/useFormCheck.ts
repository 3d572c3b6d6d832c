import { useEffect, useRef, useState } from 'react';
import { callEndpoint } from '../data/endpoint';
import type { ConfigContext } from '../types';
import type { FormCheck } from './types';

type Data = Record<string, unknown>;

/**
 * Runs a form's check (see `formCheck` in `parts.tsx`) as the form is filled in: whenever the call its `input` gives for
 * the data so far changes, the call is made (quietly) and its answer applied: an error to show (Submit disabled while
 * it stands) and values filled into the form through `fill`. Nothing runs while a record is edited.
 */
export function useFormCheck<D extends Data = Data>(
  check: FormCheck<D> | undefined,
  formData: Partial<D>,
  ctx: ConfigContext,
  editing: boolean,
  fill: (values: Partial<D>) => void,
) {
  const input = check && !editing ? check.input(formData, ctx) : undefined;
  const key = input ? JSON.stringify(input) : null;
  const [answered, setAnswered] = useState<{ key: string; error: string | null } | null>(null);
  // The answer is applied to the data as it is when it arrives, not as it was when asked.
  const latest = useRef(formData);
  latest.current = formData;
  const fillRef = useRef(fill);
  fillRef.current = fill;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the input (and the scope inside it); `check` is a new object each render
  useEffect(() => {
    if (!key || !check || !input) return undefined;
    let live = true;
    void callEndpoint(check.endpoint, { scope: ctx.scope, ...input }, { quiet: true }).then((result) => {
      if (!live) return;
      if (!result.ok) {
        setAnswered({ key, error: null });
        return;
      }
      const outcome = check.apply(result.data, latest.current);
      setAnswered({ key, error: outcome.error ?? null });
      if (outcome.fill) fillRef.current(outcome.fill);
    });
    return () => {
      live = false;
    };
  }, [key]);
  return {
    /** The check's refusal of the current combination, or null. */
    error: key && answered?.key === key ? answered.error : null,
    /** Whether the current combination is still being asked about. */
    checking: Boolean(key) && answered?.key !== key,
  };
}
