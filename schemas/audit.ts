import type { FromSchema } from 'json-schema-to-ts';
import { audited } from './audited';
import { idField } from './messages';
import { scopeQuerySchema } from './scope';
import type { AuditEntry } from './api/audit';

/** An object type as the Audit Log names it: its declaration's name (schemas/audited.ts), else its key in words. */
export function auditObjectName(type: string): string {
  const words = type.replaceAll('_', ' ');
  return audited(type)?.name ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** Columns every scoped table may have, in words. */
const SCOPE_WORDS: Readonly<Record<string, string>> = { branch_id: 'Branch', department_id: 'Department' };

/** A key of a stored document in words: `longstoppage_l1` → 'longstoppage l1'. */
const keyInWords = (key: string) => key.replaceAll('_', ' ');

/**
 * A changed field as the Audit Log names it: its column in its declaration's words (schemas/audited.ts `words`; a
 * declared resource's field labels), then the path inside a stored document, each key in words, list positions left
 * out: `extra_context[0].longstoppage_l1.long` of an alert → 'Settings › longstoppage l1 › long'.
 */
export function fieldInWords(objectType: string, path: string): string {
  const [column, ...inside] = path
    .split('.')
    .flatMap((part) => part.split(/\[\d+\]/))
    .filter(Boolean);
  const words = audited(objectType)?.words?.[column] ?? SCOPE_WORDS[column];
  const first = words ?? keyInWords(column).charAt(0).toUpperCase() + keyInWords(column).slice(1);
  return [first, ...inside.map(keyInWords)].join(' › ');
}

/**
 * A change as the Audit Log lists it: its field in words, and for a column the audit keeps only as a digest (secrets,
 * logos: schemas/audited.ts `digests`) no hash but that it was set, changed or removed.
 */
export function loggedChange(
  objectType: string,
  change: { field: string; before: string | null; after: string | null },
): { field: string; label: string; before: string | null; after: string | null } {
  const label = fieldInWords(objectType, change.field);
  const column = change.field.split(/[.[]/, 1)[0];
  if (!audited(objectType)?.digests?.includes(column)) return { ...change, label };
  return {
    field: change.field,
    label,
    before: change.before === null ? null : 'secret (not shown)',
    after: change.after === null ? null : change.before === null ? 'secret set' : 'secret changed',
  };
}

/** How an object type is written: the lower-case key a trigger records (`route_master`). */
export const AUDIT_OBJECT_TYPE = /^[a-z][a-z_]*$/;

/** What happened to the object. */
export const AUDIT_ACTIONS = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;

/**
 * Where an entry came from, in words (the Audit Log's Provenance): 'Copied from Tata Steel Limited · Jamshedpur by
 * Priya Sharma', 'Revert of entry 123 by …', 'Revert of a change set by …'; empty for an entry of no change set.
 */
export function auditProvenance({ provenance, userName }: Pick<AuditEntry, 'provenance' | 'userName'>): string {
  if (!provenance) return '';
  const by = ` by ${userName ?? 'System'}`;
  const { kind, source, reverts, proposal } = provenance;
  if (kind === 'proposal') return `Applied proposal '${proposal?.title ?? ''}'${by}`;
  if (kind === 'copy')
    return `Copied from ${source ? [source.companyName, source.branchName].filter(Boolean).join(' · ') : 'another company'}${by}`;
  return `${typeof reverts?.entry === 'number' ? `Revert of entry ${reverts.entry}` : 'Revert of a change set'}${by}`;
}

/** Texts of the audit log's query. */
export const AUDIT_MSG = {
  type: 'Object type must be one of the audited kinds',
  from: 'From must be a time in milliseconds since 1970',
  to: 'To must be a time in milliseconds since 1970',
  range: 'From must not be after To',
  page: 'Page must be a whole number from 1 to 100000',
  size: 'Size must be a whole number from 1 to 100',
  search: 'The search must be at most 100 characters',
} as const;

/** The latest time a date filter may name: the end of year 9999, in epoch milliseconds. */
const LAST_MS = 253_402_300_799_999;

const epochMs = (message: string) =>
  ({ type: 'integer', minimum: 0, maximum: LAST_MS, errorMessage: message }) as const;

/**
 * GET audit log: the company scope (c, and b for one branch), the filters (user id, object type, a time range in
 * epoch milliseconds, both ends included), a search (`q`: who, the call, the object, its record before or after) and
 * the page (from 1) of `size` entries, newest first.
 */
export const auditListQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    user: idField('User'),
    type: { type: 'string', maxLength: 32, pattern: AUDIT_OBJECT_TYPE.source, errorMessage: AUDIT_MSG.type },
    from: epochMs(AUDIT_MSG.from),
    to: epochMs(AUDIT_MSG.to),
    q: { type: 'string', maxLength: 100, errorMessage: AUDIT_MSG.search },
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: AUDIT_MSG.page },
    size: { type: 'integer', minimum: 1, maximum: 100, default: 20, errorMessage: AUDIT_MSG.size },
  },
} as const;

export type AuditListQuery = FromSchema<typeof auditListQuerySchema>;

/** An entry of the audit log, one changed field of it and one page, as the list call answers them (schemas/api/audit.ts). */
export type { AuditChange, AuditEntry, AuditPage, AuditProvenance } from './api/audit';
