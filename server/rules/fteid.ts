import { createHash } from 'node:crypto';
import type { Scope } from '../repos/scope-repository';

/**
 * The entity id of a scope: derived, not stored, so it is the same on every instance and after every restart.
 * Branch-level ids start with BRH (spec 002: "ids beginning with BRH are branches, others are companies").
 */
export function fteidOf(scope: Scope): string {
  const key = [scope.companyId, scope.branchId ?? '', scope.departmentId ?? ''].join('/');
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16).toUpperCase();
  return `${scope.branchId ? 'BRH' : 'CMP'}${digest}`;
}
