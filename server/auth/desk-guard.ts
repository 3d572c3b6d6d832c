import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LEGO_PERMISSION, hasPermissions, type PermissionRecord } from '../../schemas/permission-check';
import type { Queryable } from '../store/store';
import { TEXT, fail } from '../http/envelope';
import type { DeskClaims, TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified desk token of an API call (set by the desk guard). */
    desk: DeskClaims;
  }
}

/** The desk token from `Authorization: Bearer <token>` or the `token` header. */
function tokenOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+\S+$/i.test(auth)) return auth.replace(/^Bearer\s+/i, '');
  const header = request.headers.token;
  return typeof header === 'string' && header ? header : null;
}

/**
 * The check every API route runs before anything else (even before the body is parsed and validated, so a
 * caller without access learns nothing): a valid desk token, else 401; masks granting `prm.super.read`
 * (spec 000 section 6, the same function the console uses), else 403.
 */
export function deskGuard(db: Queryable, tokens: TokenService): onRequestHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    const claims = token ? await tokens.verifyDesk(token) : null;
    if (!claims) return reply.code(401).send(fail([TEXT.unauthorized]));
    const records = await db.query<PermissionRecord>('select * from permissions where permission_id = $1', [
      LEGO_PERMISSION,
    ]);
    if (!hasPermissions(claims.masks, records, [LEGO_PERMISSION])) return reply.code(403).send(fail([TEXT.noLego]));
    request.desk = claims;
  };
}
