import { alertExtraContext, type AlertCellValue } from '../../schemas/alert-bulk';
import { PROPOSAL_MAX_ITEMS, type ProposalItem } from '../../schemas/proposal';
import { alerts } from '../../schemas/resources/alerts';

/** A bulk row (the alert form's, or a sheet row's) as a proposal's new alert config: its alert, on, its settings. */
export function alertCreateItem(row: Readonly<Record<string, AlertCellValue | undefined>>): ProposalItem {
  return {
    resource: alerts.name,
    action: 'create',
    body: { featureKey: String(row.Alert_Name ?? ''), enabled: true, extraContext: alertExtraContext(row) },
  };
}

/**
 * A sheet's rows as one proposal's new alert configs of company `companyId`, or why they cannot be (a row of another
 * company: a proposal changes one company; more rows than a proposal holds).
 */
export function alertRowItems(
  rows: readonly { row: number; values: Readonly<Record<string, AlertCellValue | undefined>> }[],
  companyId: string | undefined,
): ProposalItem[] | string {
  if (rows.length === 0) return 'The sheet has no rows to propose';
  if (rows.length > PROPOSAL_MAX_ITEMS) return `A proposal holds at most ${PROPOSAL_MAX_ITEMS} rows: split the sheet`;
  const other = rows.find(({ values }) => String(values.CompanyId ?? '') !== companyId);
  if (other)
    return `Row ${other.row} is for company ${String(other.values.CompanyId ?? '')}: a proposal changes the company chosen above only`;
  return rows.map(({ values }) => alertCreateItem(values));
}
