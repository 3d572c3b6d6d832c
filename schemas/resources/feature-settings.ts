import {
  extraContextField,
  FEATURES,
  mapViewContextSchema,
  SETTINGS_BODY_LIMIT,
  SETTINGS_MSG,
  tripAlertsContextSchema,
} from '../feature-settings';
import { defineResource } from '../resource';

/**
 * Feature permissions (spec 002 sections 2.7, 3 and 7, API.md "Settings"): a setting kept per company, branch and
 * department and feature, its `extraContext` a JSON object answered as its text. `map_view` holds the map view's two
 * flags (a save replaces them); `tripAlerts` the last mile threshold, whose save keeps the record's other keys (spec
 * 002 section 3 "Last mile record"). The settings service's calls (`…/map_view/get`, `…/tripAlerts/add`) are built
 * from this; the screens are in screens/settings.ts.
 */
export const featureSettings = defineResource({
  name: 'featureSettings',
  objectType: 'feature_setting',
  table: 'feature_settings',
  noun: 'feature setting',
  plural: 'feature settings',
  title: 'Feature settings',
  path: '/v1/lego/feature-permission',
  reach: 'department',
  stamps: 'timestamps',
  api: {
    prefix: 'settings',
    service: 'settings',
    calls: ['read', 'put'],
    ids: { read: 'featureGet', put: 'featureAdd' },
    paths: { read: ':feature/get', put: ':feature/add' },
    bodyLimit: SETTINGS_BODY_LIMIT,
    ruleMessages: [SETTINGS_MSG.lastMile, SETTINGS_MSG.required],
    setting: {
      byKey: {
        map_view: { fields: { extraContext: mapViewContextSchema } },
        tripAlerts: { fields: { extraContext: tripAlertsContextSchema }, merge: true },
      },
    },
  },
  fields: {
    feature: {
      column: 'feature',
      label: 'Feature',
      sql: 'text',
      required: true,
      schema: {
        type: 'string',
        maxLength: 32,
        enum: FEATURES,
        errorMessage: `The feature must be one of ${FEATURES.join(', ')}`,
      },
    },
    extraContext: {
      column: 'extra_context',
      label: 'Settings',
      sql: 'json',
      required: true,
      requiredMessage: SETTINGS_MSG.extraContext,
      asText: true,
      schema: extraContextField,
    },
  },
  naturalKey: ['feature'],
  label: ['feature'],
  labelSql:
    "case t.feature when 'map_view' then 'Map view' when 'tripAlerts' then 'Last mile threshold' else t.feature end",
  compare: true,
  // Tata Steel's own (1001), kept for the whole company, so that its settings screens open on values.
  seed: [
    {
      company: '1001',
      values: { feature: 'map_view', extraContext: { join_locations_with_arrow: false, show_trail: true } },
    },
    { company: '1001', values: { feature: 'tripAlerts', extraContext: { lastMileThreshold: 10 } } },
  ],
});
