import { ACCESS_KEY } from '../schemas/access-key';
import {
  ALERT_COLUMNS,
  ALERT_SHEET,
  ALERT_SHEET_TEXT,
  toAlertRow,
  type AlertBulkResult,
  type AlertBulkRow,
  type AlertCellValue,
} from '../schemas/alert-bulk';
import { ALERT_FORM_FIELDS, SELECT_ALERT, alertFormSchema, type AlertForm } from '../schemas/alert-form';
import { raisesTicket } from '../schemas/alerts';
import { ALERT_TYPES } from '../schemas/report-schedule';
import { UI_MODULES, uiConfigFormSchema, uiModuleLabel } from '../schemas/ui-config';
import { endpoint } from '../engine/data/endpoint';
import { textAt } from '../engine/data/pick';
import { alertCalls, dataCalls, uiConfigCalls } from '../schemas/api/data';
import { defineForm, defineList, defineSheet } from '../engine/registry/define';
import { formModal } from '../engine/form/parts';
import type { ConfigContext } from '../engine/types';
import type { SheetRowResult } from '../engine/sheet/types';
import * as registered from './alerts.meta';
import { proposeAs } from '../src/changes/proposePart';
import { alertCreateItem } from '../src/changes/alertProposals';
import { alerts } from '../schemas/resources/alerts';

/** The calls of spec 001 sections 2.1 and 2.2. */
export const alertApi = {
  alerts: endpoint(alertCalls.list, { query: { key: ACCESS_KEY } }),
  toggleAlert: endpoint(alertCalls.toggle),
  toggleAlertTickets: endpoint(dataCalls.toggleAlertTickets),
  // Each row carries its own CompanyId and branchId; allOrNone false saves the good rows of a mixed sheet.
  setAlerts: endpoint(dataCalls.setAlerts, { query: { key: ACCESS_KEY, allOrNone: false } }),
  uiConfigs: endpoint(uiConfigCalls.list),
  toggleUiConfig: endpoint(uiConfigCalls.toggle),
  uiConfig: endpoint(uiConfigCalls.byId),
  alertList: endpoint(dataCalls.alertList),
  // The body carries the scope (companyId, branchId), as the spec's call does.
  saveUiConfig: endpoint(uiConfigCalls.save),
};

/** A config without a branch applies to the whole company: said so rather than left blank. */
const companyWide = (row: { branchId: string | null }) => row.branchId ?? 'All branches';

/** The confirmation text of every switch of these screens (spec 001 section 4). */
const confirmText = 'Are you sure want to disable/enable notification/Ticket';

/** /alert-settings: the company's alert configs with their enable and ticket switches, and the way to the bulk sheet. */
export const alertSettingsList = defineList({
  ...registered.alertSettingsList,
  source: alertApi.alerts,
  rowKey: 'id',
  columns: [
    { title: 'Alert Name', field: 'featureKey', sortable: true },
    { title: 'Branch Id', field: 'branchId', value: companyWide, width: 180 },
    {
      title: 'Enabled',
      field: 'enabled',
      kind: 'switch',
      toggle: {
        endpoint: alertApi.toggleAlert,
        input: (row) => ({ body: { alertId: row.id, key: ACCESS_KEY } }),
        confirmText,
        error: 'Error while updating',
      },
    },
    {
      title: 'Ticket',
      field: 'ticket',
      value: (row) => raisesTicket(row.extraContext),
      kind: 'switch',
      toggle: {
        endpoint: alertApi.toggleAlertTickets,
        input: (row) => ({ body: { alertId: row.id, key: ACCESS_KEY } }),
        confirmText,
        error: 'Error while updating',
      },
    },
  ],
  search: { placeholder: 'Search alerts', fields: ['featureKey', 'branchId'] },
  // What the alert's settings would have done to the scope's past trips, tried in place (issue 25).
  rowActions: [
    {
      kind: 'modal',
      label: 'Preview impact',
      component: () => import('../src/impact/RowImpact'),
    },
  ],
  noun: 'alerts',
  emptyText: 'No alert configuration found for the given selection',
  fetchError: 'Error while fetching data',
  headerButtons: [
    { label: 'Add Alert Config', to: '/alert-settings/add' },
    { label: 'Bulk Alert Upload', to: '/alert-settings/upload', primary: true },
  ],
});

/** A filled field of the form (its schema checked the value): text, a number or a yes/no box, not a blank. */
const filled = (entry: [string, unknown]): entry is [string, AlertCellValue] =>
  (typeof entry[1] === 'string' && entry[1] !== '') || typeof entry[1] === 'number' || typeof entry[1] === 'boolean';

/** The form's alert as a one-row upload: its filled fields, for the selected company (and branch). */
const formRow = (form: AlertForm, { scope }: ConfigContext): AlertBulkRow => ({
  ...Object.fromEntries(Object.entries(form).filter(filled)),
  Alert_Name: form.Alert_Name,
  // Never empty: the engine asks for a company before saving.
  CompanyId: scope.companyId ?? '',
  ...(scope.branchId ? { branchId: scope.branchId } : {}),
});

/**
 * /alert-settings/add: one alert configuration for the selected company and branch, saved through setAlerts as a
 * one-row upload (the spec shows the entry point, not its fields; these are the bulk row's).
 */
export const alertForm = defineForm({
  ...registered.alertForm,
  schema: alertFormSchema,
  columns: 3,
  uiSchema: {
    'ui:order': ALERT_FORM_FIELDS,
    Alert_Name: { 'ui:placeholder': 'Select alert name' },
    emailId_level_one: { 'ui:placeholder': 'a@example.com, b@example.com' },
    emailId_level_two: { 'ui:placeholder': 'a@example.com, b@example.com' },
    emailId_level_three: { 'ui:placeholder': 'a@example.com, b@example.com' },
    start_time: { 'ui:placeholder': '22:00' },
    end_time: { 'ui:placeholder': '06:00' },
  },
  toSubmission: (form, ctx) => ({ body: [formRow(form, ctx)] }),
  // The alert as it stands, on the scope's past trips, before it is saved (issue 25).
  parts: [
    formModal<AlertForm>({
      label: 'Preview impact',
      component: () => import('../src/impact/FormImpact'),
    }),
    // Proposed for review instead of submitted (issue 39): the row Submit would send, as a new alert config.
    proposeAs<AlertForm>(
      alerts.name,
      (form, ctx) =>
        form.Alert_Name ? [alertCreateItem(formRow({ ...form, Alert_Name: form.Alert_Name }, ctx))] : SELECT_ALERT,
      'New alert config',
    ),
  ],
  submit: { create: alertApi.setAlerts },
  // The answer of the one row: its message when it was not saved.
  refusal: (data) => (textAt(data, '0.status') === 'Success' ? undefined : textAt(data, '0.message')),
  submitLabel: { create: 'Submit' },
  messages: {
    created: ({ scope }) => ALERT_SHEET_TEXT.success([scope.companyId ?? '']),
    createError: ALERT_SHEET_TEXT.exists,
    preferServer: true,
  },
  after: '/alert-settings',
  back: '/alert-settings',
});

/** /alert-settings/upload: the 37-column bulk alert sheet (spec 001 sections 2.1, 3, 4, 5 and 9). */
export const alertSheet = defineSheet<AlertBulkResult[]>({
  ...registered.alertSheet,
  columns: ALERT_COLUMNS.map(([key]) => ({ key, width: Math.min(Math.max(110, key.length * 8), 320) })),
  maxRows: ALERT_SHEET.maxRows,
  spareRows: ALERT_SHEET.spareRows,
  files: { types: ['xlsx', 'csv'], maxMb: 5 },
  draft: true,
  format: {
    label: 'Please Refer Format',
    fileName: 'bulk-alert-format.xlsx',
    lists: [{ name: 'Alert names', values: ALERT_TYPES }],
    example: {
      CompanyId: '1001',
      Alert_Name: 'long_stoppage',
      emailId_level_one: 'control.tower@example.com',
      enable_ticket: 'yes',
      close_old_trips: 'no',
      longstoppage_l1_short: '30',
      longstoppage_l1_mid: '60',
      longstoppage_l1_long: '120',
    },
  },
  submit: {
    endpoint: alertApi.setAlerts,
    input: (rows, { scope }) => ({ scope, body: rows.map((cells) => toAlertRow(cells, scope)) }),
    results: (results) =>
      (Array.isArray(results) ? results : []).map(
        (r): SheetRowResult => (r.status === 'Success' ? { ok: true } : { ok: false, message: r.message ?? '' }),
      ),
  },
  messages: {
    noCompany: ALERT_SHEET_TEXT.noCompany,
    empty: ALERT_SHEET_TEXT.empty,
    noDataRows: ALERT_SHEET_TEXT.noDataRows,
    success: (saved, { scope }) =>
      ALERT_SHEET_TEXT.success([...new Set(saved.map((row) => row.CompanyId || scope.companyId || ''))]),
    failure: ALERT_SHEET_TEXT.exists,
  },
  back: '/alert-settings',
  // The rows as Submit would send them, on the scope's past trips, before anything is saved (issue 25).
  tools: [
    {
      label: 'Preview impact',
      component: () => import('../src/impact/SheetImpact'),
    },
    // The rows proposed as new alert configs for review instead of submitted (issue 39).
    { label: 'Propose change', component: () => import('../src/changes/SheetPropose') },
  ],
});

/** /display-alert-ticket: the UI config modules of the company (or of the chosen branch). */
export const uiConfigList = defineList({
  ...registered.uiConfigList,
  source: alertApi.uiConfigs,
  rowKey: 'id',
  columns: [
    { title: 'Feature Name', field: 'featureKey', value: (row) => uiModuleLabel(row.featureKey) },
    {
      title: 'Config',
      field: 'extraContext',
      value: (row) => (Array.isArray(row.extraContext) ? row.extraContext.join(', ') : ''),
    },
    { title: 'Branch Id', field: 'branchId', value: companyWide },
    {
      title: 'Enabled',
      field: 'enabled',
      kind: 'switch',
      toggle: {
        endpoint: alertApi.toggleUiConfig,
        input: (row) => ({ body: { customerConfigId: row.customerConfigId ?? row.id } }),
        confirmText,
        error: 'Error while updating',
      },
    },
  ],
  search: { placeholder: 'Search UI configs', fields: ['featureKey', 'extraContext', 'branchId'] },
  noun: 'UI configs',
  emptyText: 'No UI config found for the given selection',
  fetchError: 'Error while fetching data',
  headerButtons: [{ label: 'Add Alert And Ticket On UI', to: '/display-alert-ticket/add', primary: true }],
  edit: {
    to: '/display-alert-ticket/edit/:id',
    disabledWhen: (row) => !row.enabled,
    state: (row) => ({ featureKey: row.featureKey }),
  },
});

/** /display-alert-ticket/add ('Set UI Config') and /display-alert-ticket/edit/{id} ('Update UI Config'). */
export const uiConfigForm = defineForm({
  ...registered.uiConfigForm,
  schema: uiConfigFormSchema,
  columns: 2,
  uiSchema: {
    featureKey: {
      'ui:placeholder': 'Select field',
      'ui:enumNames': uiConfigFormSchema.properties.featureKey.enum.map((key) => UI_MODULES[key]),
    },
    extracontext: {
      'ui:widget': 'remoteTags',
      'ui:options': {
        endpoint: alertApi.alertList,
        labelField: 'name',
        valueField: 'featureKey',
        placeholder: 'Select config',
        fetchError: 'Error while fetching data',
      },
    },
  },
  load: {
    endpoint: alertApi.uiConfig,
    // The module's key comes with the list's Edit link; a bookmarked edit page asks by id alone.
    input: ({ scope, params, state }) => ({
      scope,
      query: { id: params.id, ...(typeof state?.featureKey === 'string' ? { featureKey: state.featureKey } : {}) },
    }),
    error: 'Error while fetching data',
  },
  toForm: (config) => ({
    featureKey: textAt(config, 'featureKey'),
    extracontext: Array.isArray(config.extraContext) ? config.extraContext.map(String) : [],
  }),
  toSubmission: (form, { scope, params, editing }) => ({
    body: {
      // Never empty: the engine asks for a company before saving.
      companyId: scope.companyId ?? '',
      branchId: scope.branchId ?? null,
      extracontext: form.extracontext,
      featureKey: form.featureKey,
      enabled: 1 as const,
      ...(editing ? { id: params.id } : {}),
    },
  }),
  submit: { create: alertApi.saveUiConfig, update: alertApi.saveUiConfig },
  submitLabel: { create: 'Submit', edit: 'Update' },
  messages: {
    created: 'UI config saved successfully',
    updated: 'UI config updated successfully',
    createError: 'Error while adding',
    updateError: 'Error while updating',
    preferServer: true,
  },
  after: '/display-alert-ticket',
});
