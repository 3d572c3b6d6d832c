import { ApiError } from '../http/envelope';
import type { ScopeQuery } from '../../schemas/scope';
import type { Queryable } from '../store/store';
import { resolveScope } from './scope-repository';

/**
 * Whether `c`, `b` and `d` name a company and, when given, a branch of it and a department of that branch: what
 * {@link resolveScope} checks, as a yes or no instead of its 404 (for rules, which answer no HTTP themselves).
 */
export async function scopeInReach(q: Queryable, params: Pick<ScopeQuery, 'c' | 'b' | 'd'>): Promise<boolean> {
  try {
    await resolveScope(q, params);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

/**
 * The other scope of a call that spans two (a comparison's right side, a copy's source): resolved by the same rule as
 * a call's own scope (404 for an unknown company, or a branch not of it); a department is not part of it.
 */
export const otherScope = (q: Queryable, params: { c: string; b?: string | null }) =>
  resolveScope(q, { c: params.c, b: params.b ?? undefined });
