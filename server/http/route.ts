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
  type ScopeSource,
} from '../../schemas/api/contract';
import type { Scope } from '../repos/scope-repository';
import type { Expected } from '../repos/versioned';
import { successSchema } from '../../schemas/api/envelopes';
import { SERVICE_BASES } from '../../schemas/api/services';
import { dataErrorHandler, type DataEnvelope } from './data-envelope';
import type { Envelope } from './envelope';

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
export type ReplyOf<C extends Contract> =
  unknown extends DataOf<C>
    ? unknown
    : C['envelope'] extends 'main'
      ? Envelope<DataOf<C>> & MetaOf<C>
      : C['envelope'] extends 'data'
        ? DataEnvelope<DataOf<C>>
        : C['envelope'] extends 'value'
          ? { value: DataOf<C> }
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
    handler: handler as RouteOptions['handler'],
    ...(call.bodyLimit && { bodyLimit: call.bodyLimit }),
    ...(call.envelope === 'data' && { errorHandler: dataErrorHandler }),
  };
  app.route(options);
}
