import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { scopeQuerySchema, type ScopeQuery } from '../../schemas/scope';
import { ok } from '../http/envelope';
import { resolveScope, type Scope } from '../http/scope';
import type { AppContext } from '../context';

/**
 * The entity id of a scope: derived, not stored, so it is the same on every instance and after every restart.
 * Branch-level ids start with BRH (spec 002: "ids beginning with BRH are branches, others are companies").
 */
export function fteidOf(scope: Scope): string {
  const key = [scope.companyId, scope.branchId ?? '', scope.departmentId ?? ''].join('/');
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16).toUpperCase();
  return `${scope.branchId ? 'BRH' : 'CMP'}${digest}`;
}

/** `GET /v1/company/get-fteid?c&b&d` → `{fteid}`. */
export async function fteidRoutes(app: FastifyInstance, { store }: AppContext) {
  app.get<{ Querystring: ScopeQuery }>(
    '/v1/company/get-fteid',
    { schema: { querystring: scopeQuerySchema } },
    async ({ query }) => ok({ fteid: fteidOf(await resolveScope(store, query)) }),
  );
}
