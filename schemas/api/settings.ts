import type { FromSchema } from 'json-schema-to-ts';
import { defineCall, IDS_IN_BODY, IDS_IN_QUERY } from './contract';
import { list, none, shape, str, strOrNull } from './shapes';
import { ANSWERS } from './answers';
import {
  etaBodySchema,
  etaQuerySchema,
  featureQuerySchema,
  mapViewBodySchema,
  tripAlertsBodySchema,
} from '../feature-settings';

/** The settings service (spec 002 section 7 "Entity, settings, batches"): answers `{success, data, message[]}`. */
const settings = { service: 'settings', envelope: 'main' } as const;
/** A feature-permission record of a scope as read: extraContext is the stored JSON object as text, as the spec's server answers it. */
export const featureRecordAnswer = shape({
  companyId: str,
  branchId: strOrNull,
  departmentId: strOrNull,
  extraContext: str,
});
/** A feature-permission record as read. */
export type FeatureRecord = FromSchema<typeof featureRecordAnswer>;

/** The ETA preferences of a company as read: engineSetting is a JSON text of `{engines: [{id, param}]}`. */
export const etaRecordAnswer = shape({ companyId: str, engineSetting: str });
/** The ETA preferences as read. */
export type EtaRecord = FromSchema<typeof etaRecordAnswer>;

/** A settings body is small: a few keys of extraContext. */
const SMALL_BODY = 64 * 1024;

/** Map view, last mile threshold (feature permissions) and the ETA engine preferences of a company. */
export const settingsCalls = {
  mapViewAdd: defineCall({
    ...settings,
    id: 'settings.mapViewAdd',
    method: 'POST',
    path: '/v1/lego/feature-permission/map_view/add',
    summary: "Saves the scope's map view (join_locations_with_arrow, show_trail)",
    body: mapViewBodySchema,
    bodyLimit: SMALL_BODY,
    answers: { 404: ANSWERS.notFoundInBody },
    answer: none,
    scope: IDS_IN_BODY,
  }),
  mapViewGet: defineCall({
    ...settings,
    id: 'settings.mapViewGet',
    method: 'GET',
    path: '/v1/lego/feature-permission/map_view/get',
    summary: "The scope's map view records, extraContext as a JSON string",
    querystring: featureQuerySchema,
    answer: list(featureRecordAnswer),
    scope: IDS_IN_QUERY,
  }),
  tripAlertsAdd: defineCall({
    ...settings,
    id: 'settings.tripAlertsAdd',
    method: 'POST',
    path: '/v1/lego/feature-permission/tripAlerts/add',
    summary: "Saves the scope's lastMileThreshold; the record's other extraContext keys are kept",
    body: tripAlertsBodySchema,
    bodyLimit: SMALL_BODY,
    answers: { 404: ANSWERS.notFoundInBody },
    answer: none,
    scope: IDS_IN_BODY,
  }),
  tripAlertsGet: defineCall({
    ...settings,
    id: 'settings.tripAlertsGet',
    method: 'GET',
    path: '/v1/lego/feature-permission/tripAlerts/get',
    summary: "The scope's trip alert settings, extraContext as a JSON string",
    querystring: featureQuerySchema,
    answer: list(featureRecordAnswer),
    scope: IDS_IN_QUERY,
  }),
  etaAdd: defineCall({
    ...settings,
    id: 'settings.etaAdd',
    method: 'POST',
    path: '/v1/lego/eta/preferences/add',
    summary: "Saves the company's ETA minDistance and avgSpeed (SpeedBasedTransformer)",
    body: etaBodySchema,
    bodyLimit: SMALL_BODY,
    answers: { 404: ANSWERS.notFoundInBody },
    answer: none,
    scope: IDS_IN_BODY,
  }),
  etaGet: defineCall({
    ...settings,
    id: 'settings.etaGet',
    method: 'GET',
    path: '/v1/lego/eta/preferences/get',
    summary: "The company's ETA preferences, engineSetting as a JSON string of its engines",
    querystring: etaQuerySchema,
    answer: list(etaRecordAnswer),
    scope: IDS_IN_QUERY,
  }),
};
