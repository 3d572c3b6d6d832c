import { AUTO_CLOSURE_TEXT as T, BUILT_IN_CUSTOM_VALUES, CUSTOM_VALUE_PREFIX, autoClosureFormSchema } from '../schemas/auto-closure';
import { toAutoClosureBody, toAutoClosureForm } from '../schemas/auto-closure-payload';
import { endpoint } from '../engine/data/endpoint';
import { dataCalls } from '../schemas/api/data';
import type { FormConfig, ListConfig } from '../engine/types';
import { switchColumn } from '../engine/list/switchColumn';
import * as registered from './auto-closure.meta';

/** The data family's auto closure calls (spec 001 section 7). */
export const autoClosureApi = {
  list: endpoint(dataCalls.autoClosures),
  toggle: endpoint(dataCalls.toggleAutoClosure),
  byId: endpoint(dataCalls.autoClosureById),
  customFields: endpoint(dataCalls.customFields),
  save: endpoint(dataCalls.saveAutoClosure),
};

/** /auto-closure: the company's rules with their active switch. */
export const autoClosureList: ListConfig = {
  ...registered.autoClosureList,
  source: autoClosureApi.list,
  rowKey: 'id',
  columns: [
    { title: 'Auto Closure Type', field: 'identifier' },
    { title: 'Name', field: 'name' },
    switchColumn({
      title: 'Active',
      field: 'active',
      endpoint: autoClosureApi.toggle,
      input: (row) => ({ body: { customerConfigId: row.id } }),
      confirmText: 'Are you sure want to disable/enable notification',
      error: T.toggleError,
    }),
  ],
  emptyText: 'No auto closure rules found for the given selection',
  fetchError: T.fetchError,
  headerButtons: [{ label: 'Add Auto Closure', to: '/auto-closure/add', primary: true }],
  edit: { to: '/auto-closure/edit/:id', disabledWhen: (row) => !row.active },
};

const customValue = {
  'ui:widget': 'remoteSelect',
  'ui:options': {
    endpoint: autoClosureApi.customFields,
    labelField: 'displayName',
    valueField: 'fieldId',
    valuePrefix: CUSTOM_VALUE_PREFIX,
    fixedOptions: BUILT_IN_CUSTOM_VALUES,
    fetchError: T.customFieldError,
  },
};
const rows = { orderable: false, copyable: false, columns: 3, showTitle: false };

/** /auto-closure/add and /auto-closure/edit/{id}: the type decides the fields and is locked when editing. */
export const autoClosureForm: FormConfig = {
  ...registered.autoClosureForm,
  schema: autoClosureFormSchema,
  columns: 3,
  uiSchema: {
    'ui:order': ['autoClosureType', 'companyName', 'threshold', 'geofenceRadiusInMeter', 'loading_time_buffer', 'unloading_time_buffer', 'lastMileMinutes', '*'],
    autoClosureType: { 'ui:widget': 'editLockedSelect', 'ui:placeholder': 'Select auto closure type' },
    geofenceRadiusInMeter: { 'ui:placeholder': '3000' },
    rules: { 'ui:options': { ...rows, fullWidth: true, addText: 'Add Rule' }, items: { 'ui:options': rows, firstCustomValue: customValue, secondCustomValue: customValue } },
    distances: { 'ui:options': { ...rows, fullWidth: true, addText: 'Add Distance Band' }, items: { 'ui:options': rows } },
  },
  load: {
    endpoint: autoClosureApi.byId,
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    error: 'Error while fetching data',
  },
  toForm: toAutoClosureForm,
  toSubmission: (form, { scope, params, editing }) => ({ body: toAutoClosureBody(form, scope, { editing, id: params.id }) }),
  submit: { create: autoClosureApi.save },
  messages: {
    created: ({ scope }) => `Auto Closure set successfully for companyIds [ ${scope.companyId} ]`,
    createError: T.notUpdated,
    preferServer: true,
  },
  after: '/auto-closure',
};
