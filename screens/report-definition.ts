import {
  EXCEPTION_FIXED,
  FILTER_FIELDS,
  LIST_OPERATORS,
  type DefinitionFilter,
  type FilterRow,
  type ReportDefinition,
  type ReportScheduleDraft,
} from '../schemas/report-schedule';
import type { Scope } from '../engine/scope/scope';

/** Form data of the daily summary and exception forms. */
export interface ReportForm {
  emails?: string;
  cron?: string;
  alerts?: string[];
  closedMinutes?: number;
  tripHours?: number;
  tripStatus?: number[];
  filters?: FilterRow[];
}

/** The comma-joined recipients, without blanks around each address. */
export const joinEmails = (text = '') => text.split(',').map((e) => e.trim()).filter(Boolean).join(',');

/**
 * The filters to send (spec 001 section 5): only rows with a key, an operator and a non-empty value; for `in` and
 * `not_in` the value is split on commas into a list, for number (int) and date (minutes) fields it is parsed as an integer.
 */
export function buildFilters(rows: FilterRow[] | undefined, fields: Record<string, string> = FILTER_FIELDS): DefinitionFilter[] {
  return (rows ?? []).flatMap((row) => {
    const raw = row.value?.trim();
    if (!row.key || !row.operator || !raw) return [];
    const type = fields[row.key];
    const value = (LIST_OPERATORS as readonly string[]).includes(row.operator)
      ? raw.split(',').map((v) => v.trim()).filter(Boolean)
      : type === 'int' || type === 'date' ? Number.parseInt(raw, 10) : raw;
    return [{ key: row.key, [row.operator]: value }];
  });
}

/** Stored filters back into form rows (lists joined with commas). */
export function filterRows(filters: DefinitionFilter[] | undefined): FilterRow[] {
  return (filters ?? []).map(({ key, ...rest }) => {
    const [operator, value] = Object.entries(rest)[0] ?? [];
    return { key, operator, value: Array.isArray(value) ? value.join(',') : value === undefined ? undefined : String(value) };
  });
}

/** What every definition carries: recipients, the company (and branch when one is chosen) and the daily schedule. */
export function baseDefinition(form: ReportForm, scope: Scope): ReportDefinition {
  return {
    email_recipients: joinEmails(form.emails),
    company_id: scope.companyId!,
    ...(scope.branchId ? { branch_id: scope.branchId } : {}),
    schedule: { cron: form.cron!, type: EXCEPTION_FIXED.scheduleType },
  };
}

/** An exception report's definition: the base plus its params and, when any row is complete, its filters. */
export function exceptionDefinition(form: ReportForm, scope: Scope): ReportDefinition {
  const filters = buildFilters(form.filters);
  return {
    ...baseDefinition(form, scope),
    params: {
      'date.alert.closed.close_time.duration_mins': Number(form.closedMinutes),
      'date.alert.inprogress.start_time.duration_mins': EXCEPTION_FIXED.inProgressMinutes,
      'date.trip.constraint.value': Number(form.tripHours),
      'date.trip.type': EXCEPTION_FIXED.tripType,
      event: form.alerts ?? [],
      format: EXCEPTION_FIXED.format,
      tripStatus: (form.tripStatus ?? []).map(Number),
    },
    ...(filters.length ? { filters } : {}),
  };
}

/** A stored report as form data. */
export function reportToForm(record: ReportScheduleDraft): ReportForm {
  const definition = record.definition;
  if (!definition) return {};
  const params = definition.params;
  return {
    emails: definition.email_recipients,
    cron: definition.schedule?.cron,
    ...(params
      ? {
          alerts: params.event,
          closedMinutes: params['date.alert.closed.close_time.duration_mins'],
          tripHours: params['date.trip.constraint.value'],
          tripStatus: params.tripStatus,
          filters: filterRows(definition.filters),
        }
      : {}),
  };
}
