import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  fullPath,
  type BodyOf,
  type Contract,
  type DataOf,
  type MetaOf,
  type ParamsOf,
  type QueryOf,
  type EnvelopeKind,
  type ScopeSource,
} from '../../schemas/api/contract';
import type { Scope } from '../repos/scope-repository';
import type { Expected } from '../repos/versioned';
import { successSchema } from '../../schemas/api/envelopes';
import { SERVICE_BASES } from '../../schemas/api/services';
import { dataErrorHandler, type DataEnvelope } from './data-envelope';
import type { Envelope } from './envelope';
import { etagOf } from './etag';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call a route was registered from (the OpenAPI and route tests read it). */
    contract?: Contract;
  }
}

/** The request a contract's handler receives: query, params and body typed from the contract's schemas. */
export type ContractRequest<C extends Contract> = FastifyRequest<{
  Querystring: QueryOf<C>;
  Params: ParamsOf<C>;
  Body: BodyOf<C>;
}> &
  (C['scope'] extends ScopeSource ? { scope: Scope } : unknown) &
  (C['versioned'] extends true ? { expected: Expected } : unknown);

/**
 * What a contract's handler returns: its answer in the call's envelope, typed from the contract's `answer` and `meta`
 * (a handler that returns another shape fails the type check), or the reply it has sent itself (a file, a stream).
 */
export type ReplyOf<C extends Contract> = unknown extends DataOf<C> ? unknown : InEnvelope<C['envelope'], C>;

/**
 * An answer in envelope `E` (each of them, for a call built for either: a declared resource's in the main API or the
 * data family).
 */
type InEnvelope<E, C extends Contract> = E extends 'main'
  ? Envelope<AnsweredOf<C>> & MetaOf<C>
  : E extends 'data'
    ? DataEnvelope<AnsweredOf<C>>
    : E extends 'value'
      ? { value: AnsweredOf<C> }
      : AnsweredOf<C>;

/**
 * A record with the version it was read or written at (null: none to send); in a list (a fetch by id in the spec's list
 * shape), the one record's.
 */
type WithVersion<T> = T extends readonly (infer E)[]
  ? (E & { version?: number })[]
  : T extends object
    ? T & { version: number | null }
    : T;
/** The data a handler returns: for a call that sends its record's ETag, the record with its version. */
type AnsweredOf<C extends Contract> = C['etag'] extends true
  ? WithVersion<DataOf<C>>
  : C['versioned'] extends true
    ? WithVersion<DataOf<C>>
    : DataOf<C>;

/** A contract's handler: what it returns is the answer (already in the call's envelope). */
export type ContractHandler<C extends Contract> = (
  request: ContractRequest<C>,
  reply: FastifyReply,
) => Promise<ReplyOf<C> | FastifyReply>;

/**
 * Registers the route of a call from its contract: method, path under the family's base, the schemas that
 * validate (and document) its query, params and body, the schema its success answer is serialized by (unless the
 * contract says why not: `unserialized`), its body limit, and, for the data family, the error handler that answers
 * every failure in `{status, result}`. Route files call this instead of writing paths.
 */
export function route<C extends Contract>(app: FastifyInstance, call: C, handler: ContractHandler<C>): void {
  const success = call.unserialized ? undefined : successSchema(call);
  const options: RouteOptions = {
    method: call.method,
    url: fullPath(call, SERVICE_BASES),
    schema: {
      operationId: call.id,
      summary: call.summary,
      tags: [call.service],
      ...(call.querystring && { querystring: call.querystring }),
      ...(call.params && { params: call.params }),
      ...(call.body && { body: call.body }),
      ...(success && { response: { 200: success } }),
    },
    config: { contract: call },
    handler: (call.etag || call.versioned ? versionAsEtag(call.envelope, handler) : handler) as RouteOptions['handler'],
    ...(call.bodyLimit && { bodyLimit: call.bodyLimit }),
    ...(call.envelope === 'data' && { errorHandler: dataErrorHandler }),
  };
  app.route(options);
}

/**
 * Where an answer of each envelope holds its data: the object that holds it, and under which name. The data family's
 * record is `result.data`, or `result` itself where the spec answers it there (a dashboard read by id).
 */
const DATA_AT: Record<EnvelopeKind, (payload: Record<string, unknown>) => [Record<string, unknown>, string] | null> = {
  main: (payload) => [payload, 'data'],
  data: (payload) => {
    if (!isObject(payload.result)) return null;
    return 'data' in payload.result ? [payload.result, 'data'] : [payload, 'result'];
  },
  value: (payload) => [payload, 'value'],
  none: (payload) => [{ payload }, 'payload'],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The handler of a call whose answer carries its record's version (`etag`, `versioned`): what `handler` returns is
 * answered with the record (or the one record of a list) without `version`, which goes out as the ETag instead. A
 * record without a version (none stored yet) sends none; a reply the handler sent itself goes as it is.
 */
function versionAsEtag<C extends Contract>(envelope: EnvelopeKind, handler: ContractHandler<C>) {
  return async (request: ContractRequest<C>, reply: FastifyReply): Promise<unknown> => {
    const payload: unknown = await handler(request, reply);
    if (payload === reply || !isObject(payload)) return payload;
    const at = DATA_AT[envelope](payload);
    if (!at) return payload;
    const [holder, key] = at;
    const data = holder[key];
    const list = Array.isArray(data) && data.length === 1;
    const record = list ? data[0] : data;
    if (!isObject(record) || !('version' in record)) return payload;
    const { version, ...rest } = record;
    if (typeof version === 'number') reply.header('etag', etagOf(version));
    const answered = { ...holder, [key]: list ? [rest] : rest };
    if (envelope === 'none') return answered.payload;
    return holder === payload ? answered : { ...payload, result: answered };
  };
}
