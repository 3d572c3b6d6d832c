import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { etaBodySchema, etaQuerySchema, featureQuerySchema, mapViewBodySchema, tripAlertsBodySchema } from '../feature-settings';

/** The settings service (spec 002 section 7 "Entity, settings, batches"): answers `{success, data, message[]}`. */
const settings = { service: 'settings', envelope: 'main' } as const;
/** A settings body is small: a few keys of extraContext. */
const SMALL_BODY = 64 * 1024;

/** Map view, last mile threshold (feature permissions) and the ETA engine preferences of a company. */
export const settingsCalls = {
  mapViewAdd: defineCall({ ...settings, id: 'settings.mapViewAdd', method: 'POST', path: '/v1/lego/feature-permission/map_view/add',
    summary: "Saves the scope's map view (join_locations_with_arrow, show_trail)", body: mapViewBodySchema, bodyLimit: SMALL_BODY, answers: { 404: ANSWERS.notFoundInBody } }),
  mapViewGet: defineCall({ ...settings, id: 'settings.mapViewGet', method: 'GET', path: '/v1/lego/feature-permission/map_view/get',
    summary: "The scope's map view records, extraContext as a JSON string", querystring: featureQuerySchema }),
  tripAlertsAdd: defineCall({ ...settings, id: 'settings.tripAlertsAdd', method: 'POST', path: '/v1/lego/feature-permission/tripAlerts/add',
    summary: "Saves the scope's lastMileThreshold; the record's other extraContext keys are kept", body: tripAlertsBodySchema, bodyLimit: SMALL_BODY, answers: { 404: ANSWERS.notFoundInBody } }),
  tripAlertsGet: defineCall({ ...settings, id: 'settings.tripAlertsGet', method: 'GET', path: '/v1/lego/feature-permission/tripAlerts/get',
    summary: "The scope's trip alert settings, extraContext as a JSON string", querystring: featureQuerySchema }),
  etaAdd: defineCall({ ...settings, id: 'settings.etaAdd', method: 'POST', path: '/v1/lego/eta/preferences/add',
    summary: "Saves the company's ETA minDistance and avgSpeed (SpeedBasedTransformer)", body: etaBodySchema, bodyLimit: SMALL_BODY, answers: { 404: ANSWERS.notFoundInBody } }),
  etaGet: defineCall({ ...settings, id: 'settings.etaGet', method: 'GET', path: '/v1/lego/eta/preferences/get',
    summary: "The company's ETA preferences, engineSetting as a JSON string of its engines", querystring: etaQuerySchema }),
};
