import { declareAudited, type AuditedTable } from './declaration';

/**
 * A notification configuration in words, and what matches it across companies: its event and mode, and the user,
 * group or related company it is for.
 */
const NOTIFICATION_ITEM = `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`;

/** The settings' audited tables: notification configurations (consignees are a declared resource). */
export const SETTINGS_TABLES = {
  notification_config: declareAudited({
    objectType: 'notification_config',
    refs: { event_id: 'event', user_id: 'user', related_company_id: 'company' },
    table: 'notification_configs',
    words: {
      event_id: 'Event',
      mode: 'Mode',
      is_enabled: 'Enabled',
      settings: 'Settings',
      secrets: 'Secrets',
      user_id: 'User',
      group_id: 'Group',
      related_company_id: 'Related company',
      related_branch_id: 'Related branch',
      related_department_id: 'Related department',
    },
    name: 'Notification configuration',
    plural: 'notification configurations',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    digests: ['secrets'],
    label:
      "coalesce((select e.name from notification_events e where e.id = t.event_id), t.event_id::text) || ' · ' || t.mode",
    fields: { event_id: 'event', mode: 'mode' },
    versioned: true,
    compare: [
      {
        name: 'notifications',
        title: 'Notification configurations',
        keyWords: 'event and mode',
        key: NOTIFICATION_ITEM,
        label: NOTIFICATION_ITEM,
        departments: true,
      },
    ],
  }),
} as const satisfies Record<string, AuditedTable>;
