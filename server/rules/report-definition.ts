import type { FromSchema } from 'json-schema-to-ts';
import { DAILY_SUMMARY_CRONS, EXCEPTION_CRONS } from '../../schemas/report-cron';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  REPORT_MSG,
  type ReportType,
  type reportDefinitionSchema,
} from '../../schemas/report-schedule';
import { OutOfReach, RuleRefusal } from './refusal';
import type { Scope } from '../repos/scope-repository';
import { reportScheduleRepository } from '../repos/report-schedule-repository';
import { filterOperation, type StoredDefinition } from '../../schemas/report-definition';
import type { Queryable } from '../store/store';

/** With a branch chosen (`b`), a definition is that branch's: it must carry the same branch_id (spec 001 section 3). */
export const BRANCH_MISMATCH = "The report's branch_id must be the selected branch";
/** An edit keeps a schedule's branch (none: the whole company's): its definition must name the branch it has. */
export const BRANCH_FIXED = "The report's branch_id cannot be changed";

/** The cron choices of each report type (spec 001 section 9). */
const CRONS: Record<ReportType, Set<string>> = {
  DAILY_TRIP_SUMMARY: new Set(DAILY_SUMMARY_CRONS.map((c) => c.cron)),
  ALERT: new Set(EXCEPTION_CRONS.map((c) => c.cron)),
};

/**
 * Rules the schema cannot state: the definition is for the company in the request (and one of its branches; the
 * chosen one when a branch is chosen), the cron is one of the report type's choices, an exception report has its
 * params, a daily summary has neither params nor filters, and each filter's operator fits its field's type.
 * Returns the definition to store (without job_uuid).
 */
export async function checkDefinition(
  q: Queryable,
  type: ReportType,
  definition: FromSchema<typeof reportDefinitionSchema>,
  scope: Pick<Scope, 'companyId' | 'branchId'>,
): Promise<StoredDefinition> {
  const { companyId } = scope;
  if (String(definition.company_id) !== companyId) throw new OutOfReach();
  if (scope.branchId && String(definition.branch_id ?? '') !== scope.branchId) throw new RuleRefusal([BRANCH_MISMATCH]);
  if (
    definition.branch_id !== undefined &&
    !(await reportScheduleRepository.hasBranch(q, companyId, String(definition.branch_id)))
  ) {
    throw new OutOfReach();
  }
  if (!CRONS[type].has(definition.schedule.cron)) throw new RuleRefusal([REPORT_MSG.timings]);
  if (type === 'ALERT' && !definition.params) throw new RuleRefusal([REPORT_MSG.alerts]);
  if (type === 'DAILY_TRIP_SUMMARY' && (definition.params || definition.filters))
    throw new RuleRefusal(['Invalid request']);
  for (const filter of definition.filters ?? []) {
    // The schema gives each filter one operator; one without is refused as an unknown one is.
    const [operator, operand] = filterOperation(filter) ?? ['', undefined];
    const type = FILTER_FIELDS[filter.key];
    if (!FILTER_OPERATORS[type].includes(operator)) throw new RuleRefusal([REPORT_MSG.operator]);
    // Number and date (minutes) fields compare with whole numbers: a text there would make 'Not Equal To' keep everything.
    if (
      type !== 'text' &&
      !Number.isInteger(typeof operand === 'string' && /^-?\d{1,12}$/.test(operand.trim()) ? Number(operand) : operand)
    ) {
      throw new RuleRefusal([REPORT_MSG.filterNumber]);
    }
  }
  const { job_uuid: _job, ...stored } = definition;
  return stored;
}
