/**
 * The other side of a comparison in the query string (beside the filter bar's scope), so that a reload, a link or
 * Back opens the same two companies: its company and optional branch, each by id and by the name shown.
 */
export const TARGET_KEYS = {
  companyId: 'compareCompanyId',
  companyName: 'compareCompanyName',
  branchId: 'compareBranchId',
  branchName: 'compareBranchName',
} as const;

/** A side chosen: its id and the name its box shows. */
export interface Chosen {
  value: string;
  label: string;
}

/** The company and branch compared with, as the query string names them (a branch without a company is none). */
export function readTarget(params: URLSearchParams): { company: Chosen | null; branch: Chosen | null } {
  const chosen = (id: string, name: string): Chosen | null => {
    const value = params.get(id);
    return value ? { value, label: params.get(name) || value } : null;
  };
  const company = chosen(TARGET_KEYS.companyId, TARGET_KEYS.companyName);
  return { company, branch: company && chosen(TARGET_KEYS.branchId, TARGET_KEYS.branchName) };
}

/**
 * The query string with the company and branch compared with: a new company clears the branch (a branch is of one
 * company); null removes them. The other keys (the filter bar's scope) are kept.
 */
export function writeTarget(
  params: URLSearchParams,
  change: { company: Chosen | null } | { branch: Chosen | null },
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (id: string, name: string, chosen: Chosen | null) => {
    if (chosen) {
      next.set(id, chosen.value);
      next.set(name, chosen.label);
    } else {
      next.delete(id);
      next.delete(name);
    }
  };
  if ('company' in change) {
    set(TARGET_KEYS.companyId, TARGET_KEYS.companyName, change.company);
    set(TARGET_KEYS.branchId, TARGET_KEYS.branchName, null);
  } else set(TARGET_KEYS.branchId, TARGET_KEYS.branchName, change.branch);
  return next;
}
