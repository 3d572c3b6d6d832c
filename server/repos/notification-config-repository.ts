import type { NotificationConfigListRow } from '../../schemas/api/notifications';
import type { NotificationMode } from '../../schemas/notification-config';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** The configurations' versioned writes (If-Match). */
const versioned = versionedTable('notification_configs');

/** The scope columns of a configuration, as stored (ids as text, user and group as numbers); null = none. */
export interface NotificationConfigScope {
  companyId: string | null;
  branchId: string | null;
  departmentId: string | null;
  userId: number | null;
  groupId: number | null;
  relatedCompanyId: string | null;
  relatedBranchId: string | null;
  relatedDepartmentId: string | null;
}

/** A stored configuration. */
export interface StoredNotificationConfig {
  id: number;
  scope: NotificationConfigScope;
  eventId: number;
  eventName: string;
  mode: NotificationMode;
  isEnabled: boolean;
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  version: number;
}

interface Row {
  id: number;
  company_id: string | null;
  branch_id: string | null;
  department_id: string | null;
  user_id: string | number | null;
  group_id: string | number | null;
  related_company_id: string | null;
  related_branch_id: string | null;
  related_department_id: string | null;
  event_id: number;
  event_name: string;
  mode: NotificationMode;
  is_enabled: boolean;
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
  version: number;
}

const num = (value: string | number | null) => (value === null ? null : Number(value));

const fromRow = (r: Row): StoredNotificationConfig => ({
  id: r.id,
  scope: {
    companyId: r.company_id,
    branchId: r.branch_id,
    departmentId: r.department_id,
    userId: num(r.user_id),
    groupId: num(r.group_id),
    relatedCompanyId: r.related_company_id,
    relatedBranchId: r.related_branch_id,
    relatedDepartmentId: r.related_department_id,
  },
  eventId: r.event_id,
  eventName: r.event_name,
  mode: r.mode,
  isEnabled: r.is_enabled,
  settings: r.settings,
  secrets: r.secrets,
  version: r.version,
});

const SELECT = `select c.*, e.name as event_name from notification_configs c join notification_events e on e.id = c.event_id`;

/** The scope columns' values in table order (the unique index's columns). */
const scopeValues = (s: NotificationConfigScope) => [
  s.companyId,
  s.branchId,
  s.departmentId,
  s.userId,
  s.groupId,
  s.relatedCompanyId,
  s.relatedBranchId,
  s.relatedDepartmentId,
];

/**
 * The condition "exactly this scope" on parameters $first..$first+7 (null matches null), written as the unique
 * index's expressions (migration 110), so a lookup of one scope is an index probe, not a scan of the company's rows.
 */
const sameScope = (first: number) =>
  [
    ['company_id', "''", 'text'],
    ['branch_id', "''", 'text'],
    ['department_id', "''", 'text'],
    ['user_id', '0', 'bigint'],
    ['group_id', '0', 'bigint'],
    ['related_company_id', "''", 'text'],
    ['related_branch_id', "''", 'text'],
    ['related_department_id', "''", 'text'],
  ]
    .map(([col, none, type], i) => `coalesce(c.${col}, ${none}) = coalesce($${first + i}::${type}, ${none})`)
    .join(' and ');

/** SQL of notification configurations (API.md "Notification configuration"). */
export const notificationConfigRepository = {
  /** One configuration by id, whoever it belongs to (callers check the scope). */
  async byId(q: Queryable, id: number): Promise<StoredNotificationConfig | null> {
    const row = await q.one<Row>(`${SELECT} where c.id = $1`, [id]);
    return row && fromRow(row);
  },

  /** The configuration of exactly this scope, event and mode, if any. */
  async find(
    q: Queryable,
    scope: NotificationConfigScope,
    eventId: number,
    mode: NotificationMode,
  ): Promise<StoredNotificationConfig | null> {
    const row = await q.one<Row>(`${SELECT} where ${sameScope(1)} and c.event_id = $9 and c.mode = $10`, [
      ...scopeValues(scope),
      eventId,
      mode,
    ]);
    return row && fromRow(row);
  },

  /** The configurations of exactly this scope (the list of /configuration-list), by event name and mode. */
  async list(q: Queryable, scope: NotificationConfigScope): Promise<NotificationConfigListRow[]> {
    const rows = await q.query<Row>(
      `${SELECT} where ${sameScope(1)} order by lower(e.name), c.mode, c.id`,
      scopeValues(scope),
    );
    return rows.map((r) => ({
      customerConfigId: r.id,
      eventName: r.event_name,
      isEnabled: r.is_enabled,
      mode: r.mode,
    }));
  },

  /** Stores a new configuration; its id. The unique index refuses a second one of the same scope, event and mode. */
  async insert(
    q: Queryable,
    scope: NotificationConfigScope,
    eventId: number,
    mode: NotificationMode,
    settings: object,
    secrets: object,
    by: string | null,
  ): Promise<{ id: number; version: number }> {
    const row = await q.one<{ id: number; version: number }>(
      `insert into notification_configs (company_id, branch_id, department_id, user_id, group_id, related_company_id, related_branch_id,
         related_department_id, event_id, mode, settings, secrets, created_by, updated_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) returning id, version`,
      [...scopeValues(scope), eventId, mode, JSON.stringify(settings), JSON.stringify(secrets), by],
    );
    return row!;
  },

  /**
   * Replaces a configuration's mode fields while it still has one of the `expected` versions (null: any); its new
   * version (or the refusal thrown).
   */
  async update(
    q: Queryable,
    id: number,
    settings: object,
    secrets: object,
    by: string | null,
    expected: Expected = null,
  ): Promise<number> {
    const set = 'settings = $3, secrets = $4, updated_by = $5, updated_at = now()';
    const values = [JSON.stringify(settings), JSON.stringify(secrets), by];
    return (await versioned.update(q, { key: id, expected, set, values })).version;
  },

  /** Flips a configuration's enabled flag while it has one of the `expected` versions (null: any), or throws the refusal. */
  async toggle(
    q: Queryable,
    id: number,
    by: string | null,
    expected: Expected = null,
  ): Promise<{ isEnabled: boolean; version: number }> {
    const set = 'is_enabled = not is_enabled, updated_by = $3, updated_at = now()';
    const returning = 'is_enabled as "isEnabled", version';
    return versioned.update(q, { key: id, expected, set, values: [by], returning });
  },
};
