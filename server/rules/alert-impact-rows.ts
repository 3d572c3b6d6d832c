import type { ImpactStart } from '../../schemas/alert-impact';
import { IMPACT_MSG, settingCells } from '../../schemas/alert-impact';
import { isOneOf, isRecord } from '../../schemas/guards';
import { ALERT_TYPES } from '../../schemas/report-schedule';
import type { Scope } from '../repos/scope-repository';
import { alertExtraContext } from '../../schemas/alert-bulk';
import { validRow } from './alert-bulk';
import type { StoredAlertConfig } from './trip-alerts';

/** Refusals named in one answer: enough to mend a sheet, short enough to read. */
const NAMED_ROWS = 10;

/** What a preview proposes, checked: the configurations setAlerts would store, or the refusals in words. */
type Checked = { configs: StoredAlertConfig[] } | { refused: string[] };

/** One proposed alert as a row of the bulk sheet, and how the answer names it when it is refused. */
interface Proposal {
  /** Its row number in the sheet, when it is a sheet's row. */
  row?: number;
  enabled: boolean;
  values: Record<string, unknown>;
  /** Why it is refused before its row is read (its alert is none, its extraContext not the stored list), if it is. */
  refusal?: string;
  /** A refusal as the answer says it: 'Row 3: …', 'Alert over_speeding: …'. */
  named: (message: string) => string;
}

/**
 * Proposed alerts checked as setAlerts checks a sheet's rows, for the scope previewed: each row valid against the
 * sheet's row schema, of the scope's company and branch, one per alert; or the refusals, each named by its proposal.
 */
function checkProposals(
  proposals: readonly Proposal[],
  scope: Pick<Scope, 'companyId' | 'branchId'>,
  more: (n: number) => string,
): Checked {
  const refused: string[] = [];
  const configs: StoredAlertConfig[] = [];
  const seen = new Map<string, number | undefined>();
  for (const { row, enabled, values, refusal, named } of proposals) {
    if (refusal !== undefined) {
      refused.push(named(refusal));
      continue;
    }
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
      refused.push(named(why ?? ''));
      continue;
    }
    seen.set(checked.row.Alert_Name, row);
    configs.push({ featureKey: checked.row.Alert_Name, enabled, extraContext: alertExtraContext(checked.row) });
  }
  if (refused.length === 0) return { configs };
  // At most NAMED_ROWS refusals, then how many more.
  return refused.length > NAMED_ROWS
    ? { refused: [...refused.slice(0, NAMED_ROWS), more(refused.length - NAMED_ROWS)] }
    : { refused };
}

/**
 * The configurations a preview's sheet (or form) rows would save, for the scope previewed: each row checked as
 * setAlerts checks it, of the scope's company and branch, one row per alert; or the refusals, each naming its row and
 * field ('Row 3: longstoppage_l1_short must be a number of 0 or more').
 */
export function configsOfRows(
  rows: NonNullable<ImpactStart['rows']>,
  scope: Pick<Scope, 'companyId' | 'branchId'>,
): Checked {
  return checkProposals(
    rows.map(({ row, enabled, values }) => ({
      row,
      enabled: enabled ?? true,
      values,
      named: (message) => IMPACT_MSG.row(row, message),
    })),
    scope,
    IMPACT_MSG.moreRows,
  );
}

/**
 * The settings of an extraContext as the alerts store it (the text setAlerts writes: a JSON list of one object of
 * settings; an empty list has none), or null when it is anything else.
 */
function storedSettings(extraContext: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(extraContext);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > 1) return null;
  if (parsed.length === 0) return {};
  return isRecord(parsed[0]) ? parsed[0] : null;
}

/**
 * The configurations a preview proposes in the stored shape ({featureKey, enabled, extraContext}), checked by the same
 * rules as the sheet's rows: the featureKey an alert type, the extraContext the JSON list the alerts store, and its
 * settings read back as the sheet's row that stores them ({@link settingCells}) valid as setAlerts takes it, of the
 * scope, one configuration per alert. Each proposes what setAlerts would store; or the refusals, each naming the
 * alert and the field ('Alert over_speeding: Buffer must be a number of 0 or more').
 */
export function configsOfStored(
  configs: NonNullable<ImpactStart['configs']>,
  scope: Pick<Scope, 'companyId' | 'branchId'>,
): Checked {
  const proposals = configs.map(({ featureKey, enabled, extraContext }): Proposal => {
    const named = (message: string) => IMPACT_MSG.config(featureKey, message);
    const settings = storedSettings(extraContext);
    if (!isOneOf(ALERT_TYPES, featureKey)) return { enabled, values: {}, refusal: IMPACT_MSG.alertType, named };
    if (settings === null) return { enabled, values: {}, refusal: IMPACT_MSG.storedList, named };
    return { enabled, values: { ...settingCells(settings), Alert_Name: featureKey }, named };
  });
  return checkProposals(proposals, scope, IMPACT_MSG.moreConfigs);
}
