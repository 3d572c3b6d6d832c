import type { ImpactStart } from '../../schemas/alert-impact';
import { IMPACT_MSG } from '../../schemas/alert-impact';
import type { Scope } from '../repos/scope-repository';
import { alertExtraContext, validRow } from './alert-bulk';
import type { StoredAlertConfig } from './trip-alerts';

/** Refusals named in one answer: enough to mend a sheet, short enough to read. */
const NAMED_ROWS = 10;

/**
 * The configurations a preview's sheet (or form) rows would save, for the scope previewed: each row checked as
 * setAlerts checks it, of the scope's company and branch, one row per alert; or the refusals, each naming its row and
 * field ('Row 3: longstoppage_l1_short must be a number of 0 or more').
 */
export function configsOfRows(
  rows: NonNullable<ImpactStart['rows']>,
  scope: Pick<Scope, 'companyId' | 'branchId'>,
): { configs: StoredAlertConfig[] } | { refused: string[] } {
  const refused: string[] = [];
  const configs: StoredAlertConfig[] = [];
  const seen = new Map<string, number | undefined>();
  for (const { row, enabled, values } of rows) {
    // A row without a company is for the company previewed, as the sheet sends it.
    const checked = validRow({ CompanyId: scope.companyId, ...values });
    const why =
      'message' in checked
        ? checked.message
        : checked.row.CompanyId !== scope.companyId
          ? IMPACT_MSG.otherCompany(checked.row.CompanyId)
          : checked.row.branchId !== undefined && String(checked.row.branchId) !== scope.branchId
            ? IMPACT_MSG.otherBranch(String(checked.row.branchId))
            : seen.has(checked.row.Alert_Name)
              ? IMPACT_MSG.repeated(checked.row.Alert_Name, seen.get(checked.row.Alert_Name))
              : null;
    if (why !== null || 'message' in checked) {
      refused.push(IMPACT_MSG.row(row, why ?? ''));
      continue;
    }
    seen.set(checked.row.Alert_Name, row);
    configs.push({
      featureKey: checked.row.Alert_Name,
      enabled: enabled ?? true,
      extraContext: alertExtraContext(checked.row),
    });
  }
  if (refused.length > NAMED_ROWS)
    return { refused: [...refused.slice(0, NAMED_ROWS), `and ${refused.length - NAMED_ROWS} more rows`] };
  return refused.length ? { refused } : { configs };
}
