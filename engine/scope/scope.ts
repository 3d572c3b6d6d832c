/** Every query-string key of the filter bar (spec 000 section 2.3), in the spec's order. */
export const SCOPE_KEYS = [
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
  'uID',
  'gID',
  'relatedCompanyId',
  'relatedCompanyName',
  'relatedCombinedName',
  'relatedBranchId',
  'relatedBranchName',
  'relatedDepartmentId',
  'relatedDepartmentName',
] as const;

export type ScopeKey = (typeof SCOPE_KEYS)[number];
export type Scope = Partial<Record<ScopeKey, string>>;
export type CompanyType = 'CONSIGNOR' | 'TRANSPORTER';

/** What a change of one selection clears (spec 000 section 2.3: the clearing cascade). */
const CLEARS: Partial<Record<ScopeKey, ScopeKey[]>> = {
  companyId: [
    'companyName',
    'companyType',
    'combinedName',
    'branchId',
    'branchName',
    'departmentId',
    'departmentName',
    'consignorId',
    'consignorName',
    'uID',
    'gID',
  ],
  branchId: ['branchName', 'departmentId', 'departmentName'],
  departmentId: ['departmentName'],
  consignorId: ['consignorName'],
  relatedCompanyId: [
    'relatedCompanyName',
    'relatedCombinedName',
    'relatedBranchId',
    'relatedBranchName',
    'relatedDepartmentId',
    'relatedDepartmentName',
  ],
  relatedBranchId: ['relatedBranchName', 'relatedDepartmentId', 'relatedDepartmentName'],
  relatedDepartmentId: ['relatedDepartmentName'],
};

/** Reads the scope from a query string; unknown keys are ignored. */
export function readScope(params: URLSearchParams): Scope {
  const scope: Scope = {};
  for (const key of SCOPE_KEYS) {
    const value = params.get(key);
    if (value !== null && value !== '') scope[key] = value;
  }
  return scope;
}

/**
 * Applies a selection: the keys given are set (empty values removed) after clearing what the changed
 * selections own. Keys given in the same change are kept, so a company and its name arrive together.
 */
export function applySelection(scope: Scope, change: Scope): Scope {
  const next: Scope = { ...scope };
  const changed = SCOPE_KEYS.filter((key) => Object.hasOwn(change, key));
  for (const key of changed) {
    if (change[key] === scope[key]) continue;
    for (const cleared of CLEARS[key] ?? []) if (!(cleared in change)) delete next[cleared];
  }
  for (const key of changed) {
    const value = change[key];
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}

/** Writes the scope into a query string, keeping any non-scope keys already there. */
export function writeScope(params: URLSearchParams, scope: Scope): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of SCOPE_KEYS) next.delete(key);
  for (const key of SCOPE_KEYS) if (scope[key]) next.set(key, scope[key]!);
  return next;
}

/** The combined name of a company: its name followed by its type in parentheses. */
export function combinedName(name: string, type: string): string {
  return `${name} (${type})`;
}

/** The scope parameters of a call (spec 000 section 7): c, b, d and t (the company type unless a call fixes it). */
export function scopeParams(scope: Scope): Record<string, string | undefined> {
  return {
    c: scope.companyId,
    b: scope.branchId,
    d: scope.departmentId,
    t: scope.companyType,
  };
}

/** The scope as the data family names it (spec 001 section 7): companyId, branchId, departmentId. */
export function idParams(scope: Scope): Record<string, string | undefined> {
  return { companyId: scope.companyId, branchId: scope.branchId, departmentId: scope.departmentId };
}

/**
 * The whole filter bar as the notification service names it (spec 002 section 7): company_id, branch_id,
 * department_id, user_id (uID), group_id (gID) and the related party's ids.
 */
export function filterIdParams(scope: Scope): Record<string, string | undefined> {
  return {
    company_id: scope.companyId,
    branch_id: scope.branchId,
    department_id: scope.departmentId,
    user_id: scope.uID,
    group_id: scope.gID,
    related_company_id: scope.relatedCompanyId,
    related_branch_id: scope.relatedBranchId,
    related_department_id: scope.relatedDepartmentId,
  };
}

/** Filters are read-only on edit pages: the second path segment is edit or edit-notification-config. */
export function isEditPath(pathname: string): boolean {
  const second = pathname.split('/').filter(Boolean)[1] ?? '';
  return (
    second === 'edit' ||
    second === 'edit-notification-config' ||
    /^[^/]+\/[^/]+\/edit$/.test(pathname.replace(/^\//, ''))
  );
}

/** Paths whose filter bar also shows User Id, Group Id and the Related Party block. */
export function hasUserFilters(pathname: string): boolean {
  return pathname === '/configuration-list' || pathname === '/configuration-list/notification-config';
}
