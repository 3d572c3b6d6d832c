import { fillPath } from '../../engine/data/endpoint';
import { runtimeConfig, serviceUrl } from '../../engine/data/services';
import type { Contract } from '../../schemas/api/contract';
import { API_PREFIXES } from '../../schemas/api';

/** A request the story fetch stub answered: what a story's responder sees, and what play functions can assert on. */
export interface ApiRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  /** `:name` values of a pattern key such as `GET /transporters/:id`. */
  params: Record<string, string>;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** An answer with a status other than 200 (a plain value answers 200 with that value as the JSON body). */
export class ApiReply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** What a fixture key maps to: a JSON body, a reply, or a function of the request returning either. */
export type ApiFixture = unknown | ApiReply | ((request: ApiRequest) => unknown);

/** Fixtures by `path` or `METHOD path`; paths may hold `:name` placeholders. The method-specific, exact key wins. */
export type ApiFixtures = Record<string, ApiFixture>;

/**
 * The fixture key of a call, from its contract: `METHOD base+path` (e.g. `GET /tms/transporters/:id`), with the path
 * parameters given filled in (a setting's `:feature`).
 */
export const fixtureKey = (call: Contract, params?: Record<string, string>): string =>
  `${call.method} ${serviceUrl(call.service, params ? fillPath(call.path, params) : call.path)}`;

/** Story parameters the preview reads (`.storybook/preview.tsx`). */
export interface ConsoleParameters {
  /** The initial URL of the MemoryRouter, e.g. `/routes?companyId=1001&...`. */
  route?: string;
  /** A route pattern (e.g. `/routes/:id/edit`) the story is mounted under, so `useParams` sees its values. */
  path?: string;
  api?: ApiFixtures;
  /** Milliseconds every answer waits (to show loading states). */
  apiDelay?: number;
  /** Local-storage entries (the session keys) set before the story renders and removed after. */
  storage?: Record<string, string>;
  /** Shows the router's current URL under the story. */
  showLocation?: boolean;
}

/** The main API envelope around data. */
export const ok = <T>(data: T) => ({ success: true, data, message: [] as string[] });

/** A failed answer with the envelope's messages. */
export const failure = (status: number, ...message: string[]) =>
  new ApiReply(status, { success: false, data: null, message });

/** The API's path prefixes (from the contracts) plus each service's configured base path; other requests (Storybook's own) pass through to the real fetch. */
function apiPrefixes(): string[] {
  const bases = Object.values(runtimeConfig().services).filter((base) => base.startsWith('/'));
  return [...API_PREFIXES, ...bases].map((prefix) => prefix.replace(/\/$/, ''));
}

/** Every request the stub answered since it was installed, oldest first. */
export const apiCalls: ApiRequest[] = [];

interface Candidate {
  method?: string;
  pattern: RegExp;
  names: string[];
  exact: boolean;
  fixture: ApiFixture;
}

function candidates(api: ApiFixtures): Candidate[] {
  return Object.entries(api).map(([key, fixture]) => {
    const [first, second] = key.trim().split(/\s+/);
    const path = second ?? first;
    const names: string[] = [];
    const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return {
      method: second ? first.toUpperCase() : undefined,
      pattern: new RegExp(`^${source}$`),
      names,
      exact: names.length === 0,
      fixture,
    };
  });
}

/** The best fixture for a request: method-specific before any-method, exact paths before patterns. */
function match(
  list: Candidate[],
  method: string,
  path: string,
): { fixture: ApiFixture; params: Record<string, string> } | null {
  const found = list
    .filter((c) => (!c.method || c.method === method) && c.pattern.test(path))
    .sort((a, b) => Number(Boolean(b.method)) - Number(Boolean(a.method)) || Number(b.exact) - Number(a.exact))[0];
  if (!found) return null;
  const values = found.pattern.exec(path)!.slice(1);
  return {
    fixture: found.fixture,
    params: Object.fromEntries(found.names.map((name, i) => [name, decodeURIComponent(values[i])])),
  };
}

function respond(status: number, body: unknown): Response {
  const empty = status === 204 || status === 205 || body === undefined;
  return new Response(empty ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

function wait(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });
}

/**
 * Replaces `window.fetch` so API calls are answered from fixtures, and returns the function that restores it.
 * An API GET without a fixture answers 404 (and warns); a write without one answers success with no data,
 * so forms can be submitted in any story.
 */
export function installFetchStub(api: ApiFixtures, options: { delay?: number } = {}): () => void {
  const original = window.fetch;
  const list = candidates(api);
  const prefixes = apiPrefixes();
  apiCalls.length = 0;
  const stub: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const sameOrigin = url.origin === window.location.origin;
    if (sameOrigin && !prefixes.some((prefix) => url.pathname.startsWith(prefix))) return original(input, init);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const found = match(list, method, url.pathname);
    const request: ApiRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: found?.params ?? {},
      body: text ? JSON.parse(text) : undefined,
    };
    apiCalls.push(request);
    await wait(options.delay ?? 0, init?.signal);
    if (!found) {
      if (method !== 'GET') return respond(200, ok(null));
      console.warn(`[story api] no fixture for ${method} ${url.pathname}`);
      return respond(404, { success: false, data: null, message: [`No story fixture for ${method} ${url.pathname}`] });
    }
    const answer =
      typeof found.fixture === 'function'
        ? await (found.fixture as (r: ApiRequest) => unknown)(request)
        : found.fixture;
    return answer instanceof ApiReply ? respond(answer.status, answer.body) : respond(200, answer);
  };
  window.fetch = stub;
  return () => {
    if (window.fetch === stub) window.fetch = original;
  };
}
