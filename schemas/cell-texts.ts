import type { AuditEntry } from './api/audit';
import { AUDIT_ACTIONS, auditObjectName, auditProvenance, fieldInWords } from './audit';
import { isRecord } from './guards';

/** A path's first part: `origin` of `origin.google.place_id`, `extra_context` of `extra_context[0].emails`. */
const topField = (path: string) => path.split(/[.[]/, 1)[0];

/** Whether a row is an audit log entry as `audit.list` answers it (its action, object type and changes). */
const isAuditEntry = (row: unknown): row is AuditEntry =>
  isRecord(row) &&
  typeof row.action === 'string' &&
  Object.hasOwn(AUDIT_ACTIONS, row.action) &&
  typeof row.objectType === 'string' &&
  Array.isArray(row.changes) &&
  row.changes.every((change) => isRecord(change) && typeof change.field === 'string');

/** A cell text of audit entries: '' for a row that is none. */
const ofAuditEntry =
  (text: (entry: AuditEntry) => string) =>
  (row: unknown): string =>
    isAuditEntry(row) ? text(row) : '';

/**
 * Cells a list derives from its row rather than reads at a path, by name, so that a list's export on the server
 * writes them as the console shows them (a column names one as its `text`).
 */
export const CELL_TEXTS = {
  /** Who, and for a copy or a revert where it came from: 'Copied from Tata Steel Limited by Priya Sharma'. */
  auditUser: ofAuditEntry((entry) => auditProvenance(entry) || (entry.userName ?? 'System')),
  auditAction: ofAuditEntry((entry) => AUDIT_ACTIONS[entry.action]),
  auditObject: ofAuditEntry((entry) => auditObjectName(entry.objectType)),
  /** The object by name, else its id (a record whose declared label reads nothing). */
  auditObjectName: ofAuditEntry((entry) => entry.objectName ?? entry.objectId),
  /**
   * The Changed Fields cell: a change names each changed leaf; a creation or deletion names the record's fields that
   * hold a value (the server leaves out empty ones and bookkeeping), each once, as the leaves are in the row's detail.
   */
  auditChanges: ofAuditEntry((entry) => {
    // Each field in its declaration's words (fieldInWords): a creation or deletion names the columns alone.
    const fields = entry.changes.map((change) => change.field);
    return (entry.action === 'update' ? fields : [...new Set(fields.map(topField))])
      .map((path) => fieldInWords(entry.objectType, path))
      .join(', ');
  }),
} as const satisfies Record<string, (row: unknown) => string>;

/** The name of a cell text. */
export type CellTextName = keyof typeof CELL_TEXTS;

/** Whether `name` is a cell text's. */
export const isCellText = (name: unknown): name is CellTextName =>
  typeof name === 'string' && Object.hasOwn(CELL_TEXTS, name);
