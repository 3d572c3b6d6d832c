import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import {
  companyCalls,
  type Branch,
  type Company,
  type Department,
  type PartnerAnswer,
} from '../../schemas/api/company';
import { combinedName } from '../../engine/scope/scope';
import type { SearchOption } from './RemoteSearch';

export type { Branch, Company, Department } from '../../schemas/api/company';
/** A consignor of a transporter company (the partners call with pt=CONSIGNOR). */
export type Partner = PartnerAnswer;

/** Company search: options named 'Name (TYPE)'. */
export async function searchCompanies(q: string): Promise<SearchOption<Company>[]> {
  const result = await callEndpoint(endpoint(companyCalls.companySearch), { query: { q } });
  return (result.ok ? (result.data ?? []) : []).map((c) => ({
    value: c.id,
    label: combinedName(c.name, c.type),
    item: c,
  }));
}

/** Branch search within a company. */
export async function searchBranches(cId: string, q: string): Promise<SearchOption<Branch>[]> {
  const result = await callEndpoint(endpoint(companyCalls.branchSearch), { query: { cId, q } });
  return (result.ok ? (result.data ?? []) : []).map((b) => ({
    value: String(b.old_branch_id),
    label: b.name,
    item: b,
  }));
}

/** Departments of a branch. */
export async function fetchDepartments(cId: string, bId: string): Promise<Department[]> {
  const result = await callEndpoint(endpoint(companyCalls.departments), { query: { cId, bId } });
  return result.ok ? (result.data ?? []) : [];
}

/** Consignors of a transporter company; null when the call failed. */
export async function fetchConsignors(c: string): Promise<Partner[] | null> {
  const result = await callEndpoint(endpoint(companyCalls.partners), {
    query: { c, t: 'TRANSPORTER', pt: 'CONSIGNOR' },
  });
  if (!result.ok) return null;
  // With pt=CONSIGNOR the partners are companies, not consignees (which carry a place).
  return (result.data ?? []).filter((row): row is Partner => !('place' in row));
}
