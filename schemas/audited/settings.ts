import { declareAudited, type AuditedTable, PLACE_WORDS } from './declaration';

/**
 * A notification configuration in words, and what matches it across companies: its event and mode, and the user,
 * group or related company it is for.
 */
const NOTIFICATION_ITEM = `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`;

/** The settings' audited tables: consignees, notification configurations, feature settings, ETA preferences, AP configs and entity configs. */
export const SETTINGS_TABLES = {
  consignee: declareAudited({
    objectType: 'consignee',
    refs: { partner_id: 'company', cp_id: 'place' },
    table: 'consignees',
    keptCount: true,
    words: {
      code: 'Consignee code',
      name: 'Consignee name',
      type: 'Type',
      phone: 'Mobile number',
      email: 'Email',
      ...PLACE_WORDS,
    },
    name: 'Consignee',
    plural: 'consignees',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    label: "coalesce(nullif(t.name, ''), t.code)",
    fields: { code: 'code', cp_id: 'place id' },
    versioned: true,
  }),
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
  feature_setting: declareAudited({
    objectType: 'feature_setting',
    table: 'feature_settings',
    words: { feature: 'Feature', extra_context: 'Settings' },
    name: 'Feature setting',
    plural: 'feature settings',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label:
      "case t.feature when 'map_view' then 'Map view' when 'tripAlerts' then 'Last mile threshold' else t.feature end",
    fields: { feature: 'feature' },
    compare: [
      {
        name: 'mapView',
        title: 'Map view',
        keyWords: 'feature',
        key: 't.feature',
        label: "'Map view'",
        departments: true,
        where: "t.feature = 'map_view'",
      },
      {
        name: 'lastMile',
        title: 'Last mile threshold',
        keyWords: 'feature',
        key: 't.feature',
        label: "'Last mile threshold'",
        departments: true,
        where: "t.feature = 'tripAlerts'",
      },
    ],
  }),
  eta_preference: declareAudited({
    objectType: 'eta_preference',
    table: 'eta_preferences',
    words: { engine_setting: 'ETA engine setting' },
    name: 'ETA preferences',
    plural: 'ETA preferences',
    key: ['company_id'],
    id: 'company_id',
    tenant: 'company_id',
    label: "'ETA preferences'",
    compare: [
      {
        name: 'eta',
        title: 'ETA preferences',
        keyWords: 'the company (one per company)',
        key: "'eta'",
        label: "'ETA engines'",
      },
    ],
  }),
  entity_config: declareAudited({
    objectType: 'entity_config',
    table: 'entity_configs',
    words: { config_key: 'Setting', value: 'Value' },
    name: 'Entity config',
    plural: 'entity configs',
    key: ['id'],
    id: 'id',
    tenant: 'company_id',
    branch: ['branch_id'],
    label: 't.config_key',
    fields: { config_key: 'key' },
  }),
} as const satisfies Record<string, AuditedTable>;
