import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../extensions';
import type { FormConfig, ListConfig } from '../types';
import { checkConfig, configProblems } from './checkConfig';

const form: FormConfig = {
  kind: 'form',
  path: '/materials/add',
  title: { create: 'Add Material' },
  schema: {
    type: 'object',
    properties: { label: { type: 'string' }, rows: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } } },
    allOf: [{ if: { properties: { label: { const: 'x' } } }, then: { properties: { extra: { type: 'string' } } } }],
  },
  uiSchema: { 'ui:order': ['label', '*'], label: { 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: { path: '/lookups' } } }, rows: { items: { code: {} } }, extra: {} },
  submit: { create: { method: 'POST', path: '/materials' } },
  messages: { created: 'Saved', createError: 'Not saved' },
  after: '/materials',
};

const list: ListConfig = {
  kind: 'list',
  path: '/materials',
  title: 'Materials',
  source: { path: '/materials' },
  rowKey: 'id',
  columns: [{ title: 'Material', field: 'label' }],
  emptyText: 'None',
  fetchError: 'Error',
  headerButtons: [{ label: 'Add', to: '/materials/add' }],
  inlineForms: [form],
};

const calls = [
  { method: 'GET', path: '/materials' },
  { method: 'POST', path: '/materials' },
  { method: 'GET', path: '/lookups' },
];
const paths = ['/materials', '/materials/add'];

describe('config checks', () => {
  it('accept a sound list and form (properties of conditional subschemas and array items included)', () => {
    expect(configProblems(list, { calls, paths })).toEqual([]);
    expect(configProblems(form, { calls, paths })).toEqual([]);
  });

  it('name every problem: uiSchema keys, ui:order, widgets, endpoints, column kinds and links', () => {
    const broken: ListConfig = {
      ...list,
      source: { path: '/unknown' },
      columns: [{ title: 'Price', field: 'price', kind: 'money' as never }],
      headerButtons: [{ label: 'Add', to: '/nowhere' }],
      inlineForms: [{ ...form, uiSchema: { 'ui:order': ['lable'], lable: {}, label: { 'ui:widget': 'mapPicker' } }, submit: { create: { method: 'FETCH' as never, path: 'materials' } } }],
    };
    expect(configProblems(broken, { calls, paths })).toEqual([
      'source (GET /unknown, main) is not a call of the API contracts',
      'columns[0] (Price) has an unknown kind "money" (known: text, datetime, date, inr, boolean, switch)',
      'headerButtons[0] (Add) links to /nowhere, which no registered screen mounts',
      'inlineForms[0] (Add Material): Unknown widget "mapPicker" at label in config "Add Material"',
      'inlineForms[0] (Add Material): uiSchema ui:order names "lable", which is not a property of the schema',
      'inlineForms[0] (Add Material): uiSchema key lable names no property of the schema',
      'inlineForms[0] (Add Material).submit.create is not a call (it needs a path starting with /): {"method":"FETCH","path":"materials"}',
    ]);
  });

  it("checks a filter's endpoint and the columns of a row detail", () => {
    const filtered: ListConfig = {
      ...list,
      filters: [
        { kind: 'remoteSelect', label: 'User', param: 'user', endpoint: { path: '/users' }, valueField: 'id', labelField: 'name', fetchError: 'Error' },
        { kind: 'dateRange', label: 'Date', params: ['from', 'to'] },
      ],
      detail: { field: 'changes', rowKey: 'field', columns: [{ title: 'Old', field: 'before', kind: 'diff' as never }] },
    };
    expect(configProblems(filtered, { calls, paths })).toEqual([
      'filters[0] (User).endpoint (GET /users, main) is not a call of the API contracts',
      'detail[0] (Old) has an unknown kind "diff" (known: text, datetime, date, inr, boolean, switch)',
    ]);
  });

  it('throws naming the config, and knows the kinds and fields the app registers', () => {
    expect(() => checkConfig({ kind: 'mapEditor', path: '/places/map' })).toThrow('Config "/places/map" is broken:\n- unknown screen kind "mapEditor"');
    const withField = { ...form, uiSchema: { label: { 'ui:field': 'sideMenu' } } };
    expect(configProblems(withField)).toEqual(['form: Unknown field "sideMenu" at label in config "Add Material"']);
    expect(configProblems(withField, { extensions: { fields: { sideMenu: lazyComponent(async () => () => null) } } })).toEqual([]);
  });
});
