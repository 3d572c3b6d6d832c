import { useEffect, useState } from 'react';
import type { Endpoint } from '../data/endpoint';
import type { QueryValue } from '../data/http';
import { useEndpoint } from '../data/useEndpoint';
import type { Scope } from '../scope/scope';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../search';

/** One choice of a select: the value sent and the text shown. */
export interface RemoteOption {
  value: string;
  label: string;
}

/**
 * Searching the server as the operator types: the typed text is sent as the query value `param` (debounced) once it
 * has `minChars` characters (default 3); with 0 the first page loads at once and typing narrows it. A chosen value
 * the options do not hold is looked up by the query value `byId` (its id), or else by searching for the value itself.
 */
export interface RemoteSearch {
  param: string;
  minChars?: number;
  byId?: string;
}

/** What {@link useRemoteOptions} reads: the call, its scope and query (null: not ready), the search, the chosen value. */
export interface RemoteOptionsInput {
  endpoint: Endpoint;
  scope: Scope;
  /** Query values sent with every request; null while one the call needs is missing (nothing loads). */
  query: Record<string, QueryValue> | null;
  search?: RemoteSearch;
  /** The value chosen ('' for none): it keeps its label while the options shown are another search's. */
  value: string;
  /** An answer's row as an option. */
  toOption(row: unknown): RemoteOption;
}

/** The text typed into a search box, as sent: after the debounce. */
function useDebounced(text: string): string {
  const [sent, setSent] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSent(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return sent;
}

/** The labels of the options seen so far, by value, so a chosen value keeps its label when another search shows. */
function useKnownLabels(loaded: RemoteOption[], enabled: boolean): Record<string, string> {
  const [labels, setLabels] = useState<Record<string, string>>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` is a new array each render: its JSON text stands for it
  useEffect(() => {
    if (!enabled || loaded.length === 0) return;
    setLabels((known) => {
      const added = loaded.filter((option) => known[option.value] !== option.label);
      return added.length === 0
        ? known
        : { ...known, ...Object.fromEntries(added.map((option) => [option.value, option.label])) };
    });
  }, [enabled, JSON.stringify(loaded)]);
  return labels;
}

/**
 * A remote select's options, headless: without `search` the call's whole answer (filtered in the browser); with it,
 * one page of the server's answer for what was typed, the chosen value first and labelled (looked up by itself
 * when no page held it), and nothing while a search is still to be answered, so Enter never picks a stale option.
 */
export function useRemoteOptions({ endpoint, scope, query, search, value, toOption }: RemoteOptionsInput) {
  const minChars = search?.minChars ?? SEARCH_MIN_CHARS;
  const [typed, setTyped] = useState('');
  const sent = useDebounced(typed.trim());
  const searching = Boolean(search) && sent.length >= minChars;

  const [lookedUp, setLookedUp] = useState<Record<string, string>>({});
  const lookUp = Boolean(search) && value !== '' && sent === '' && lookedUp[value] === undefined;
  const searchQuery = !search ? {} : lookUp ? { [search.byId ?? search.param]: value } : { [search.param]: sent };
  const ready =
    query !== null && (Boolean(scope.companyId) || endpoint.scoped === false) && (!search || searching || lookUp);
  const read = useEndpoint(endpoint, { scope, query: { ...query, ...searchQuery } }, ready);

  const loaded = (Array.isArray(read.data) ? read.data : []).map(toOption);
  const labels = useKnownLabels(loaded, Boolean(search));
  // A value looked up is settled once its answer came, found or not: the first page shows next.
  useEffect(() => {
    if (lookUp && (read.data !== undefined || read.error))
      setLookedUp((done) => ({ ...done, [value]: labels[value] ?? value }));
  }, [lookUp, read.data, read.error, value, labels]);

  const waiting = Boolean(search) && typed.trim() !== sent;
  const options = search && (lookUp || waiting) ? [] : loaded;
  // The chosen value stays labelled while the options are those of another search (or none), and out of the list
  // while the operator types a search of their own.
  if (search && value && typed.trim() === '' && !options.some((option) => option.value === value))
    options.unshift({ value, label: labels[value] ?? lookedUp[value] ?? value });

  return {
    options,
    /** A search is typed but not yet answered, or the call is under way. */
    loading: read.isLoading || waiting,
    error: read.error,
    /** The text typed in the search box (searched on the server only with `search`). */
    typed,
    setTyped,
    /** What the list says when it has nothing to offer: still loading, too short a text, or no match. */
    emptyText:
      read.isLoading || waiting ? null : search && typed.trim().length < minChars ? tooShort(minChars) : 'No matches',
  };
}

const tooShort = (minChars: number) => `Type at least ${minChars} characters`;
