import { engineSettingField, SETTINGS_BODY_LIMIT, SETTINGS_MSG, SPEED_ENGINE } from '../feature-settings';
import { defineResource } from '../resource';

/**
 * A company's ETA engine preferences (spec 002 sections 2.7 and 7, API.md "Settings"): a setting kept once per company,
 * `{engines: [{id, param}]}`, answered as its text. A save sends the SpeedBasedTransformer engine's `minDistance` and
 * `avgSpeed` (at least one); the server's rule (server/rules/resource-rules.ts) puts them in the stored engines, a
 * value not sent keeping the stored one. The settings service's calls (`…/eta/preferences/get`, `…/add`) are built
 * from this; the screen is in screens/settings.ts.
 */
export const etaPreferences = defineResource({
  name: 'etaPreferences',
  objectType: 'eta_preference',
  table: 'eta_preferences',
  noun: 'ETA preference',
  plural: 'ETA preferences',
  title: 'ETA preferences',
  path: '/v1/lego/eta/preferences',
  reach: 'company',
  stamps: 'timestamps',
  noIdColumn: true,
  api: {
    prefix: 'settings',
    service: 'settings',
    calls: ['read', 'put'],
    ids: { read: 'etaGet', put: 'etaAdd' },
    bodyLimit: SETTINGS_BODY_LIMIT,
  },
  fields: {
    engineSetting: {
      column: 'engine_setting',
      label: 'ETA engine setting',
      sql: 'json',
      required: true,
      requiredMessage: SETTINGS_MSG.etaNeedsOne,
      asText: true,
      schema: engineSettingField,
    },
  },
  naturalKey: [],
  label: [],
  labelSql: "'ETA preferences'",
  compare: true,
  // Tata Steel's (1001).
  seed: [
    {
      company: '1001',
      values: { engineSetting: { engines: [{ id: SPEED_ENGINE, param: { minDistance: 50, avgSpeed: 35 } }] } },
    },
  ],
});
