import { PROPOSAL_MSG } from '../../schemas/proposal';
import { alerts as alertsResource } from '../../schemas/resources/alerts';
import { reviewAreaRepository } from '../repos/review-area-repository';
import {
  ALERT_COLUMNS,
  ALERT_SHEET_TEXT,
  UNKNOWN_COLUMN,
  alertBulkRowSchema,
  alertExtraContext,
  type AlertBulkResult,
  type AlertBulkRow,
} from '../../schemas/alert-bulk';
import { newId } from '../http/ids';
import { check } from '../http/validation';
import {
  alertConfigRepository as alerts,
  type AlertInsert,
  type NewAlertConfig,
} from '../repos/alert-config-repository';
import type { Queryable, Store } from '../store/store';
import { saveBulk, type IndexedRow, type RowOutcome } from './bulk-rows';

const KNOWN_COLUMNS = new Set(ALERT_COLUMNS.map(([key]) => key));

/** How many unknown columns a row's message names, and how much of each name: the answer never echoes a body back. */
const NAMED_COLUMNS = 5;
const NAME_SHOWN = 40;

/** The first few unknown column names, each cut short, then how many more there are. */
function namedColumns(names: string[]): string {
  const shown = names
    .slice(0, NAMED_COLUMNS)
    .map((name) => (name.length > NAME_SHOWN ? `${name.slice(0, NAME_SHOWN)}…` : name));
  return names.length > NAMED_COLUMNS
    ? `${shown.join(', ')} and ${names.length - NAMED_COLUMNS} more`
    : shown.join(', ');
}

/**
 * Whether {@link alertBulkRowSchema} found nothing wrong with a row: it is then an AlertBulkRow (the type built from
 * the same columns and cell schemas, which FromSchema cannot read).
 */
const accepted = (row: unknown, errors: readonly string[]): row is AlertBulkRow => errors.length === 0;

/** The row's schema messages joined for its status cell (unknown columns named), or the valid row. */
export function validRow(row: unknown): { row: AlertBulkRow } | { message: string } {
  const errors = check(alertBulkRowSchema, row);
  if (accepted(row, errors)) return { row };
  const unknown = row && typeof row === 'object' ? Object.keys(row).filter((key) => !KNOWN_COLUMNS.has(key)) : [];
  return {
    message: errors
      .map((e) => (e === UNKNOWN_COLUMN && unknown.length ? `${UNKNOWN_COLUMN}: ${namedColumns(unknown)}` : e))
      .join('; '),
  };
}

/** A saved row's new config and the company it is for. */
type SavedAlert = { id: string; companyId: string };

/** The scope and alert of a row: one config per company (or branch) and alert. */
const configKey = (config: NewAlertConfig) => JSON.stringify([config.companyId, config.branchId, config.featureKey]);

/** A row's answer from what storing its config came to; `repeat`: an earlier row of the call named the same config. */
function rowOutcome(config: NewAlertConfig, stored: AlertInsert, repeat: boolean): RowOutcome<SavedAlert> {
  if (!stored.companyFound) return { refused: `Company ${config.companyId} not found` };
  if (!stored.branchFound) return { refused: `Branch ${config.branchId} not found for company ${config.companyId}` };
  return stored.saved && !repeat
    ? { saved: { id: config.id, companyId: config.companyId } }
    : { refused: ALERT_SHEET_TEXT.exists };
}

/**
 * Stores the rows' configs in one statement. A config named again later in the call is stored once: the repeat
 * answers as the first did, 'already exists' when that one was saved, as a row by row upload would.
 */
async function storeAlertRows(q: Queryable, all: IndexedRow<AlertBulkRow>[]): Promise<RowOutcome<SavedAlert>[]> {
  // A company that reviews its alert settings (issue 39) has them proposed, not uploaded: its rows are refused.
  const reviewed = await reviewAreaRepository.companiesRequiring(
    q,
    alertsResource.name,
    all.map(({ row }) => row.CompanyId),
  );
  const rows = all.filter(({ row }) => !reviewed.has(row.CompanyId));
  const stored = await storeUnreviewed(q, rows);
  const refused = { refused: PROPOSAL_MSG.reviewRequired(alertsResource.title) };
  let next = 0;
  return all.map(({ row }) => (reviewed.has(row.CompanyId) ? refused : stored[next++]));
}

/** Stores rows of companies that do not review their alert settings. */
async function storeUnreviewed(q: Queryable, rows: IndexedRow<AlertBulkRow>[]): Promise<RowOutcome<SavedAlert>[]> {
  if (rows.length === 0) return [];
  const configs = rows.map(
    ({ row }): NewAlertConfig => ({
      id: newId('alc'),
      companyId: row.CompanyId,
      branchId: row.branchId === undefined ? null : String(row.branchId),
      featureKey: row.Alert_Name,
      extraContext: alertExtraContext(row),
    }),
  );
  const first = new Map<string, number>();
  const unique: NewAlertConfig[] = [];
  const slot = configs.map((config) => {
    const key = configKey(config);
    if (!first.has(key)) first.set(key, unique.push(config) - 1);
    return first.get(key)!;
  });
  const stored = await alerts.insertMany(q, unique);
  return configs.map((config, i) => rowOutcome(config, stored[slot[i]], unique[slot[i]] !== config));
}

/** As answered: saved with its id and company, or refused with the reason. */
function asResult(index: number, outcome: RowOutcome<SavedAlert>): AlertBulkResult {
  return 'refused' in outcome
    ? { index, status: 'Error', message: outcome.refused }
    : { index, status: 'Success', ...outcome.saved };
}

/** The upload's message: the companies saved for, else 'already exists' if that stopped a row, else the first row's reason. */
export function alertBulkMessage(results: AlertBulkResult[]): string {
  const companies = [...new Set(results.flatMap((r) => (r.status === 'Success' && r.companyId ? [r.companyId] : [])))];
  if (companies.length) return ALERT_SHEET_TEXT.success(companies);
  const reasons = results.flatMap((r) => (r.status === 'Error' && r.message ? [r.message] : []));
  return reasons.includes(ALERT_SHEET_TEXT.exists) ? ALERT_SHEET_TEXT.exists : (reasons[0] ?? '');
}

/** Rows stored by one statement (in its own transaction unless all or none). */
const ALERT_CHUNK = 100;

/**
 * setAlerts (spec 001 sections 2.1, 3 and 7): validates and stores each bulk row, answering one
 * {@link AlertBulkResult} per row in the body's order. allOrNone: nothing is stored when a row fails, and the call
 * answers 400 naming the failed rows (see {@link saveBulk}).
 */
export async function saveAlertRows(store: Store, rows: unknown[], allOrNone: boolean): Promise<AlertBulkResult[]> {
  const outcomes = await saveBulk(store, rows, allOrNone, {
    read: (raw) => {
      const valid = validRow(raw);
      return 'message' in valid ? { refused: valid.message } : valid;
    },
    store: storeAlertRows,
    duplicate: ALERT_SHEET_TEXT.exists,
    chunk: ALERT_CHUNK,
  });
  return outcomes.map((outcome, index) => asResult(index, outcome));
}
