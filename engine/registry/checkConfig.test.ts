import { describe, expect, it } from 'vitest';
import { lazyComponent } from '../extensions';
import type { FormConfig } from '../form/types';
import type { ListConfig } from '../list/types';
import type { SheetConfig } from '../sheet/types';
import type { ToolConfig } from '../tool/types';
import { checkConfig, configProblems } from './checkConfig';

const form: FormConfig = {
  kind: 'form',
  path: '/materials/add',
  title: { create: 'Add Material' },
  schema: {
    type: 'object',
    properties: {
      label: { type: 'string' },
      rows: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
    },
    allOf: [{ if: { properties: { label: { const: 'x' } } }, then: { properties: { extra: { type: 'string' } } } }],
  },
  uiSchema: {
    'ui:order': ['label', '*'],
    label: { 'ui:widget': 'remoteSelect', 'ui:options': { endpoint: { path: '/lookups' } } },
    rows: { items: { code: {} } },
    extra: {},
  },
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

  it("checks that a form's server refusals go under fields it has (messages.fieldOf)", () => {
    const placed = {
      ...form,
      messages: { ...form.messages, fieldOf: { Taken: 'label', 'Extra taken': 'extra', Lost: 'lable' } },
    };
    expect(configProblems(placed, { calls, paths })).toEqual([
      "form.messages.fieldOf puts 'Lost' under lable, which is no field of the schema",
    ]);
  });

  it('name every problem: uiSchema keys, ui:order, widgets, endpoints and links', () => {
    const broken: ListConfig = {
      ...list,
      source: { path: '/unknown' },
      headerButtons: [{ label: 'Add', to: '/nowhere' }],
      inlineForms: [
        {
          ...form,
          uiSchema: { 'ui:order': ['lable'], lable: {}, label: { 'ui:widget': 'mapPicker' } },
          submit: { create: { method: 'FETCH' as never, path: 'materials' } },
        },
      ],
    };
    expect(configProblems(broken, { calls, paths })).toEqual([
      'source (GET /unknown, main) is not a call of the API contracts',
      'headerButtons[0] (Add) links to /nowhere, which no registered screen mounts',
      'inlineForms[0] (Add Material): Unknown widget "mapPicker" at label in config "Add Material"',
      'inlineForms[0] (Add Material): uiSchema ui:order names "lable", which is not a property of the schema',
      'inlineForms[0] (Add Material): uiSchema key lable names no property of the schema',
      'inlineForms[0] (Add Material).submit.create is not a call (it needs a path starting with /): {"method":"FETCH","path":"materials"}',
    ]);
  });

  it("checks a filter's endpoint", () => {
    const filtered: ListConfig = {
      ...list,
      filters: [
        {
          kind: 'remoteSelect',
          label: 'User',
          param: 'user',
          endpoint: { path: '/users' },
          valueField: 'id',
          labelField: 'name',
          fetchError: 'Error',
        },
        { kind: 'dateRange', label: 'Date', params: ['from', 'to'] },
      ],
    };
    expect(configProblems(filtered, { calls, paths })).toEqual([
      'filters[0] (User).endpoint (GET /users, main) is not a call of the API contracts',
    ]);
  });

  it("takes an endpoint with its contract's path parameters filled in as that call, and no other path", () => {
    const settings = [...calls, { method: 'GET', path: '/features/:feature/get' }];
    const at = (path: string): ListConfig => ({ ...list, source: { path } });
    expect(configProblems(at('/features/map_view/get'), { calls: settings, paths })).toEqual([]);
    expect(configProblems(at('/features/:feature/get'), { calls: settings, paths })).toEqual([]);
    for (const path of ['/features/map_view', '/features//get', '/features/map_view/put'])
      expect(configProblems(at(path), { calls: settings, paths })).toEqual([
        `source (GET ${path}, main) is not a call of the API contracts`,
      ]);
  });

  it("checks row actions (calls, modals of rows and their columns, labels used once) and columns' downloads", () => {
    const acting: ListConfig = {
      ...list,
      columns: [
        {
          title: 'Material',
          field: 'label',
          download: { endpoint: { path: '/materials/:id/file' }, input: () => undefined, error: 'x' },
        },
        {
          title: 'Sheet',
          field: 'sheet',
          download: { endpoint: { method: 'POST', path: '/materials' }, input: () => undefined, error: 'x' },
        },
      ],
      rowActions: [
        {
          kind: 'call',
          label: 'Run now',
          endpoint: { method: 'POST', path: '/materials/:id/run' },
          input: () => ({}),
          error: 'x',
        },
        {
          kind: 'rows',
          label: 'Runs',
          title: () => 'Runs',
          endpoint: { path: '/materials/:id/runs' },
          input: () => ({}),
          rowKey: 'id',
          columns: [
            {
              title: 'File',
              field: 'file',
              download: { endpoint: { path: '/runs/:id/file' }, input: () => undefined, error: 'x' },
            },
          ],
          emptyText: 'None',
          fetchError: 'Error',
        },
        {
          kind: 'call',
          label: 'Runs',
          endpoint: { method: 'POST', path: '/materials' },
          input: () => ({}),
          error: 'x',
        },
      ],
    };
    expect(configProblems(acting, { calls, paths })).toEqual([
      'columns[0] (Material).download.endpoint (GET /materials/:id/file, main) is not a call of the API contracts',
      'columns[1] (Sheet).download.endpoint must be a GET (a file is fetched), not POST',
      'rowActions[0] (Run now).endpoint (POST /materials/:id/run, main) is not a call of the API contracts',
      'rowActions[1] (Runs).endpoint (GET /materials/:id/runs, main) is not a call of the API contracts',
      'rowActions[1] (Runs).columns[0] (File).download.endpoint (GET /runs/:id/file, main) is not a call of the API contracts',
      'rowActions[2] (Runs): label "Runs" is used twice',
    ]);
    const sound = { ...acting, columns: [list.columns[0]], rowActions: acting.rowActions!.slice(0, 1) };
    expect(configProblems(sound, { calls: [...calls, { method: 'POST', path: '/materials/:id/run' }], paths })).toEqual(
      [],
    );
  });

  it('throws naming the config, and knows the kinds and fields the app registers', () => {
    expect(() => checkConfig({ kind: 'mapEditor', path: '/places/map' })).toThrow(
      'Config "/places/map" is broken:\n- unknown screen kind "mapEditor"',
    );
    const withField = { ...form, uiSchema: { label: { 'ui:field': 'sideMenu' } } };
    expect(configProblems(withField)).toEqual(['form: Unknown field "sideMenu" at label in config "Add Material"']);
    expect(
      configProblems(withField, { extensions: { fields: { sideMenu: lazyComponent(async () => () => null) } } }),
    ).toEqual([]);
  });

  it("checks a sheet's columns, caps, file limits, processors, export and format", () => {
    const sheet: SheetConfig = {
      kind: 'sheet',
      path: '/materials/upload',
      title: 'Upload',
      columns: [{ key: 'code', title: 'Code' }, { key: 'code' }, { key: 'label', title: 'Label' }],
      maxRows: 0,
      spareRows: 1.5,
      files: { types: [], maxMb: -1, timeoutMs: 0 },
      processors: [
        { name: 'geocode', run: (values) => ({ values }) },
        { name: 'geocode', run: (values) => ({ values }), concurrency: 0 },
      ],
      export: { fileName: 'materials.xlsx', columns: ['code', 'weight'] },
      format: { label: 'Format', fileName: 'format.xlsx', example: { Code: 'M1', label: 'Steel', Weight: '2' } },
      submit: { endpoint: { method: 'POST', path: '/materials' }, input: () => ({}), results: () => [], chunkSize: 0 },
      messages: { noCompany: 'x', empty: 'x', noDataRows: 'x', success: () => 'x', failure: 'x' },
    };
    expect(configProblems(sheet, { calls, paths })).toEqual([
      'columns[1]: key "code" is used twice',
      'maxRows must be a whole number of at least 1 (is 0)',
      'spareRows must be a whole number of at least 0 (is 1.5)',
      'submit.chunkSize must be a whole number of at least 1',
      'files.types must name some of xlsx, xls, csv (is [])',
      'files.maxMb must be a positive number',
      'files.timeoutMs must be a positive number',
      'processors[1]: name "geocode" is used twice',
      'processors[1] (geocode): concurrency must be a whole number of at least 1',
      'export.fileName must be a file name ending in .csv (is "materials.xlsx")',
      'export.columns names "weight", which is no column of the sheet',
      'format.example names "Weight", which is no column of the sheet',
    ]);
    const sound: SheetConfig = {
      ...sheet,
      columns: [{ key: 'code' }],
      maxRows: 600,
      spareRows: 1,
      files: undefined,
      processors: undefined,
      export: undefined,
      format: undefined,
      submit: { ...sheet.submit, chunkSize: 200 },
    };
    expect(configProblems(sound, { calls, paths })).toEqual([]);
  });

  it("check a tool's blocks and its remote selects' search, query and queryFrom", () => {
    const select = (options: Record<string, unknown>) => ({
      'ui:widget': 'remoteSelect',
      'ui:options': { endpoint: { path: '/lookups' }, labelField: 'name', valueField: 'id', ...options },
    });
    const tool: ToolConfig = {
      kind: 'tool',
      path: '/viewer',
      title: 'Viewer',
      schema: {
        type: 'object',
        properties: { companyId: { type: 'string' }, branchId: { type: 'string' }, alertKey: { type: 'string' } },
      },
      uiSchema: {
        companyId: select({ search: { param: 'q', byId: 'id' }, query: { type: 'CONSIGNOR' } }),
        branchId: select({ search: { param: 'q', minChars: 0 }, queryFrom: { cId: 'companyId' } }),
      },
      groups: [{ title: 'Consignor', fields: ['companyId', 'branchId'], reset: 'Reset Filter' }],
      actions: [],
    };
    expect(configProblems(tool, { calls, paths })).toEqual([]);
    const broken: ToolConfig = {
      ...tool,
      uiSchema: {
        companyId: select({
          endpoint: { path: '/unknown' },
          search: { minChars: -1, byId: 2 },
          query: { type: 1 },
          where: { type: 'CONSIGNOR' },
        }),
        branchId: select({ queryFrom: { cId: 'company', bId: 'branchId' } }),
      },
      groups: [
        { title: 'Consignor', fields: ['companyId', 'branch'], reset: '' },
        { title: 'Consignor', fields: ['companyId'], columns: 4 },
      ],
    };
    expect(configProblems(broken, { calls, paths })).toEqual([
      'uiSchema.companyId.ui:options.endpoint (GET /unknown, main) is not a call of the API contracts',
      "companyId: the remoteSelect's search needs param, the query value the typed text is sent as",
      "companyId: the remoteSelect's search.minChars must be a whole number of at least 0",
      "companyId: the remoteSelect's search.byId must name the query value a chosen id is sent as",
      "companyId: the remoteSelect's query must map query values to texts",
      "companyId: the remoteSelect's where is gone: send the values with query (the server filters)",
      `branchId: the remoteSelect's queryFrom.cId names "company", which is not a field of the form`,
      "branchId: the remoteSelect's queryFrom.bId names the field itself",
      'groups[0] (Consignor) names "branch", which is not a property of the schema',
      'groups[0] (Consignor).reset must be a button label',
      'groups[1] (Consignor): title "Consignor" is used twice',
      'groups[1] (Consignor) names "companyId", which is in groups[0] (Consignor) already',
      'groups[1] (Consignor).columns must be a whole number from 1 to 3',
    ]);
    // A form hands its widgets no values: a select reading another field cannot work there.
    const formReading: FormConfig = { ...form, uiSchema: { label: select({ queryFrom: { cId: 'rows' } }) } };
    expect(configProblems(formReading, { calls, paths })).toEqual([
      "form: label: the remoteSelect's queryFrom reads other fields, which only a tool page hands its widgets",
    ]);
  });
});
