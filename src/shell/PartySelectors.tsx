import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { combinedName, type Scope, type ScopeKey } from '../../engine/scope/scope';
import { POPUP_FIT_CONTENT, RemoteSearch, type SearchOption } from './RemoteSearch';
import { fetchDepartments, searchBranches, searchCompanies, type Department } from './lookups';

/**
 * The company box takes the room the filter row has left, from 280 px up to 440 px: at 1280 px the longest
 * usual names ('Hindustan Unilever Limited (CONSIGNOR)') show whole; longer ones end in an ellipsis, with the full
 * name on hover and in the open list.
 */
const COMPANY_BOX = { flex: '1 1 280px', minWidth: 280, maxWidth: 440 } as const;

/** The scope keys one party (the main one, or the related party) writes. */
export const MAIN_KEYS = {
  companyId: 'companyId',
  companyName: 'companyName',
  companyType: 'companyType',
  combinedName: 'combinedName',
  branchId: 'branchId',
  branchName: 'branchName',
  departmentId: 'departmentId',
  departmentName: 'departmentName',
} as const satisfies Record<string, ScopeKey>;

export const RELATED_KEYS = {
  companyId: 'relatedCompanyId',
  companyName: 'relatedCompanyName',
  companyType: undefined,
  combinedName: 'relatedCombinedName',
  branchId: 'relatedBranchId',
  branchName: 'relatedBranchName',
  departmentId: 'relatedDepartmentId',
  departmentName: 'relatedDepartmentName',
} as const;

type Keys = { [K in keyof typeof MAIN_KEYS]: ScopeKey | undefined };

/**
 * The name to show for an id chosen elsewhere (a link carrying only `companyId` or `branchId`): `known` when the
 * query string has it, else the search's match for the id itself, else the id.
 */
function useShownName(
  id: string | undefined,
  known: string | undefined,
  find: (id: string) => Promise<SearchOption<unknown>[]>,
): string | undefined {
  const [found, setFound] = useState<{ id: string; label: string }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `find` is rebuilt on each render: the id and the known name alone decide whether to look
  useEffect(() => {
    if (!id || known) return;
    let live = true;
    find(id).then((options) => {
      const hit = options.find((option) => option.value === id);
      if (live && hit) setFound({ id, label: hit.label });
    });
    return () => {
      live = false;
    };
  }, [id, known]);
  return known ?? (found && found.id === id ? found.label : id);
}

/** Company search, branch search and department dropdown of one party. */
export function PartySelectors({
  scope,
  select,
  keys,
  disabled,
  prefix = '',
}: {
  scope: Scope;
  select: (change: Scope) => void;
  keys: Keys;
  disabled: boolean;
  prefix?: string;
}) {
  const companyId = scope[keys.companyId!];
  const branchId = scope[keys.branchId!];
  const [departments, setDepartments] = useState<Department[]>([]);
  const companyLabel = useShownName(companyId, scope[keys.combinedName!] ?? scope[keys.companyName!], searchCompanies);
  const branchLabel = useShownName(branchId, scope[keys.branchName!], (id) => searchBranches(companyId!, id));

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
        value={companyId ? { value: companyId, label: companyLabel ?? companyId } : undefined}
        search={searchCompanies}
        style={COMPANY_BOX}
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
        value={branchId ? { value: branchId, label: branchLabel ?? branchId } : undefined}
        search={(q) => searchBranches(companyId!, q)}
        onSelect={(option) =>
          set([
            [keys.branchId, option?.value],
            [keys.branchName, option?.label],
          ])
        }
        width={200}
      />
      <Select
        aria-label={`${prefix}Department`}
        placeholder={`${prefix}Department`}
        allowClear
        disabled={disabled || !branchId}
        value={scope[keys.departmentId!]}
        options={departments.map((d) => ({ value: String(d.old_department_id), label: d.name }))}
        onChange={(value?: string) =>
          set([
            [keys.departmentId, value],
            [keys.departmentName, departments.find((d) => String(d.old_department_id) === value)?.name],
          ])
        }
        {...POPUP_FIT_CONTENT}
        style={{ width: 180 }}
      />
    </>
  );
}
