import { callEndpoint, endpoint } from '../../engine/data/endpoint';
import { companyCalls } from '../../schemas/api/company';
import { combinedName } from '../../engine/scope/scope';
import type { SearchOption } from './RemoteSearch';

export interface Company { id: string; name: string; type: 'CONSIGNOR' | 'TRANSPORTER' }
export interface Branch { old_branch_id: string; name: string }
export interface Department { id: string; old_department_id: string; name: string }
export interface Partner { id: string; name: string; cbdt?: { c?: string } }

/** Company search: options named 'Name (TYPE)'. */
export async function searchCompanies(q: string): Promise<SearchOption<Company>[]> {
  const result = await callEndpoint<Company[]>(endpoint(companyCalls.companySearch), { query: { q } });
  return (result.ok ? result.data ?? [] : []).map((c) => ({ value: c.id, label: combinedName(c.name, c.type), item: c }));
}

/** Branch search within a company. */
export async function searchBranches(cId: string, q: string): Promise<SearchOption<Branch>[]> {
  const result = await callEndpoint<Branch[]>(endpoint(companyCalls.branchSearch), { query: { cId, q } });
  return (result.ok ? result.data ?? [] : []).map((b) => ({ value: String(b.old_branch_id), label: b.name, item: b }));
}

/** Departments of a branch. */
export async function fetchDepartments(cId: string, bId: string): Promise<Department[]> {
  const result = await callEndpoint<Department[]>(endpoint(companyCalls.departments), { query: { cId, bId } });
  return result.ok ? result.data ?? [] : [];
}

/** Consignors of a transporter company; null when the call failed. */
export async function fetchConsignors(c: string): Promise<Partner[] | null> {
  const result = await callEndpoint<Partner[]>(endpoint(companyCalls.partners), { query: { c, t: 'TRANSPORTER', pt: 'CONSIGNOR' } });
  return result.ok ? result.data ?? [] : null;
}
