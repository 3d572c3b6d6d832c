import { mutate } from 'swr';
import { callEndpoint, endpointQuery, fillPath, type CallInput, type Endpoint } from '../data/endpoint';
import type { HttpResult } from '../data/http';
import { EndpointError } from '../data/useEndpoint';
import type { Scope } from '../scope/scope';
import type { ListConfig } from './types';
import { listQuery, type FilterValues, type ListState } from './paging';
import { readListPlace } from './listPlace';

/** The SWR key of a list's read: service, path, query, and whether the list keeps the whole answer. */
export const listSourceKey = (endpoint: Endpoint, input: CallInput, whole: boolean) => [
  endpoint.service ?? 'main',
  fillPath(endpoint.path, input.params),
  JSON.stringify(endpointQuery(endpoint, input)),
  whole ? 'body' : 'data',
];

/** The call a list makes to its source: the config's input (or the scope) with the filters and the page's query. */
export function listInput(config: ListConfig, base: CallInput, filters: FilterValues, view: ListState): CallInput {
  return config.filters || config.paging
    ? { ...base, query: { ...base.query, ...listQuery(filters, config.paging, view) } }
    : base;
}

const answerOf = (result: HttpResult<unknown>, whole: boolean) =>
  result.ok ? (whole ? result.body : result.data) : undefined;

/** Reads started before their list mounted, and reads done so, by key, until the list takes them. */
const pending = new Map<string, Promise<HttpResult<unknown>>>();
/** When each preloaded answer reached the cache. */
const warm = new Map<string, number>();
/** How long preloaded rows count as just read: a list mounting later (the operator went elsewhere first) reads afresh. */
const WARM_MS = 5000;

/**
 * Reads a list's source (the SWR fetcher): a read of the same key already under way (see {@link preloadList}) is
 * awaited instead of sent again; a failed one is sent again, so that its messages show as for any read.
 */
export async function readListSource(endpoint: Endpoint, input: CallInput, whole: boolean): Promise<unknown> {
  const hash = JSON.stringify(listSourceKey(endpoint, input, whole));
  const early = pending.get(hash);
  pending.delete(hash);
  if (early) {
    const result = await early;
    if (result.ok) return answerOf(result, whole);
  }
  const result = await callEndpoint(endpoint, input);
  if (!result.ok) throw new EndpointError(result.messages, result.status);
  return answerOf(result, whole);
}

/**
 * Whether the list of this key mounts on rows {@link preloadList} just put in the SWR cache: true once (that mount
 * need not read them again), false afterwards, so a later mount reads them afresh as usual.
 */
export function takeWarm(key: unknown[]): boolean {
  const hash = JSON.stringify(key);
  const at = warm.get(hash);
  warm.delete(hash);
  return at !== undefined && Date.now() - at < WARM_MS;
}

/**
 * Starts a read the list is about to make (a search being typed): its request leaves with the keystroke instead of
 * after the list has rendered the new text, and the list's fetcher awaits it. Quiet, as {@link preloadList}; an
 * answer no list takes is dropped after a while.
 */
export function readEarly(endpoint: Endpoint, input: CallInput, whole: boolean): void {
  const hash = JSON.stringify(listSourceKey(endpoint, input, whole));
  if (pending.has(hash)) return;
  const read = callEndpoint(endpoint, input, { quiet: true });
  pending.set(hash, read);
  void read.then(() =>
    setTimeout(() => {
      if (pending.get(hash) === read) pending.delete(hash);
    }, WARM_MS),
  );
}

/**
 * Starts reading the first page a list config shows at first (at the place in the address `query`, else its start:
 * no filter, search or sort), while the rest of the page is still loading or rendering; the rows are in SWR's cache
 * when the list mounts. Quiet: if the read fails, the list reads again itself and shows the failure as usual. Lists
 * that first read a lookup, or need a company and have none, are left to read when they mount.
 */
export function preloadList(
  config: ListConfig,
  scope: Scope,
  params: Record<string, string | undefined>,
  query = new URLSearchParams(),
): void {
  if (config.lookup || (config.requiresCompany !== false && !scope.companyId) || config.scopeNeeds?.(scope)) return;
  const base = config.sourceInput?.({ scope, params }) ?? { scope };
  const { filters, ...view } = readListPlace(query, config);
  const input = listInput(config, base, filters, view);
  const whole = config.paging?.from === 'body';
  const key = listSourceKey(config.source, input, whole);
  const hash = JSON.stringify(key);
  if (pending.has(hash) || takeWarm(key)) return;
  const read = callEndpoint(config.source, input, { quiet: true });
  pending.set(hash, read);
  void read.then(async (result) => {
    // Taken by a list that mounted meanwhile: that list has the rows from its own fetcher.
    if (pending.get(hash) !== read) return;
    pending.delete(hash);
    if (!result.ok) return;
    await mutate(key, answerOf(result, whole), { revalidate: false });
    warm.set(hash, Date.now());
  });
}
