import { readScope, type Scope, type ScopeKey } from './scope';

/**
 * The keys a desk's remembered scope keeps: the main party only (company, branch, department, consignor). User Id,
 * Group Id and the related party belong to one search on the configuration list, not to the desk's company.
 */
export const REMEMBERED_KEYS = [
  'companyId',
  'companyName',
  'companyType',
  'combinedName',
  'branchId',
  'branchName',
  'departmentId',
  'departmentName',
  'consignorId',
  'consignorName',
] as const satisfies readonly ScopeKey[];

/** The local-storage keys of remembered scopes start with this; Logout keeps them (`clearStorage`). */
export const REMEMBERED_PREFIX = 'lastScope:';

/** The local-storage key of one user's remembered scope. */
export const rememberedKey = (user: string) => `${REMEMBERED_PREFIX}${user}`;

/** The part of a scope a desk remembers, or null when it names no company (nothing to remember). */
export function scopeToRemember(scope: Scope): Scope | null {
  if (!scope.companyId) return null;
  const kept: Scope = {};
  for (const key of REMEMBERED_KEYS) if (scope[key]) kept[key] = scope[key];
  return kept;
}

/** Remembers the company (and branch, department, consignor) `user` works on; a scope of no company is not kept. */
export function rememberScope(storage: Pick<Storage, 'setItem'>, user: string, scope: Scope): void {
  const kept = scopeToRemember(scope);
  if (kept) storage.setItem(rememberedKey(user), new URLSearchParams(kept).toString());
}

/** The scope `user` last worked on at this desk; empty when none was kept (or what was kept is unreadable). */
export function rememberedScope(storage: Pick<Storage, 'getItem'>, user: string): Scope {
  const stored = storage.getItem(rememberedKey(user));
  if (!stored) return {};
  const scope = scopeToRemember(readScope(new URLSearchParams(stored)));
  return scope ?? {};
}
