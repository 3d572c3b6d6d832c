import { firstServerMessage } from '../engine/form/failure';
import { AP_MSG, AP_NOTICE_SECONDS, AP_TYPES, apConfigFormSchema } from '../schemas/ap-config';
import { apConfigs } from '../schemas/resources/ap-configs';
import * as registered from './ap-config.meta';
import { resourceForm, resourceList } from './resources';

/**
 * /ap-configuration (spec 002 sections 2.6, 8 and 9): the company's AP configs as the declaration derives them (10 a
 * page, the page counted from 0 in the call, searched by the server), in the spec's words: CBDT Id, Type and Value
 * (in a scrollable box as JSON text); Edit goes to the edit form, Delete asks first.
 */
export const apConfigList = resourceList(apConfigs, registered.apConfigList, (list) => ({
  ...list,
  search: { placeholder: 'Search type, CBDT id or value' },
  columns: [
    { title: 'CBDT Id', field: 'cbdt_id', width: 120 },
    { title: 'Type', field: 'type', width: 190 },
    { title: 'Value', field: 'value', kind: 'json' },
  ],
  fetchError: AP_MSG.generic,
  headerButtons: [{ label: 'Create Configuration', to: '/ap-configuration/add', primary: true }],
  ...(list.remove && {
    remove: { ...list.remove, confirm: AP_MSG.confirmDelete, success: AP_MSG.deleted, error: AP_MSG.generic },
  }),
}));

/**
 * /ap-configuration/add and /ap-configuration/{id}/edit (spec 002 sections 2.6, 4, 5 and 8), derived from the
 * declaration (the value in a JSON editor that parses it, sent as the object it parses to) with the spec's words:
 * every field required with its own message (the partner CBDT ID too, 0 when the record has none), three columns,
 * 'Submit', and a refusal's first message shown for 10 seconds.
 */
export const apConfigForm = resourceForm(apConfigs, registered.apConfigForm, (form) => ({
  ...form,
  schema: apConfigFormSchema,
  columns: 3,
  uiSchema: {
    ...form.uiSchema,
    'ui:order': ['cbdt_id', 'partner_cbdt_id', 'type', 'value'],
    cbdt_id: { 'ui:placeholder': "The company's id, e.g. 1001" },
    partner_cbdt_id: { 'ui:placeholder': '0 when none' },
    type: { 'ui:placeholder': 'Select type', 'ui:enumNames': [...AP_TYPES] },
  },
  ...(form.load && { load: { ...form.load, error: AP_MSG.generic } }),
  submitLabel: { create: 'Submit', edit: 'Submit' },
  messages: {
    created: AP_MSG.created,
    updated: AP_MSG.updated,
    createError: AP_MSG.generic,
    updateError: AP_MSG.generic,
    fieldOf: { [AP_MSG.exists]: 'type' },
  },
  onFailure: firstServerMessage(AP_NOTICE_SECONDS),
}));
