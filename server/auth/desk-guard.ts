import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LEGO_PERMISSION, hasPermissions } from '../../schemas/permission-check';
import type { Queryable } from '../store/store';
import { userRepository } from '../repos/user-repository';
import { TEXT, fail } from '../http/envelope';
import type { DeskClaims, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified desk token of an API call (set by the desk guard). */
    desk: DeskClaims;
    /** The user a signed desk token names, before the guard has read the user's state (null until then). */
    signedBy: string | null;
  }
}

/** The desk token from `Authorization: Bearer <token>` or the `token` header. */
export function tokenOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+\S+$/i.test(auth)) return auth.replace(/^Bearer\s+/i, '');
  const header = request.headers.token;
  return typeof header === 'string' && header ? header : null;
}

/**
 * The check every API route whose contract is not `public` runs before anything else (even before the body is parsed and validated, so a
 * caller without access learns nothing), on the user's state of now, read in one query: a valid desk token,
 * not revoked by logout, of a user who exists and is not disabled, else 401; the user's current masks granting
 * `prm.super.read` (spec 000 section 6, the same function the console uses), else 403; the token signed at the
 * user's current token version, else 401 (the masks, desk or e-mail it carries have changed: log in again).
 * Withdrawn access is checked before the version so that the console says why (403) rather than asking for a
 * login that would be refused anyway.
 */
export function deskGuard(db: Queryable, tokens: TokenService): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A call its contract says is public (login, logos, the developer outbox) needs no token.
    if (request.routeOptions.config.contract?.public) return;
    const token = tokenOf(request);
    const claims = token ? await tokens.verifyDesk(token) : null;
    if (!claims) return reply.code(401).send(fail([TEXT.unauthorized]));
    // The guard's own read already counts against the user's share of the database (server/store/fair-store.ts).
    request.signedBy = claims.userId;
    const access = await userRepository.deskAccess(db, claims.userId, claims.tokenId, LEGO_PERMISSION);
    if (!access || access.revoked || access.disabled) return reply.code(401).send(fail([TEXT.unauthorized]));
    const records = access.record ? [access.record] : [];
    if (!hasPermissions(access.masks, records, [LEGO_PERMISSION])) return reply.code(403).send(fail([TEXT.noLego]));
    if (access.token_version !== claims.version) return reply.code(401).send(fail([TEXT.unauthorized]));
    request.desk = { ...claims, masks: access.masks };
  };
}
