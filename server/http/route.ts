import type {} from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { fullPath, type BodyOf, type Contract, type ParamsOf, type QueryOf } from '../../schemas/api/contract';
import { SERVICE_BASES } from '../../schemas/api/services';
import { dataErrorHandler } from './data-envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call a route was registered from (the OpenAPI and route tests read it). */
    contract?: Contract;
  }
}

/** The request a contract's handler receives: query, params and body typed from the contract's schemas. */
export type ContractRequest<C extends Contract> = FastifyRequest<{ Querystring: QueryOf<C>; Params: ParamsOf<C>; Body: BodyOf<C> }>;

/** A contract's handler: what it returns is the answer (already in the call's envelope). */
export type ContractHandler<C extends Contract> = (request: ContractRequest<C>, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers the route of a call from its contract: method, path under the family's base, the schemas that
 * validate (and document) its query, params and body, its body limit, and, for the data family, the error
 * handler that answers every failure in `{status, result}`. Route files call this instead of writing paths.
 */
export function route<C extends Contract>(app: FastifyInstance, call: C, handler: ContractHandler<C>): void {
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
    },
    config: { contract: call },
    handler: handler as RouteOptions['handler'],
    ...(call.bodyLimit && { bodyLimit: call.bodyLimit }),
    ...(call.envelope === 'data' && { errorHandler: dataErrorHandler }),
  };
  app.route(options);
}
