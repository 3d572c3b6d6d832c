import {
  ALERT_COLUMNS, ALERT_SHEET_TEXT, UNKNOWN_COLUMN, alertBulkRowSchema, type AlertBulkResult, type AlertBulkRow,
} from '../../schemas/alert-bulk';
import { newId } from '../http/ids';
import { check } from '../http/validation';
import { alertConfigRepository as alerts } from '../repos/alert-config-repository';
import { inSavepoint } from '../repos/savepoint';
import type { Queryable, Store } from '../store/store';

/** What a row that would have been saved says when another row of an all-or-none upload failed. */
export const NOT_SAVED = 'Not saved: another row failed';

/** A row's own failure (unknown company or branch, an existing config): reported in its status, not thrown further. */
class RowError extends Error {}

/** A failed all-or-none upload: thrown out of its transaction to roll it back, carrying the per-row answers. */
class BatchRolledBack extends Error {
  constructor(readonly results: AlertBulkResult[]) {
    super('alert upload rolled back');
  }
}

/** Columns kept outside extraContext: the scope, the alert itself and the ticket flag (which goes to `ticketing`). */
const NOT_SETTINGS = new Set(['CompanyId', 'branchId', 'Alert_Name', 'enable_ticket']);

/** `longstoppage_l1_short` and the like: grouped per level as `longstoppage_l1: {short, mid, long}`. */
const STOPPAGE_THRESHOLD = /^(longstoppage_l[123])_(short|mid|long)$/;

/**
 * The extraContext text of a row, in the seed's shape: one element holding the ticket flag, every other given
 * setting in column order, and the long-stoppage thresholds grouped per level (only those given).
 */
export function alertExtraContext(row: AlertBulkRow): string {
  const first: Record<string, unknown> = { ticketing: { raise_ticket: row.enable_ticket ?? false } };
  for (const [key] of ALERT_COLUMNS) {
    const value = row[key];
    if (value === undefined || NOT_SETTINGS.has(key)) continue;
    const threshold = STOPPAGE_THRESHOLD.exec(key);
    if (threshold) {
      const [, level, size] = threshold;
      first[level] = { ...(first[level] as Record<string, unknown> | undefined), [size]: value };
    } else {
      first[key] = value;
    }
  }
  return JSON.stringify([first]);
}

/** PostgreSQL's unique_violation: another request stored the same config between our check and our insert. */
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/** The row's message for a failure while saving it; anything else than a row failure is thrown on (a 500). */
function rowFailure(err: unknown): string {
  if (err instanceof RowError) return err.message;
  if (isUniqueViolation(err)) return ALERT_SHEET_TEXT.exists;
  throw err;
}

/** Checks the row's company, branch and uniqueness, then stores it enabled; the new config's id. */
async function insertAlertRow(q: Queryable, row: AlertBulkRow): Promise<string> {
  const companyId = row.CompanyId;
  const branchId = row.branchId === undefined ? null : String(row.branchId);
  if (!(await alerts.hasCompany(q, companyId))) throw new RowError(`Company ${companyId} not found`);
  if (branchId && !(await alerts.hasBranch(q, companyId, branchId))) {
    throw new RowError(`Branch ${branchId} not found for company ${companyId}`);
  }
  if (await alerts.isTaken(q, companyId, branchId, row.Alert_Name)) throw new RowError(ALERT_SHEET_TEXT.exists);
  const id = newId('alc');
  await alerts.insert(q, { id, companyId, branchId, featureKey: row.Alert_Name, extraContext: alertExtraContext(row) });
  return id;
}

const KNOWN_COLUMNS = new Set(ALERT_COLUMNS.map(([key]) => key));

/** The row's schema messages joined for its status cell (unknown columns named), or the valid row. */
function validRow(row: unknown): { row: AlertBulkRow } | { message: string } {
  const errors = check(alertBulkRowSchema, row);
  if (!errors.length) return { row: row as AlertBulkRow };
  const unknown = row && typeof row === 'object' ? Object.keys(row).filter((key) => !KNOWN_COLUMNS.has(key)) : [];
  return { message: errors.map((e) => (e === UNKNOWN_COLUMN && unknown.length ? `${UNKNOWN_COLUMN}: ${unknown.join(', ')}` : e)).join('; ') };
}

const saved = (index: number, id: string, row: AlertBulkRow): AlertBulkResult => ({ index, status: 'Success', id, companyId: row.CompanyId });
const refused = (index: number, message: string): AlertBulkResult => ({ index, status: 'Error', message });

/** One row's answer: refused when it breaks a rule, else saved by `insert` (whose failure refuses the row). */
async function answerRow(index: number, raw: unknown, insert: (row: AlertBulkRow) => Promise<string>): Promise<AlertBulkResult> {
  const valid = validRow(raw);
  if ('message' in valid) return refused(index, valid.message);
  try {
    return saved(index, await insert(valid.row), valid.row);
  } catch (err) {
    return refused(index, rowFailure(err));
  }
}

/** Each row in its own transaction: a failing row loses nothing stored before it and stops nothing after it. */
async function saveEach(store: Store, rows: unknown[]): Promise<AlertBulkResult[]> {
  const results: AlertBulkResult[] = [];
  for (const [index, raw] of rows.entries()) {
    results.push(await answerRow(index, raw, (row) => store.tx((q) => insertAlertRow(q, row))));
  }
  return results;
}

/**
 * All rows in one transaction; each row under a savepoint, so a failing insert leaves the transaction usable
 * and every row still gets its own answer. Any failure rolls everything back, and the rows that would have
 * been saved say {@link NOT_SAVED}.
 */
async function saveAll(store: Store, rows: unknown[]): Promise<AlertBulkResult[]> {
  try {
    return await store.tx(async (q) => {
      const results: AlertBulkResult[] = [];
      for (const [index, raw] of rows.entries()) {
        results.push(await answerRow(index, raw, (row) => inSavepoint(q, 'alert_row', () => insertAlertRow(q, row))));
      }
      if (results.some((r) => r.status === 'Error')) throw new BatchRolledBack(results);
      return results;
    });
  } catch (err) {
    if (!(err instanceof BatchRolledBack)) throw err;
    return err.results.map((r) => (r.status === 'Success' ? refused(r.index, NOT_SAVED) : r));
  }
}

/** The upload's message: the companies saved for, else 'already exists' if that stopped a row, else the first row's reason. */
export function alertBulkMessage(results: AlertBulkResult[]): string {
  const companies = [...new Set(results.flatMap((r) => (r.status === 'Success' ? [r.companyId] : [])))];
  if (companies.length) return ALERT_SHEET_TEXT.success(companies);
  const reasons = results.flatMap((r) => (r.status === 'Error' && r.message !== NOT_SAVED ? [r.message] : []));
  return reasons.includes(ALERT_SHEET_TEXT.exists) ? ALERT_SHEET_TEXT.exists : (reasons[0] ?? '');
}

/**
 * setAlerts (spec 001 sections 2.1, 3 and 7): validates and stores each bulk row, one by one or all or none,
 * and answers one {@link AlertBulkResult} per row in the body's order.
 */
export function saveAlertRows(store: Store, rows: unknown[], allOrNone: boolean): Promise<AlertBulkResult[]> {
  return allOrNone ? saveAll(store, rows) : saveEach(store, rows);
}
