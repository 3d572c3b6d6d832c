import {
  AUTO_CLOSURE_TEXT as T,
  autoClosureBodySchema,
  autoClosureConfigAnswer,
  autoClosureFormSchema,
} from '../auto-closure';
import { defineResource, switchField } from '../resource';

/** A rule's name in the list: its rule-based subjects, or else its type. */
const NAME_SQL = `coalesce(nullif(case when jsonb_typeof(config -> 'autoClosureRuleSubject') = 'array'
  then (select string_agg(s, ', ') from jsonb_array_elements_text(config -> 'autoClosureRuleSubject') s) end, ''),
  identifier)`;

/**
 * Auto closure rules (spec 001 sections 2.3, 3 and 7): per company or branch, one of each type, the type's fields
 * (section 3's names, rows as parallel arrays) kept as the rule's `config` and answered beside its id, type and switch.
 * The data family's calls (`getAutoClosureList`, every rule of the scope oldest first; `getAutoClosureById?id=`;
 * `toggleAutoClosure` by `customerConfigId`, answering the switch; `createAndUpdateAutoClosure`, a create or, with
 * `edit` and `customerConfigId`, an update, answering the id and the company) are built from this. The server's rule
 * (server/rules/resource-rules.ts) checks the rows, the distance bands, the custom values and that an edit keeps the
 * type, and keeps the type's fields of the body. The list and form are screens/auto-closure.ts.
 */
export const autoClosures = defineResource({
  name: 'autoClosure',
  objectType: 'auto_closure',
  table: 'auto_closure_rules',
  idPrefix: 'acl',
  noun: 'auto closure rule',
  plural: 'auto closure rules',
  title: 'Auto closure',
  path: '/saas/data/autoclosure',
  screen: '/auto-closure',
  reach: 'branch',
  stamps: 'timestamps',
  api: {
    service: 'data',
    calls: ['list', 'byId', 'toggle', 'save'],
    paths: {
      list: 'getAutoClosureList',
      byId: 'getAutoClosureById',
      toggle: 'toggleAutoClosure',
      save: 'createAndUpdateAutoClosure',
    },
    unpaged: true,
    idInQuery: true,
    idMessage: 'Please select a configuration',
    toggle: {
      field: 'active',
      id: 'customerConfigId',
      on: 'Auto closure enabled',
      off: 'Auto closure disabled',
      stateOnly: true,
    },
    save: {
      created: 'Auto Closure set successfully for companyIds [ {companyId} ]',
      updated: 'Auto Closure set successfully for companyIds [ {companyId} ]',
      edit: { flag: 'edit', id: 'customerConfigId' },
      companiesAs: 'companyIds',
    },
    body: autoClosureBodySchema,
    computed: { name: { sql: NAME_SQL, answer: { type: 'string' } } },
    ruleMessages: [T.sameLength, T.bandOrder, T.bandsOverlap, T.customField, T.typeLocked],
  },
  fields: {
    autoClosureType: {
      column: 'identifier',
      label: 'Auto closure type',
      sql: 'text',
      answerAs: 'identifier',
      required: true,
      requiredMessage: T.type,
      schema: autoClosureFormSchema.properties.autoClosureType,
    },
    active: switchField('active', 'Active'),
    config: {
      column: 'config',
      label: 'Rule',
      sql: 'json',
      spread: true,
      answer: autoClosureConfigAnswer,
      schema: { type: 'object', maxProperties: 64 },
    },
  },
  naturalKey: ['autoClosureType'],
  taken: T.exists,
  label: ['autoClosureType'],
  order: { field: 'createdAt' },
  compare: true,
  screenFile: true,
  // Tata Steel's rules of four types (the rule-based one switched off, testing its custom field plant_code); HUL's last
  // mile rule.
  seed: [
    {
      id: 'acl_tsl_on_entry',
      company: '1001',
      values: {
        autoClosureType: 'ON_ENTRY',
        config: { companyName: 'Tata Steel Limited', threshold: 3, geofenceRadiusInMeter: 3000 },
      },
    },
    { id: 'acl_tsl_epod', company: '1001', values: { autoClosureType: 'EPOD', config: { threshold: 5 } } },
    {
      id: 'acl_tsl_sta',
      company: '1001',
      values: {
        autoClosureType: 'STA_BREACH',
        config: {
          loading_time_buffer: 3600,
          unloading_time_buffer: 120,
          minDistance: [0, 500],
          maxDistance: [500, 2000],
          transitTimeBuffers: [7200, 14400],
        },
      },
    },
    {
      id: 'acl_tsl_rule',
      company: '1001',
      values: {
        autoClosureType: 'RULE_BASED',
        active: false,
        config: {
          threshold: 2,
          autoClosureRuleSubject: ['Closed at plant gate'],
          min_time_at_destination: [30],
          min_time_after_destination: [15],
          firstCustomValue: ['custom_values.plant_code'],
          firstCustomOperator: ['=='],
          firstFieldValue: ["'JSR-01'"],
          joinOperator: ['&&'],
          secondCustomValue: ['vehicle_number'],
          secondCustomOperator: ['!='],
          secondFieldValue: ["'JH05AB1234'"],
        },
      },
    },
    {
      id: 'acl_hul_last_mile',
      company: '1002',
      values: { autoClosureType: 'LAST_MILE', config: { lastMileMinutes: 45 } },
    },
  ],
});
