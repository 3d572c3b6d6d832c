import { endpoint } from '../engine/data/endpoint';
import { firstServerMessage } from '../engine/form/failure';
import { defineForm, defineList } from '../engine/registry/define';
import { apCalls } from '../schemas/api/ap';
import { AP_MSG, AP_NOTICE_SECONDS, AP_PAGE_SIZE, AP_TYPES, apConfigFormSchema } from '../schemas/ap-config';
import * as registered from './ap-config.meta';

/**
 * /ap-configuration (spec 002 sections 2.6, 8 and 9): the company's AP configs, 10 a page with the page counted from
 * 0 in the call; Value in a scrollable box as JSON text; Edit goes to the edit form, Delete asks first.
 */
export const apConfigList = defineList({
  ...registered.apConfigList,
  source: endpoint(apCalls.list),
  rowKey: 'id',
  paging: {
    size: AP_PAGE_SIZE,
    rows: 'data',
    total: 'total',
    pageParams: { page: 'page_number', size: 'page_size', first: 0 },
    searchParam: 'q',
  },
  search: { placeholder: 'Search type, CBDT id or value' },
  noun: 'AP configs',
  columns: [
    { title: 'CBDT Id', field: 'cbdt_id', width: 120 },
    { title: 'Type', field: 'type', width: 190 },
    { title: 'Value', field: 'value', kind: 'json' },
  ],
  emptyText: 'No AP configs found for the given selection',
  fetchError: AP_MSG.generic,
  headerButtons: [{ label: 'Create Configuration', to: '/ap-configuration/add', primary: true }],
  edit: { to: '/ap-configuration/:id/edit' },
  remove: {
    endpoint: endpoint(apCalls.remove),
    input: (row) => ({ params: { id: String(row.id) } }),
    confirm: AP_MSG.confirmDelete,
    success: AP_MSG.deleted,
    error: AP_MSG.generic,
  },
});

/**
 * /ap-configuration/add and /ap-configuration/{id}/edit (spec 002 sections 2.6, 4, 5 and 8): CBDT ID, partner CBDT
 * ID (0 when the record has none), type and the value in a JSON editor that parses it; the value goes as the object
 * it parses to. A refusal shows the server's first message for 10 seconds.
 */
export const apConfigForm = defineForm({
  ...registered.apConfigForm,
  schema: apConfigFormSchema,
  columns: 3,
  uiSchema: {
    'ui:order': ['cbdt_id', 'partner_cbdt_id', 'type', 'value'],
    cbdt_id: { 'ui:placeholder': "The company's id, e.g. 1001" },
    partner_cbdt_id: { 'ui:placeholder': '0 when none' },
    type: { 'ui:placeholder': 'Select type', 'ui:enumNames': [...AP_TYPES] },
    value: { 'ui:widget': 'jsonEditor', 'ui:options': { fullWidth: true, rows: 12 } },
  },
  load: {
    endpoint: endpoint(apCalls.byId),
    input: ({ scope, params }) => ({ scope, params: { id: params.id } }),
    error: AP_MSG.generic,
  },
  toForm: (row) => ({
    cbdt_id: row.cbdt_id,
    partner_cbdt_id: row.partner_cbdt_id ?? 0,
    type: row.type,
    value: JSON.stringify(row.value, null, 2),
  }),
  toSubmission: ({ cbdt_id, partner_cbdt_id, type, value }, { params, editing }) => ({
    ...(editing ? { params: { id: params.id } } : {}),
    // The schema's `json-object` format has parsed the text already: an object.
    body: { cbdt_id, partner_cbdt_id: partner_cbdt_id ?? 0, type, value: JSON.parse(value) },
  }),
  submit: { create: endpoint(apCalls.create), update: endpoint(apCalls.update) },
  submitLabel: { create: 'Submit', edit: 'Submit' },
  messages: {
    created: AP_MSG.created,
    updated: AP_MSG.updated,
    createError: AP_MSG.generic,
    updateError: AP_MSG.generic,
    fieldOf: { [AP_MSG.exists]: 'type' },
  },
  onFailure: firstServerMessage(AP_NOTICE_SECONDS),
  after: '/ap-configuration',
});
