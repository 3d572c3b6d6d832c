import type { FromSchema } from 'json-schema-to-ts';
import { idField } from './messages';
import { scopeQuerySchema } from './scope';

/**
 * The kinds of configuration the audit log records, with the names the Audit Log screen shows. Each is the
 * object type an audit trigger of migration 070_audit_log.sql writes (the server test checks that they agree).
 */
export const AUDIT_OBJECT_TYPES = {
  route: 'Route',
  waypoint: 'Route waypoint',
  route_master: 'Route master',
  vehicle: 'Vehicle',
  material: 'Material',
  place: 'Known place',
  partner: 'Partner link',
  transporter: 'Transporter',
  alert: 'Alert',
  ui_config: 'Alert UI config',
  auto_closure: 'Auto closure',
  custom_field: 'Custom field',
  sidebar_menu: 'Sidebar menu',
  landing_page: 'Landing page',
  dashboard: 'Dashboard',
  report_schedule: 'Report schedule',
  consignee: 'Consignee',
  notification_config: 'Notification configuration',
  ap_config: 'AP config',
  feature_setting: 'Feature setting',
  eta_preference: 'ETA preferences',
  entity_config: 'Entity config',
} as const;

/** An audited object type's key. */
export type AuditObjectType = keyof typeof AUDIT_OBJECT_TYPES;

/** What happened to the object. */
export const AUDIT_ACTIONS = { insert: 'Created', update: 'Changed', delete: 'Deleted' } as const;

/** Texts of the audit log's query. */
export const AUDIT_MSG = {
  type: 'Object type must be one of the audited kinds',
  from: 'From must be a time in milliseconds since 1970',
  to: 'To must be a time in milliseconds since 1970',
  range: 'From must not be after To',
  page: 'Page must be a whole number from 1 to 100000',
  size: 'Size must be a whole number from 1 to 100',
} as const;

/** The latest time a date filter may name: the end of year 9999, in epoch milliseconds. */
const LAST_MS = 253_402_300_799_999;

const epochMs = (message: string) => ({ type: 'integer', minimum: 0, maximum: LAST_MS, errorMessage: message }) as const;

/**
 * GET audit log: the company scope (c, and b for one branch), the filters (user id, object type, a time range in
 * epoch milliseconds, both ends included) and the page (from 1) of `size` entries, newest first.
 */
export const auditListQuerySchema = {
  ...scopeQuerySchema,
  properties: {
    ...scopeQuerySchema.properties,
    user: idField('User'),
    type: { type: 'string', maxLength: 32, enum: Object.keys(AUDIT_OBJECT_TYPES) as AuditObjectType[], errorMessage: AUDIT_MSG.type },
    from: epochMs(AUDIT_MSG.from),
    to: epochMs(AUDIT_MSG.to),
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: AUDIT_MSG.page },
    size: { type: 'integer', minimum: 1, maximum: 100, default: 20, errorMessage: AUDIT_MSG.size },
  },
} as const;

export type AuditListQuery = FromSchema<typeof auditListQuerySchema>;

/** One changed field of an entry: its dotted path in the record, and its value before and after as text (null: none). */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** An entry of the audit log as the list call answers it. */
export interface AuditEntry {
  id: number;
  /** Epoch milliseconds. */
  at: number;
  branchId: string | null;
  userId: string | null;
  /** The user's name, else the e-mail recorded with the change; null for a change made outside the API. */
  userName: string | null;
  userEmail: string | null;
  call: string | null;
  objectType: AuditObjectType;
  objectId: string;
  action: keyof typeof AUDIT_ACTIONS;
  /** The record before and after the change (null where there is none). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The fields that differ, bookkeeping columns (updated_at, updated_by, version) left out. */
  changes: AuditChange[];
}

/** One page of the audit log. */
export interface AuditPage {
  rows: AuditEntry[];
  total: number;
  page: number;
  size: number;
}
