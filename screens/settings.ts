import { defineForm, defineLocalForm } from '../engine/registry/define';
import { endpoint } from '../engine/data/endpoint';
import type { ConfigContext } from '../engine/types';
import { settingsCalls } from '../schemas/api/settings';
import { epodFormSchema } from '../schemas/epod';
import {
  SETTINGS_MSG,
  etaFormSchema,
  jsonObject,
  lastMileFormSchema,
  mapViewFormSchema,
  speedParams,
} from '../schemas/feature-settings';
import * as registered from './settings.meta';

/** The settings service's calls (spec 002 section 7); reads send the scope as companyId, branchId, departmentId. */
const mapView = { params: { feature: 'map_view' } } as const;
const tripAlerts = { params: { feature: 'tripAlerts' } } as const;
const settingsApi = {
  mapView: endpoint(settingsCalls.featureGet, mapView),
  saveMapView: endpoint(settingsCalls.featureAdd, mapView),
  tripAlerts: endpoint(settingsCalls.featureGet, tripAlerts),
  saveTripAlerts: endpoint(settingsCalls.featureAdd, tripAlerts),
  eta: endpoint(settingsCalls.etaGet),
  saveEta: endpoint(settingsCalls.etaAdd),
};

/** The scope a feature-permission save names, from the query string. */
const scopeBody = ({ scope }: ConfigContext) => ({
  companyId: scope.companyId ?? '',
  branchId: scope.branchId ?? null,
  departmentId: scope.departmentId ?? null,
});
/** The first record of a read's list (none: the form starts empty). */
const first = (data: unknown) => (Array.isArray(data) ? data[0] : undefined);
/** What every settings form shares: the scope's record read again on a scope change, Save, 'Select a company to save'. */
const setting = { companyMessage: SETTINGS_MSG.noCompany, submitLabel: { create: 'Save' } } as const;

/** /utilities/enable-map-view: the two map view flags of the scope. */
export const mapViewForm = defineForm({
  ...registered.mapViewForm,
  ...setting,
  schema: mapViewFormSchema,
  load: {
    endpoint: settingsApi.mapView,
    input: ({ scope }) => ({ scope }),
    pick: first,
    error: SETTINGS_MSG.failed,
    byScope: true,
  },
  toForm: (record: { extraContext?: unknown }) => {
    const flags = jsonObject(record.extraContext);
    return {
      join_locations_with_arrow: flags.join_locations_with_arrow === true,
      show_trail: flags.show_trail === true,
    };
  },
  toSubmission: (form, ctx) => ({
    body: {
      ...scopeBody(ctx),
      extraContext: {
        join_locations_with_arrow: form.join_locations_with_arrow === true,
        show_trail: form.show_trail === true,
      },
    },
  }),
  submit: { create: settingsApi.saveMapView },
  messages: { created: SETTINGS_MSG.saved, createError: SETTINGS_MSG.failed },
});

/** /utilities/last-mile-threshold: lastMileThreshold, sent with the record's other extraContext keys as read. */
export const lastMileForm = defineForm({
  ...registered.lastMileForm,
  ...setting,
  schema: lastMileFormSchema,
  load: {
    endpoint: settingsApi.tripAlerts,
    input: ({ scope }) => ({ scope }),
    pick: first,
    error: SETTINGS_MSG.failedPlain,
    byScope: true,
  },
  toForm: (record: { extraContext?: unknown }) => {
    const threshold = jsonObject(record.extraContext).lastMileThreshold;
    return typeof threshold === 'number' ? { lastMileThreshold: threshold } : {};
  },
  toSubmission: (form, ctx) => ({
    body: {
      ...scopeBody(ctx),
      extraContext: { ...jsonObject(ctx.record?.extraContext), lastMileThreshold: form.lastMileThreshold },
    },
  }),
  submit: { create: settingsApi.saveTripAlerts },
  messages: { created: SETTINGS_MSG.savedCapital, createError: SETTINGS_MSG.failedPlain },
});

/** /utilities/eta-preferences: the SpeedBasedTransformer engine's minimum distance and average speed. */
export const etaForm = defineForm({
  ...registered.etaForm,
  ...setting,
  schema: etaFormSchema,
  load: {
    endpoint: settingsApi.eta,
    input: ({ scope }) => ({ scope }),
    pick: first,
    error: SETTINGS_MSG.failedPlain,
    byScope: true,
  },
  toForm: (record: { engineSetting?: unknown }) => speedParams(record.engineSetting),
  toSubmission: (form, { scope }) => ({
    body: {
      companyId: scope.companyId ?? '',
      engineSetting: { minDistance: form.minDistance, avgSpeed: form.avgSpeed },
    },
  }),
  submit: { create: settingsApi.saveEta },
  messages: { created: SETTINGS_MSG.savedCapital, createError: SETTINGS_MSG.failedPlain },
});

/** /epod-configuration: the local-only EPOD page; its show/hide rules are the schema's conditions. Nothing is saved or sent. */
export const epodForm = defineLocalForm({
  ...registered.epodForm,
  schema: epodFormSchema,
  uiSchema: {
    'ui:order': [
      'epodConsignee',
      'epodDriver',
      'enableOtp',
      'otpMandatory',
      'enableUpload',
      'uploadMandatory',
      'issueTags',
      'callbackRequest',
      'callbackTo',
      'feedback',
      'feedbackTags',
      'smsTimes',
      'xHours',
      'otpActors',
      'statusChange',
      'tripAction',
      'closeAfter',
      '*',
    ],
    enableOtp: { 'ui:widget': 'radio', 'ui:options': { inline: true } },
    enableUpload: { 'ui:widget': 'radio', 'ui:options': { inline: true } },
    issueTags: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
    callbackTo: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
    smsTimes: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
    otpActors: { 'ui:widget': 'checkboxes', 'ui:options': { inline: true } },
    statusChange: { 'ui:widget': 'radio' },
    tripAction: { 'ui:widget': 'radio' },
  },
});
