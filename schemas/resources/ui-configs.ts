import { defineResource, type ResourceRecord, switchField } from '../resource';
import { uiConfigFormSchema } from '../ui-config';

const { properties: form, errorMessage } = uiConfigFormSchema;

/**
 * The alert-and-ticket UI config modules (spec 001 sections 2.2, 3 and 7): per company or branch, one of each module,
 * with the alerts it displays and its switch. The data family's calls (`getAlertTicketUIConfig`, every module of the
 * scope oldest first; `fetchUIConfigById?id=`; `toggleUIConfig` by `customerConfigId`; `updateUIConfig`, a create or
 * an update by the body's `id`, always enabling the module) are built from this; the server's rule checks that each
 * alert is a known alert type (server/rules/resource-rules.ts). The list and form are in screens/alerts.ts.
 */
export const uiConfigs = defineResource({
  name: 'uiConfig',
  objectType: 'ui_config',
  table: 'ui_configs',
  idPrefix: 'uic',
  noun: 'alert UI config',
  plural: 'alert UI configs',
  title: 'Alert and ticket UI config',
  path: '/saas/data/onBoardingAPI',
  screen: '/display-alert-ticket',
  reach: 'branch',
  stamps: 'timestamps',
  api: {
    service: 'data',
    calls: ['list', 'byId', 'toggle', 'save'],
    ids: { save: 'update' },
    paths: {
      list: 'getAlertTicketUIConfig',
      byId: 'fetchUIConfigById',
      toggle: 'toggleUIConfig',
      save: 'updateUIConfig',
    },
    unpaged: true,
    idInQuery: true,
    idMessage: 'Please select a configuration',
    byIdFilters: ['featureKey'],
    toggle: {
      field: 'enabled',
      id: 'customerConfigId',
      on: 'UI config enabled successfully',
      off: 'UI config disabled successfully',
    },
    save: {
      created: 'UI config set successfully for companyIds [ {companyId} ]',
      updated: 'UI config updated successfully',
    },
    idAlso: 'customerConfigId',
    companyInAnswer: true,
    ruleMessages: ['Unknown alert <feature key>'],
  },
  fields: {
    featureKey: {
      column: 'feature_key',
      label: 'Module',
      sql: 'text',
      required: true,
      requiredMessage: errorMessage.required.featureKey,
      schema: form.featureKey,
    },
    extracontext: {
      column: 'extra_context',
      label: 'Alerts',
      sql: 'json',
      answerAs: 'extraContext',
      required: true,
      requiredMessage: errorMessage.required.extracontext,
      schema: form.extracontext,
    },
    // A save always enables the module (spec 001 section 7: "enabled (sent as 1)"); the toggle disables it.
    enabled: {
      ...switchField('enabled', 'Enabled'),
      schema: { type: 'integer', const: 1, default: 1, errorMessage: 'enabled must be 1' },
    },
  },
  naturalKey: ['featureKey'],
  taken: 'UI config already exists for this module',
  label: ['featureKey'],
  order: { field: 'createdAt' },
  compare: true,
  screenFile: true,
  // Tata Steel's alert module for the whole company and Kolkata's ticket module (switched off); both of HUL's.
  seed: [
    {
      id: 'uic_tsl_alerts',
      company: '1001',
      values: {
        featureKey: 'useNeoAlertModule',
        enabled: true,
        extracontext: ['long_stoppage', 'route_deviation', 'untracked', 'ewb_expiry'],
      },
    },
    {
      id: 'uic_tsl_kol_tickets',
      company: '1001',
      branch: '3102',
      values: { featureKey: 'neoTicketModule', enabled: false, extracontext: ['long_stoppage', 'over_speeding'] },
    },
    {
      id: 'uic_hul_alerts',
      company: '1002',
      values: {
        featureKey: 'useNeoAlertModule',
        enabled: true,
        extracontext: ['route_deviation', 'transit_delay', 'temperature_breached'],
      },
    },
    {
      id: 'uic_hul_tickets',
      company: '1002',
      values: {
        featureKey: 'neoTicketModule',
        enabled: true,
        extracontext: ['detention_origin', 'tracking_interrupted'],
      },
    },
  ],
});

/** A module as the calls answer it: its id (again as `customerConfigId`), company, branch and fields. */
export type UiConfig = ResourceRecord<typeof uiConfigs>;
