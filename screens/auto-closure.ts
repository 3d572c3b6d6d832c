import {
  AUTO_CLOSURE_TEXT as T,
  BUILT_IN_CUSTOM_VALUES,
  CUSTOM_VALUE_PREFIX,
  TYPE_FIELDS,
  autoClosureFormSchema,
  AUTO_CLOSURE_TYPES,
} from '../schemas/auto-closure';
import { DISTANCE_ARRAYS, RULE_ARRAYS, quote, unquote } from '../schemas/auto-closure-payload';
import { endpoint } from '../engine/data/endpoint';
import { autoClosureCalls, dataCalls } from '../schemas/api/data';
import { defineForm, defineList } from '../engine/registry/define';
import type { Row } from '../engine/types';
import * as registered from './auto-closure.meta';

/** The data family's auto closure calls (spec 001 section 7). */
export const autoClosureApi = {
  list: endpoint(autoClosureCalls.list),
  toggle: endpoint(autoClosureCalls.toggle),
  byId: endpoint(autoClosureCalls.byId),
  customFields: endpoint(dataCalls.customFields),
  save: endpoint(autoClosureCalls.save),
};

// The form edits rows; the call and the store use section 3's parallel arrays (see `auto-closure-payload.ts`).

/** Entries stored in single quotes (the field values a rule compares with). */
const QUOTED = new Set<string>(['firstFieldValue', 'secondFieldValue']);
const SECOND_CONDITION = ['joinOperator', 'secondCustomOperator', 'secondCustomValue', 'secondFieldValue'] as const;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null;
/** The rows of a repeatable field of the form (`rules`, `distances`), when it has them. */
const rowsOf = (value: unknown): Row[] | undefined => (Array.isArray(value) ? value.filter(isRow) : undefined);
/** A parallel array of a stored rule, when it has one. */
const listAt = (record: Row, name: string): readonly unknown[] | undefined => {
  const value = record[name];
  return Array.isArray(value) ? value : undefined;
};

/** Rows → parallel arrays (field values quoted; optional entries of a row left as ''). */
function toArrays(rows: Row[], names: readonly string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const name of names) {
    out[name] = rows.map((r) => (QUOTED.has(name) ? quote(r[name]) : (r[name] ?? '')));
  }
  return out;
}

/** Parallel arrays → rows (field values unquoted, '' entries left out). */
function toRows(record: Row, names: readonly string[]): Row[] {
  return Array.from({ length: listAt(record, names[0])?.length ?? 0 }, (_, i) => {
    const row: Row = {};
    for (const name of names) {
      const value = listAt(record, name)?.[i];
      if (value === undefined || value === '' || value === null) continue;
      row[name] = QUOTED.has(name) ? unquote(value) : value;
    }
    return row;
  });
}

/**
 * A rule row without its second condition unless one was given (a custom value and a field value): the form's
 * selects show AND and Equal To before anything is chosen, which alone must not add an empty `&& x == ''` clause.
 */
function withoutUnsetSecond(row: Row): Row {
  if (row.secondCustomValue && row.secondFieldValue) return row;
  const rest = { ...row };
  for (const name of SECOND_CONDITION) delete rest[name];
  return rest;
}

/** The call's body from the form's data (spec 001 section 7): its fields, with the rows as parallel arrays. */
export function toAutoClosureBody<Type extends string>(
  form: { autoClosureType: Type; [field: string]: unknown },
  scope: { companyId?: string; branchId?: string },
  edit: { editing: boolean; id?: string },
) {
  const { rules, distances, ...plain } = form;
  const ruleRows = rowsOf(rules)?.map(withoutUnsetSecond);
  const bands = rowsOf(distances);
  return {
    ...plain,
    ...(ruleRows ? toArrays(ruleRows, RULE_ARRAYS) : {}),
    ...(bands ? toArrays(bands, DISTANCE_ARRAYS) : {}),
    // The engine submits only with a company chosen ('' would be refused with the same text as none).
    companyId: scope.companyId ?? '',
    branchId: scope.branchId || null,
    edit: edit.editing,
    ...(edit.editing ? { customerConfigId: edit.id } : {}),
  };
}

/** The form's data from a stored rule (getAutoClosureById): the type's fields, rows from the parallel arrays. */
export function toAutoClosureForm(record: Row): Row {
  const type = AUTO_CLOSURE_TYPES.find((candidate) => candidate === record.identifier);
  const form: Row = { autoClosureType: record.identifier };
  for (const field of type ? TYPE_FIELDS[type] : []) {
    if (field === 'rules') form.rules = toRows(record, RULE_ARRAYS);
    else if (field === 'distances') form.distances = toRows(record, DISTANCE_ARRAYS);
    else if (record[field] !== undefined && record[field] !== null) form[field] = record[field];
  }
  return form;
}

/** /auto-closure: the company's rules with their active switch. */
export const autoClosureList = defineList({
  ...registered.autoClosureList,
  source: autoClosureApi.list,
  rowKey: 'id',
  columns: [
    { title: 'Auto Closure Type', field: 'identifier' },
    { title: 'Name', field: 'name' },
    {
      title: 'Active',
      field: 'active',
      kind: 'switch',
      toggle: {
        endpoint: autoClosureApi.toggle,
        input: (row) => ({ body: { customerConfigId: row.id } }),
        confirmText: 'Are you sure want to disable/enable notification',
        error: T.toggleError,
      },
    },
  ],
  search: { placeholder: 'Search type or name', fields: ['identifier', 'name'] },
  noun: 'rules',
  emptyText: 'No auto closure rules found for the given selection',
  fetchError: T.fetchError,
  headerButtons: [{ label: 'Add Auto Closure', to: '/auto-closure/add', primary: true }],
  edit: { to: '/auto-closure/edit/:id', disabledWhen: (row) => !row.active },
});

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
export const autoClosureForm = defineForm({
  ...registered.autoClosureForm,
  schema: autoClosureFormSchema,
  columns: 3,
  uiSchema: {
    'ui:order': [
      'autoClosureType',
      'companyName',
      'threshold',
      'geofenceRadiusInMeter',
      'loading_time_buffer',
      'unloading_time_buffer',
      'lastMileMinutes',
      '*',
    ],
    autoClosureType: { 'ui:widget': 'editLockedSelect', 'ui:placeholder': 'Select auto closure type' },
    geofenceRadiusInMeter: { 'ui:placeholder': '3000' },
    rules: {
      'ui:options': { ...rows, fullWidth: true, addText: 'Add Rule' },
      items: { 'ui:options': rows, firstCustomValue: customValue, secondCustomValue: customValue },
    },
    distances: {
      'ui:options': { ...rows, fullWidth: true, addText: 'Add Distance Band' },
      items: { 'ui:options': rows },
    },
  },
  load: {
    endpoint: autoClosureApi.byId,
    input: ({ scope, params }) => ({ scope, query: { id: params.id } }),
    error: 'Error while fetching data',
  },
  toForm: toAutoClosureForm,
  toSubmission: (form, { scope, params, editing }) => ({
    body: toAutoClosureBody(form, scope, { editing, id: params.id }),
  }),
  submit: { create: autoClosureApi.save },
  messages: {
    created: ({ scope }) => `Auto Closure set successfully for companyIds [ ${scope.companyId} ]`,
    createError: T.notUpdated,
    preferServer: true,
    fieldOf: { [T.exists]: 'autoClosureType' },
  },
  after: '/auto-closure',
});
