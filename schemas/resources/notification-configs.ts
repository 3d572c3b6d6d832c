import { NOTIFICATION_PAYLOAD_FIELDS as F } from '../notification-config';
import { defineResource } from '../resource';

/**
 * A notification configuration in words, and what matches it across companies: its event and mode, and the user,
 * group or related company it is for.
 */
const NOTIFICATION_ITEM = `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`;

/** A JSON object of a mode's fields, as stored. */
const modeFields = { type: 'object', maxProperties: 64 } as const;

/**
 * A scope's notification configurations (spec 002 sections 2.4, 3, 5 and 7): one per event and mode of a company,
 * branch or department, or of a user or group, possibly for a related company; its mode's fields kept as `settings`,
 * its passwords and auth keys as `secrets` (logged as a digest only). The declaration gives the audit, Compare and
 * Copy and the home screen's count; the spec shapes the calls beyond the call builders (the notification service's
 * `{value}` answers, scope ids in the query, a save that creates or updates, a test send through the outbound gate),
 * so they are written in schemas/api/notifications.ts and server/routes/notification-configs.ts; the list and form
 * are screens/notification-config*.ts.
 */
export const notificationConfigs = defineResource({
  name: 'notifications',
  objectType: 'notification_config',
  table: 'notification_configs',
  noun: 'notification configuration',
  plural: 'notification configurations',
  title: 'Notification configurations',
  path: '/notification',
  screen: '/configuration-list',
  screenFile: true,
  reach: 'department',
  stamps: 'timestamps',
  api: { calls: [] },
  fields: {
    eventId: { column: 'event_id', label: 'Event', sql: 'integer', required: true, schema: F.eventId },
    mode: { column: 'mode', label: 'Mode', sql: 'text', required: true, schema: F.mode },
    isEnabled: { column: 'is_enabled', label: 'Enabled', sql: 'boolean', default: true, schema: { type: 'boolean' } },
    settings: { column: 'settings', label: 'Settings', sql: 'json', schema: modeFields },
    secrets: { column: 'secrets', label: 'Secrets', sql: 'json', digest: true, schema: modeFields },
    userId: { column: 'user_id', label: 'User', sql: 'bigint', schema: F.userId },
    groupId: { column: 'group_id', label: 'Group', sql: 'bigint', schema: F.groupId },
    relatedCompanyId: {
      column: 'related_company_id',
      label: 'Related company',
      sql: 'text',
      schema: F.relatedCompanyId,
    },
    relatedBranchId: { column: 'related_branch_id', label: 'Related branch', sql: 'text', schema: F.relatedBranchId },
    relatedDepartmentId: {
      column: 'related_department_id',
      label: 'Related department',
      sql: 'text',
      schema: F.relatedDepartmentId,
    },
  },
  naturalKey: ['eventId', 'mode', 'userId', 'groupId', 'relatedCompanyId', 'relatedBranchId', 'relatedDepartmentId'],
  label: ['eventId', 'mode'],
  labelSql:
    "coalesce((select e.name from notification_events e where e.id = t.event_id), t.event_id::text) || ' · ' || t.mode",
  refs: { event_id: 'event', user_id: 'user', related_company_id: 'company' },
  compare: true,
  compareBy: { keyWords: 'event and mode', key: NOTIFICATION_ITEM, label: NOTIFICATION_ITEM },
});
