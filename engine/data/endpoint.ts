import type { JSONSchema } from 'json-schema-to-ts';
import { http, type EnvelopeKind, type HttpResult, type QueryValue } from './http';
import type { ServiceName } from './services';
import type { Contract, DataOf, Method } from '../../schemas/api/contract';
import { filterIdParams, idParams, scopeParams, type Scope } from '../scope/scope';
import { isRecord } from './pick';

/** A call as screen configs declare it: where it goes and which parameters it always carries. */
export interface Endpoint<C extends Contract = Contract> {
  /** The contract it was made from (see {@link endpoint}); the payload mappers' body types come from it. */
  call?: C;
  service?: ServiceName;
  method?: Method;
  /** Path with `:name` placeholders filled from `params`. */
  path: string;
  /** Query values this call always sends (e.g. `t: 'CONSIGNOR'`, `pt: 'TRANSPORTER'`); they win over the scope's. */
  query?: Record<string, QueryValue>;
  /** Whether the company scope (c, b, d, t) is sent; default true. */
  scoped?: boolean;
  /**
   * How the scope is named in the query: the main API's c/b/d/t (default), the data family's
   * companyId/branchId/departmentId, or the notification service's filter ids (company_id... user_id, group_id, related_*).
   */
  scopeNames?: 'cbdt' | 'ids' | 'snake';
  /** The answer's wrapping (default: the main API's). */
  envelope?: EnvelopeKind;
}

/**
 * Whether a value is an endpoint (one a config wrote where the compiler does not follow it, such as a uiSchema's
 * `ui:options`): an object with a path.
 */
export function isEndpoint(value: unknown): value is Endpoint {
  return isRecord(value) && typeof value.path === 'string';
}

/**
 * What a screen adds to a contract: fixed query values, whether the scope is sent (when the contract's default is not
 * wanted), and fixed path parameters (a setting's `:feature`), filled in once.
 */
export type EndpointOptions = Pick<Endpoint, 'query' | 'scoped'> & { params?: Record<string, string> };

/** The names a query takes the company under, by naming: the data family's, the notification service's, the main API's. */
const SCOPE_NAMES = ['companyId', 'company_id', 'c'] as const;

/**
 * The endpoint of a call, from its contract: service, method, path and envelope as declared; the scope is sent
 * under the names the contract declares (its `scope`) or its query takes (companyId/branchId/departmentId,
 * company_id…, else c/b/d/t), when the query takes it; `options` adds fixed query values or path parameters, or
 * overrides that.
 */
export function endpoint<const C extends Contract>(call: C, { params, ...options }: EndpointOptions = {}): Endpoint<C> {
  const query: JSONSchema | undefined = call.querystring;
  const properties = (typeof query === 'object' ? query.properties : undefined) ?? {};
  // The names the contract declares its scope under (`scope.c`), or else the first scope name its query takes:
  // companyId/branchId/departmentId (the data family, the settings service), company_id (the notification service's
  // filters) or c/b/d.
  const named =
    (call.scope?.in === 'query' ? call.scope.c : undefined) ?? SCOPE_NAMES.find((name) => name in properties);
  const scopeNames = named === 'companyId' ? 'ids' : named === 'company_id' ? 'snake' : 'cbdt';
  return {
    call,
    service: call.service,
    method: call.method,
    path: params ? fillPath(call.path, params) : call.path,
    envelope: call.envelope === 'none' ? 'main' : call.envelope,
    scopeNames,
    scoped: (scopeNames === 'ids' ? 'companyId' : scopeNames === 'snake' ? 'company_id' : 'c') in properties,
    ...options,
  };
}

/** What one invocation of an endpoint adds: scope, path parameters, extra query, a body and the If-Match of a save. */
export interface CallInput {
  scope?: Scope;
  params?: Record<string, string | number | undefined>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The ETag the record was read with (see `HttpRequest.ifMatch`). */
  ifMatch?: string;
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
  const names = { ids: idParams, snake: filterIdParams, cbdt: scopeParams } as const;
  const scope = endpoint.scoped === false || !input.scope ? {} : names[endpoint.scopeNames ?? 'cbdt'](input.scope);
  return { ...scope, ...endpoint.query, ...input.query };
}

/**
 * Calls an endpoint through the HTTP helper; its data has the type of the answer its contract declares (`unknown`
 * for an endpoint the engine holds without its contract).
 */
export function callEndpoint<C extends Contract>(
  endpoint: Endpoint<C>,
  input: CallInput = {},
  options: { quiet?: boolean; unnotified?: readonly string[]; signal?: AbortSignal } = {},
): Promise<HttpResult<DataOf<C>>> {
  return http<DataOf<C>>(
    {
      service: endpoint.service,
      method: endpoint.method ?? 'GET',
      path: fillPath(endpoint.path, input.params),
      query: endpointQuery(endpoint, input),
      body: input.body,
      envelope: endpoint.envelope,
      signal: options.signal,
      ifMatch: input.ifMatch,
    },
    { quiet: options.quiet, unnotified: options.unnotified },
  );
}

/** The envelope's own fields: not the fields beside the data (see {@link metaOf}). */
const ENVELOPE_FIELDS = new Set(['success', 'data', 'message', 'value', 'status']);

/**
 * The fields an answer's envelope carries beside its data (a contract's `meta`, e.g. the main API's `total` or
 * `pagination`; inside `result` for the data family), by name; {} when it has none.
 */
export function metaOf(endpoint: Endpoint, body: unknown): Record<string, unknown> {
  const holder =
    endpoint.envelope === 'data' && body && typeof body === 'object' && 'result' in body ? body.result : body;
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return {};
  return Object.fromEntries(Object.entries(holder).filter(([name]) => !ENVELOPE_FIELDS.has(name)));
}
