import { http, type EnvelopeKind, type HttpResult, type QueryValue } from './http';
import type { ServiceName } from './services';
import { idParams, scopeParams, type Scope } from '../scope/scope';

/** A call as screen configs declare it: where it goes and which parameters it always carries. */
export interface Endpoint {
  service?: ServiceName;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path with `:name` placeholders filled from `params`. */
  path: string;
  /** Query values this call always sends (e.g. `t: 'CONSIGNOR'`, `pt: 'TRANSPORTER'`); they win over the scope's. */
  query?: Record<string, QueryValue>;
  /** Whether the company scope (c, b, d, t) is sent; default true. */
  scoped?: boolean;
  /** How the scope is named in the query: the main API's c/b/d/t (default) or the data family's companyId/branchId/departmentId. */
  scopeNames?: 'cbdt' | 'ids';
  /** The answer's wrapping (default: the main API's). */
  envelope?: EnvelopeKind;
}

/** Fields of an endpoint to set on top of a family's defaults. */
export type EndpointOptions = Partial<Endpoint>;

/** What one invocation of an endpoint adds: scope, path parameters, extra query and a body. */
export interface CallInput {
  scope?: Scope;
  params?: Record<string, string | number | undefined>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Fills `:name` placeholders; a missing value is an error in the config, so it throws. */
export function fillPath(path: string, params: Record<string, string | number | undefined> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The full query of an invocation: scope first, then the endpoint's fixed values, then the caller's. */
export function endpointQuery(endpoint: Endpoint, input: CallInput): Record<string, QueryValue> {
  const scope = endpoint.scoped === false || !input.scope ? {} : endpoint.scopeNames === 'ids' ? idParams(input.scope) : scopeParams(input.scope);
  return { ...scope, ...endpoint.query, ...input.query };
}

/** Calls an endpoint through the HTTP helper. */
export function callEndpoint<T>(endpoint: Endpoint, input: CallInput = {}, options?: { quiet?: boolean }): Promise<HttpResult<T>> {
  return http<T>(
    {
      service: endpoint.service,
      method: endpoint.method ?? 'GET',
      path: fillPath(endpoint.path, input.params),
      query: endpointQuery(endpoint, input),
      body: input.body,
      envelope: endpoint.envelope,
    },
    options,
  );
}
