import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { combinedName, type Scope, type ScopeKey } from '../../engine/scope/scope';
import { RemoteSearch } from './RemoteSearch';
import { fetchDepartments, searchBranches, searchCompanies, type Department } from './lookups';

/** The scope keys one party (the main one, or the related party) writes. */
export const MAIN_KEYS = {
  companyId: 'companyId', companyName: 'companyName', companyType: 'companyType', combinedName: 'combinedName',
  branchId: 'branchId', branchName: 'branchName', departmentId: 'departmentId', departmentName: 'departmentName',
} as const satisfies Record<string, ScopeKey>;

export const RELATED_KEYS = {
  companyId: 'relatedCompanyId', companyName: 'relatedCompanyName', companyType: undefined, combinedName: 'relatedCombinedName',
  branchId: 'relatedBranchId', branchName: 'relatedBranchName', departmentId: 'relatedDepartmentId', departmentName: 'relatedDepartmentName',
} as const;

type Keys = { [K in keyof typeof MAIN_KEYS]: ScopeKey | undefined };

/** Company search, branch search and department dropdown of one party. */
export function PartySelectors({ scope, select, keys, disabled, prefix = '' }: { scope: Scope; select: (change: Scope) => void; keys: Keys; disabled: boolean; prefix?: string }) {
  const companyId = scope[keys.companyId!];
  const branchId = scope[keys.branchId!];
  const [departments, setDepartments] = useState<Department[]>([]);

  useEffect(() => {
    let live = true;
    if (companyId && branchId) fetchDepartments(companyId, branchId).then((d) => live && setDepartments(d));
    else setDepartments([]);
    return () => {
      live = false;
    };
  }, [companyId, branchId]);

  const set = (pairs: [ScopeKey | undefined, string | undefined][]) =>
    select(Object.fromEntries(pairs.filter(([k]) => k).map(([k, v]) => [k, v ?? ''])) as Scope);

  return (
    <>
      <RemoteSearch
        ariaLabel={`${prefix}Company`}
        placeholder={`${prefix}Company`}
        disabled={disabled}
        value={companyId ? { value: companyId, label: scope[keys.combinedName!] ?? scope[keys.companyName!] ?? companyId } : undefined}
        search={searchCompanies}
        onSelect={(option) =>
          set([
            [keys.companyId, option?.value],
            [keys.companyName, option?.item.name],
            [keys.companyType, option?.item.type],
            [keys.combinedName, option ? combinedName(option.item.name, option.item.type) : undefined],
          ])
        }
      />
      <RemoteSearch
        ariaLabel={`${prefix}Branch`}
        placeholder={`${prefix}Branch`}
        disabled={disabled || !companyId}
        value={branchId ? { value: branchId, label: scope[keys.branchName!] ?? branchId } : undefined}
        search={(q) => searchBranches(companyId!, q)}
        onSelect={(option) => set([[keys.branchId, option?.value], [keys.branchName, option?.label]])}
        width={200}
      />
      <Select
        aria-label={`${prefix}Department`}
        placeholder={`${prefix}Department`}
        allowClear
        disabled={disabled || !branchId}
        value={scope[keys.departmentId!]}
        options={departments.map((d) => ({ value: String(d.old_department_id), label: d.name }))}
        onChange={(value?: string) => set([[keys.departmentId, value], [keys.departmentName, departments.find((d) => String(d.old_department_id) === value)?.name]])}
        style={{ width: 180 }}
      />
    </>
  );
}
