import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { callEndpoint, metaOf, type CallInput } from '../data/endpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ConfigContext } from '../types';
import type { ToolAction, ToolConfig, ToolOutcome, ToolValues } from './types';

/**
 * What the result box holds: the value, its caption, the label of the action that showed it and the page's values
 * and scope then, and for a paged action the page shown and the total.
 */
export interface Shown {
  value: unknown;
  action: string;
  values: ToolValues;
  /** The scope the action ran in (a picture of its answer reads more of the same scope). */
  ctx: ConfigContext;
  caption?: string;
  paged?: { action: ToolAction; page: number; size: number; total: number };
}

/** Thrown by an action's `input` when what it read first says the call cannot be made: its message is toasted. */
export class ToolRefusal extends Error {}

const texts = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;

/** The values a page opens with: its initial ones, then those the query string holds for mirrored fields. */
function openingValues(config: ToolConfig, params: URLSearchParams): ToolValues {
  const values = { ...config.initial?.() };
  for (const [field, key] of Object.entries(config.mirror ?? {})) {
    const sent = params.get(key);
    if (sent !== null && sent !== '') values[field] = sent;
  }
  return values;
}

/** The values with `fields` back to their `initial` values (a field without one is left out). */
export function resetValues(values: ToolValues, fields: readonly string[], initial: ToolValues): ToolValues {
  const next = { ...values };
  for (const field of fields) {
    if (Object.hasOwn(initial, field)) next[field] = initial[field];
    else delete next[field];
  }
  return next;
}

/**
 * State and actions of a tool page, without any UI: the form's values (mirrored fields kept in the query string),
 * the action under way, and the result box's content.
 */
export function useToolController(config: ToolConfig) {
  const [scope] = useScope();
  const params = useParams();
  const [query, setQuery] = useSearchParams();
  const [values, setValues] = useState<ToolValues>(() => openingValues(config, query));
  const [busy, setBusy] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const ctx: ConfigContext = useMemo(() => ({ scope, params }), [scope, params]);
  const ready = !config.requiresCompany || Boolean(scope.companyId);
  /** Set by the view: checks the form's rules and shows their messages; true when they hold. */
  const validate = useRef<() => boolean>(() => true);

  const change = useCallback(
    (next: ToolValues) => {
      setValues(next);
      const mirror = Object.entries(config.mirror ?? {});
      if (mirror.length === 0) return;
      setQuery(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [field, key] of mirror) {
            const value = next[field];
            if (value === undefined || value === null || value === '') updated.delete(key);
            else updated.set(key, String(value));
          }
          return updated;
        },
        { replace: true },
      );
    },
    [config.mirror, setQuery],
  );

  const show = (outcome: ToolOutcome, action: ToolAction, page: number) => {
    for (const text of texts(outcome.success)) feedback.success(text);
    for (const text of texts(outcome.info)) feedback.info(text);
    for (const text of texts(outcome.error)) feedback.error(text);
    if (outcome.error) setShown(null);
    else if (outcome.show !== undefined) {
      setShown({
        value: outcome.show,
        action: action.label,
        values,
        ctx,
        caption: outcome.caption,
        paged: action.paged ? { action, page, size: action.paged.size, total: outcome.total ?? 0 } : undefined,
      });
    }
  };

  const run = async (action: ToolAction, page = 1) => {
    if (busy) return;
    if (action.validate !== false && !validate.current()) return;
    setBusy(action.label);
    try {
      let input: CallInput;
      try {
        input = await action.input(values, ctx, page);
      } catch (error) {
        if (!(error instanceof ToolRefusal)) throw error;
        feedback.error(error.message);
        setShown(null);
        return;
      }
      const endpoint = typeof action.endpoint === 'function' ? action.endpoint(values, input) : action.endpoint;
      const result = await callEndpoint(endpoint, input, { quiet: true });
      const meta = metaOf(endpoint, result.body);
      if (result.ok) show(action.done({ result, meta, values }), action, page);
      else {
        for (const text of texts(action.failed({ result, meta, values }))) feedback.error(text);
        setShown(null);
      }
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    change({ ...config.initial?.() });
    setShown(null);
  };

  /** A block's reset: its fields back to their initial values (others kept), and the result box emptied. */
  const resetFields = (fields: readonly string[]) => {
    change(resetValues(values, fields, config.initial?.() ?? {}));
    setShown(null);
  };

  return { ctx, ready, values, change, busy, run, reset, resetFields, shown, validate };
}
