import { FILTER_FIELDS, type DefinitionFilter } from '../../schemas/report-schedule';
import { filterOperation } from '../../schemas/report-definition';

/**
 * The exception report's alerts and its filters (issue 14; spec 001 section 9). An alert of the report is one alert
 * the trip store computed (server/rules/trip-alerts.ts) on one trip; each filter field of section 9 is read from it
 * as {@link alertField} says, and a field the computed alerts do not have (tickets, assignees, comments) is null.
 */

/** One alert of an exception report, with what the report shows of its trip. Times are epoch ms. */
export interface ReportAlert {
  tripId: string;
  vehicleNumber: string;
  branchId: string | null;
  /** 1 open, 0 closed. */
  tripStatus: number;
  tripStartedAt: number;
  tripCreatedBy: string;
  customerCode: string | null;
  customerName: string | null;
  type: string;
  level: number | null;
  start: number;
  end: number | null;
  value: number;
  unit: string;
  lat: number;
  lng: number;
}

/** Readable names of the alert types (the report's 'Alert' column and the alert_name filter field). */
export const alertName = (type: string): string => {
  const text = type.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The value of a section 9 filter field on an alert (dates as epoch ms, null when the alert has none):
 * alert_type the alert's type, alert_name its readable name, current_escalation_level its level (1 when the alert
 * has no levels), created_at and level_1_escalated_at its start, alert_close_time and closure_time its end,
 * updated_at its end or else its start, alert_status 'CLOSED' or 'OPEN', closure_mechanism 'AUTO' for a closed one
 * (a computed alert closes when its condition ends), created_by the trip's creator, customer_code and customer_name
 * the trip's customer (its parties' customer or consignee), primary_source and last_source null (pings carry their
 * own), and the ticket fields null.
 */
export function alertField(alert: ReportAlert, key: string): string | number | null {
  switch (key) {
    case 'alert_type':
      return alert.type;
    case 'alert_name':
      return alertName(alert.type);
    case 'current_escalation_level':
      return alert.level ?? 1;
    case 'created_at':
    case 'level_1_escalated_at':
      return alert.start;
    case 'alert_close_time':
    case 'closure_time':
      return alert.end;
    case 'updated_at':
      return alert.end ?? alert.start;
    case 'alert_status':
      return alert.end === null ? 'OPEN' : 'CLOSED';
    case 'closure_mechanism':
      return alert.end === null ? null : 'AUTO';
    case 'created_by':
      return alert.tripCreatedBy;
    case 'customer_code':
      return alert.customerCode;
    case 'customer_name':
      return alert.customerName;
    default:
      return null;
  }
}

const MINUTE = 60_000;

/**
 * A filter as a test of one alert, at reference time `now` (the run's due time, or the time of 'Run now'):
 * - date fields: `minutes_diff_lt: n` holds when the date is less than n minutes before `now`, `minutes_diff_gt: n`
 *   when it is more than n minutes before `now`; an alert without the date matches neither.
 * - text fields: `eq`/`ne` compare with one value, `in`/`not_in` with a list (exact text); a missing value is not
 *   equal to anything (so it matches `ne` and `not_in`, never `eq` or `in`).
 * - int fields: `eq`, `ne`, `gt`, `gte`, `lt`, `lte` compare numbers; a missing value matches only `ne`.
 */
export function filterTest(filter: DefinitionFilter, now: number): (alert: ReportAlert) => boolean {
  const { key } = filter;
  // A filter without an operator (checkDefinition refuses one) matches nothing, as an unknown operator does.
  const [operator, operand] = filterOperation(filter) ?? ['', undefined];
  const type = FILTER_FIELDS[key];
  const read = (alert: ReportAlert) => alertField(alert, key);
  if (type === 'date') {
    const limit = Number(operand) * MINUTE;
    if (operator === 'minutes_diff_lt')
      return (a) => {
        const v = read(a);
        return typeof v === 'number' && now - v < limit;
      };
    if (operator === 'minutes_diff_gt')
      return (a) => {
        const v = read(a);
        return typeof v === 'number' && now - v > limit;
      };
  } else if (type === 'text') {
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    if (operator === 'eq') {
      const want = text(operand);
      return (a) => text(read(a)) === want;
    }
    if (operator === 'ne') {
      const want = text(operand);
      return (a) => text(read(a)) !== want;
    }
    const list = new Set((Array.isArray(operand) ? operand : [operand]).map((v) => String(v)));
    if (operator === 'in')
      return (a) => {
        const v = text(read(a));
        return v !== null && list.has(v);
      };
    if (operator === 'not_in')
      return (a) => {
        const v = text(read(a));
        return v === null || !list.has(v);
      };
  } else if (type === 'int') {
    const want = Number(operand);
    const compare: Record<string, (v: number) => boolean> = {
      eq: (v) => v === want,
      ne: (v) => v !== want,
      gt: (v) => v > want,
      gte: (v) => v >= want,
      lt: (v) => v < want,
      lte: (v) => v <= want,
    };
    const test = compare[operator];
    // Not a whole number (checkDefinition refuses one on save): no alert can be compared with it.
    if (test && Number.isInteger(want))
      return (a) => {
        const v = read(a);
        return v === null ? operator === 'ne' : test(Number(v));
      };
  }
  // checkDefinition refuses such a filter on save; a stored one (an older definition) matches nothing.
  return () => false;
}

/** The alerts every filter lets through (all of them without filters). */
export function applyFilters(
  alerts: readonly ReportAlert[],
  filters: readonly DefinitionFilter[] | undefined,
  now: number,
): ReportAlert[] {
  const tests = (filters ?? []).map((f) => filterTest(f, now));
  return tests.length === 0 ? [...alerts] : alerts.filter((a) => tests.every((test) => test(a)));
}
