import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Owned, ScopeSource } from '../../schemas/api/contract';
import { PROPOSAL_MSG } from '../../schemas/proposal';
import { ALL_RESOURCES } from '../../schemas/resources';
import { reviewAreaRepository } from '../repos/review-area-repository';
import { ensureOwned, resolveScope, type Scope } from '../repos/scope-repository';
import type { Store } from '../store/store';
import type { Expected } from '../repos/versioned';
import { idText } from './data-envelope';
import { ApiError } from './envelope';
import { expectedVersions } from './etag';

declare module 'fastify' {
  interface FastifyRequest {
    /** The scope the call acts in, resolved before its handler runs when its contract names one (`scope`). */
    scope: Scope | null;
    /** The versions a versioned call's If-Match expects (`versioned` contracts); null: no condition. */
    expected: Expected;
  }
}

/** A declared resource's title by its name (the name itself for none). */
const titleOf = (name: string) => ALL_RESOURCES.find((resource) => resource.name === name)?.title ?? name;

/** The value at `name` of an object, when it is one. */
const valueAt = (holder: unknown, name: string): unknown =>
  holder && typeof holder === 'object' && Object.hasOwn(holder, name)
    ? Object.getOwnPropertyDescriptor(holder, name)?.value
    : undefined;

/** Where a contract names the request's values: its path parameters, query or body. */
function partOf(request: FastifyRequest, part: string): unknown {
  return part === 'params' ? request.params : part === 'query' ? request.query : request.body;
}

/** The id at `owned.id` (`params.id`, `body.vehicleId`) of the request, as text; null when it names none. */
function idOf(request: FastifyRequest, owned: Owned): string | null {
  const dot = owned.id.indexOf('.');
  return idText(valueAt(partOf(request, owned.id.slice(0, dot)), owned.id.slice(dot + 1)));
}

/** The scope's ids as the request names them where `source` says (numbers or texts; blank: not chosen). */
function scopeIds(request: FastifyRequest, source: ScopeSource) {
  const holder = partOf(request, source.in);
  const at = (name: string | undefined) =>
    name === undefined ? undefined : (idText(valueAt(holder, name)) ?? undefined);
  return { c: at(source.c) ?? '', b: at(source.b), d: at(source.d) };
}

/**
 * The one place a call's scope, ownership and version condition are read (API.md "Branch scope", "Lost updates"): for
 * a route whose contract names a `scope`, resolves it (404 for an unknown company, or a branch or department not of
 * it), then checks that every record it `owns` by an id the request names is within the scope's reach (404
 * otherwise), and hands the scope to the handler as `request.scope`; for a `versioned` call, hands its If-Match over as
 * `request.expected`, read when the handler first asks (400 when malformed). Runs after the credentials and the schemas, before the handler.
 */
export function scopeHook(store: Store): preHandlerAsyncHookHandler {
  return async (request) => {
    const call = request.routeOptions.config.contract;
    if (call?.scope) {
      const scope = await resolveScope(store, scopeIds(request, call.scope));
      for (const owned of call.owns ?? []) {
        const id = idOf(request, owned);
        if (id !== null) await ensureOwned(store, owned.aggregate, id, scope);
      }
      request.scope = scope;
      // A write of an area its company reviews is proposed instead (issue 39): refused here, whatever sent it.
      if (
        call.area &&
        request.method !== 'GET' &&
        (await reviewAreaRepository.requires(store, scope.companyId, call.area))
      )
        throw new ApiError(409, [PROPOSAL_MSG.reviewRequired(titleOf(call.area))]);
    }
    // Read when the handler asks (the update path of a save that also creates): a create ignores If-Match, even a
    // malformed one (API.md "Lost updates").
    Object.defineProperty(request, 'expected', {
      configurable: true,
      get: () => (call?.versioned ? expectedVersions(request) : null),
    });
  };
}
