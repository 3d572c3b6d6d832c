import { isEndpoint, type Endpoint } from '../data/endpoint';
import { isRecord } from '../data/pick';
import type { EngineExtensions } from '../extensions';
import type { ColumnConfig, ListConfig } from '../list/types';
import type { RowAction } from '../list/rowActionTypes';
import type { FormConfig } from '../form/types';
import type { SheetConfig } from '../sheet/types';
import type { ToolConfig } from '../tool/types';
import { checkUiSchema, formRegistry } from '../widgets/registry';
import { configName, isKind, kindsWith, type AnyScreenConfig } from './screenKinds';

/** A call as the API contracts declare it (`schemas/api/`): enough to tell whether an endpoint names one. */
export interface KnownCall {
  service?: string;
  method: string;
  path: string;
}

/** What a config is checked against; each part left out is not checked. */
export interface CheckOptions {
  /** The app's kinds, widgets and fields (merged over the engine's). */
  extensions?: EngineExtensions;
  /** Every call the API serves: each endpoint must be one of them. */
  calls?: readonly KnownCall[];
  /** Every registered route path: links (`to`, `after`, `back`) must name one. */
  paths?: readonly string[];
}

type Schema = Record<string, unknown>;

/** The subschemas that apply at one level: the schemas themselves and their allOf/anyOf/oneOf, if/then/else and dependencies. */
function alternatives(schemas: readonly unknown[]): Schema[] {
  const found: Schema[] = [];
  const visit = (schema: unknown) => {
    if (!isRecord(schema) || found.includes(schema)) return;
    found.push(schema);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach(visit);
    }
    for (const key of ['if', 'then', 'else'] as const) visit(schema[key]);
    if (isRecord(schema.dependencies)) Object.values(schema.dependencies).forEach(visit);
  };
  schemas.forEach(visit);
  return found;
}

/** Whether a dotted path names a property of the schema (through its alternatives at each level). */
function schemaHasPath(schema: unknown, path: string): boolean {
  let level: unknown[] = [schema];
  for (const key of path.split('.')) {
    level = alternatives(level).flatMap((s) =>
      isRecord(s.properties) && key in s.properties ? [s.properties[key]] : [],
    );
    if (level.length === 0) return false;
  }
  return true;
}

/** Each uiSchema key must name a property of the schema at its level (`items` an array's items; `ui:order` names too). */
function uiAgainstSchema(ui: unknown, schemas: readonly unknown[], at: string, problems: string[]): void {
  if (!isRecord(ui)) return;
  const level = alternatives(schemas);
  const properties = new Map<string, unknown[]>();
  for (const schema of level) {
    if (!isRecord(schema.properties)) continue;
    for (const [name, sub] of Object.entries(schema.properties))
      properties.set(name, [...(properties.get(name) ?? []), sub]);
  }
  const items = level.flatMap((schema) => (schema.items === undefined ? [] : [schema.items]));
  // A level that declares no properties (a free-form object) cannot be checked.
  const open = properties.size === 0 && items.length === 0;
  for (const [key, value] of Object.entries(ui)) {
    const where = at ? `${at}.${key}` : key;
    if (key === 'ui:order' && Array.isArray(value) && !open) {
      for (const name of value)
        if (name !== '*' && !properties.has(String(name)))
          problems.push(`uiSchema ${where} names "${name}", which is not a property of the schema`);
      continue;
    }
    if (key.startsWith('ui:')) continue;
    if (key === 'items' && items.length > 0) uiAgainstSchema(value, items, where, problems);
    else if (properties.has(key)) uiAgainstSchema(value, properties.get(key)!, where, problems);
    else if (!open) problems.push(`uiSchema key ${where} names no property of the schema`);
  }
}

/** The endpoints a uiSchema hands to its widgets (`ui:options` values that are calls), with where they are. */
function uiEndpoints(ui: unknown, at: string): [string, Endpoint][] {
  if (!isRecord(ui)) return [];
  return Object.entries(ui).flatMap(([key, value]) => {
    const where = at ? `${at}.${key}` : key;
    if (key === 'ui:options' && isRecord(value))
      return Object.entries(value).flatMap(([name, option]): [string, Endpoint][] =>
        isEndpoint(option) ? [[`${where}.${name}`, option]] : [],
      );
    return uiEndpoints(value, where);
  });
}

/** Whether a contract's path (with `:name` parameters) is an endpoint's, as written or with its parameters filled in. */
function pathMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return (
    want.length === have.length &&
    want.every((part, i) => part === have[i] || (part.startsWith(':') && have[i] !== '' && !have[i].startsWith(':')))
  );
}

/** An endpoint: a call with a path (a uiSchema's are untyped), and one of the API contracts' (given `calls`). */
function checkEndpoint(endpoint: unknown, at: string, options: CheckOptions, problems: string[]): void {
  if (!isEndpoint(endpoint) || !endpoint.path.startsWith('/')) {
    problems.push(`${at} is not a call (it needs a path starting with /): ${JSON.stringify(endpoint)}`);
    return;
  }
  const method = endpoint.method ?? 'GET';
  const service = endpoint.service ?? 'main';
  if (
    options.calls &&
    !options.calls.some(
      (call) =>
        call.method === method &&
        (call.path === endpoint.path || pathMatches(call.path, endpoint.path)) &&
        (call.service ?? 'main') === service,
    )
  ) {
    problems.push(`${at} (${method} ${endpoint.path}, ${service}) is not a call of the API contracts`);
  }
}

/** Whether a screen mounted at `path` (with `:name` parameters) serves the link `to` (e.g. /bulk-upload/configurations). */
const serves = (path: string, to: string) => {
  const mounted = path.split('/');
  const linked = to.split('/');
  return (
    mounted.length === linked.length &&
    mounted.every(
      (part, i) => part === linked[i] || (part.startsWith(':') && linked[i] !== '' && !linked[i].startsWith(':')),
    )
  );
};

function checkLink(to: string | undefined, at: string, options: CheckOptions, problems: string[]): void {
  if (to !== undefined && options.paths && !options.paths.some((path) => serves(path, to)))
    problems.push(`${at} links to ${to}, which no registered screen mounts`);
}

function checkColumns(columns: readonly ColumnConfig[], at: string, options: CheckOptions, problems: string[]): void {
  columns.forEach((column, i) => {
    const where = `${at}[${i}] (${column.title})`;
    if (column.toggle) checkEndpoint(column.toggle.endpoint, `${where}.toggle.endpoint`, options, problems);
    if (column.download) {
      checkEndpoint(column.download.endpoint, `${where}.download.endpoint`, options, problems);
      if ((column.download.endpoint.method ?? 'GET') !== 'GET')
        problems.push(
          `${where}.download.endpoint must be a GET (a file is fetched), not ${column.download.endpoint.method}`,
        );
    }
  });
}

/** Row actions: labels used once; a call action's and a rows action's endpoint, and the rows action's columns. */
function checkRowActions(actions: readonly RowAction[], options: CheckOptions, problems: string[]): void {
  const labels = new Set<string>();
  actions.forEach((action, i) => {
    const where = `rowActions[${i}] (${action.label})`;
    if (labels.has(action.label)) problems.push(`${where}: label "${action.label}" is used twice`);
    labels.add(action.label);
    if (action.kind !== 'modal') checkEndpoint(action.endpoint, `${where}.endpoint`, options, problems);
    if (action.kind === 'rows') checkColumns(action.columns, `${where}.columns`, options, problems);
  });
}

function checkForm(form: FormConfig, at: string, options: CheckOptions, problems: string[]): void {
  const registry = formRegistry({ widgets: options.extensions?.widgets, fields: options.extensions?.fields });
  try {
    checkUiSchema(form.uiSchema, form.title.create, registry);
  } catch (error) {
    problems.push(`${at}: ${(error instanceof Error ? error.message : String(error)).split(': {')[0]}`);
  }
  const uiProblems: string[] = [];
  uiAgainstSchema(form.uiSchema, [form.schema], '', uiProblems);
  problems.push(...uiProblems.map((problem) => `${at}: ${problem}`));
  for (const [where, endpoint] of uiEndpoints(form.uiSchema, 'uiSchema'))
    checkEndpoint(endpoint, `${at}.${where}`, options, problems);
  const remoteProblems: string[] = [];
  remoteSelectProblems(form.uiSchema, '', null, remoteProblems);
  problems.push(...remoteProblems.map((problem) => `${at}: ${problem}`));
  for (const [text, path] of Object.entries(form.messages?.fieldOf ?? {})) {
    if (!schemaHasPath(form.schema, path))
      problems.push(`${at}.messages.fieldOf puts '${text}' under ${path}, which is no field of the schema`);
  }
  if (form.load) checkEndpoint(form.load.endpoint, `${at}.load.endpoint`, options, problems);
  if (form.lookup) checkEndpoint(form.lookup.endpoint, `${at}.lookup.endpoint`, options, problems);
  // A local form has no save calls (see `FormConfig.local`).
  if (!form.local) checkEndpoint(form.submit.create, `${at}.submit.create`, options, problems);
  if (!form.local && form.submit.update) checkEndpoint(form.submit.update, `${at}.submit.update`, options, problems);
  checkLink(form.after, `${at}.after`, options, problems);
  checkLink(form.back, `${at}.back`, options, problems);
}

function checkList(list: ListConfig, options: CheckOptions, problems: string[]): void {
  checkEndpoint(list.source, 'source', options, problems);
  if (list.lookup) checkEndpoint(list.lookup.endpoint, 'lookup.endpoint', options, problems);
  checkColumns(list.columns, 'columns', options, problems);
  list.filters?.forEach((filter, i) => {
    if (filter.kind === 'remoteSelect')
      checkEndpoint(filter.endpoint, `filters[${i}] (${filter.label}).endpoint`, options, problems);
  });
  list.headerButtons?.forEach((button, i) => {
    if ('to' in button) checkLink(button.to, `headerButtons[${i}] (${button.label})`, options, problems);
    else if ('modal' in button)
      checkForm(button.modal, `headerButtons[${i}] (${button.label}).modal`, options, problems);
    else {
      checkEndpoint(button.drawer.endpoint, `headerButtons[${i}] (${button.label}).drawer.endpoint`, options, problems);
      checkColumns(button.drawer.columns, `headerButtons[${i}] (${button.label}).drawer.columns`, options, problems);
    }
  });
  list.inlineForms?.forEach((form, i) => {
    checkForm(form, `inlineForms[${i}] (${form.title.create})`, options, problems);
  });
  checkLink(list.edit?.to, 'edit.to', options, problems);
  if (list.edit?.modal) checkForm(list.edit.modal, 'edit.modal', options, problems);
  if (list.remove) checkEndpoint(list.remove.endpoint, 'remove.endpoint', options, problems);
  if (list.rowActions) checkRowActions(list.rowActions, options, problems);
}

const isCount = (value: unknown, least: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= least;

/**
 * A sheet's columns, caps, file limits, processors, export and format: keys unique, counts whole, limits positive,
 * processors named once each, export and format naming columns of the sheet.
 */
function checkSheet(sheet: SheetConfig, options: CheckOptions, problems: string[]): void {
  checkEndpoint(sheet.submit.endpoint, 'submit.endpoint', options, problems);
  checkLink(sheet.back, 'back', options, problems);
  const keys = new Set<string>();
  sheet.columns.forEach((column, i) => {
    if (column.key === '') problems.push(`columns[${i}] has no key`);
    else if (keys.has(column.key)) problems.push(`columns[${i}]: key "${column.key}" is used twice`);
    keys.add(column.key);
  });
  if (!isCount(sheet.maxRows, 1))
    problems.push(`maxRows must be a whole number of at least 1 (is ${String(sheet.maxRows)})`);
  if (!isCount(sheet.spareRows, 0))
    problems.push(`spareRows must be a whole number of at least 0 (is ${String(sheet.spareRows)})`);
  if (sheet.submit.chunkSize !== undefined && !isCount(sheet.submit.chunkSize, 1))
    problems.push(`submit.chunkSize must be a whole number of at least 1`);
  const files = sheet.files;
  if (files) {
    if (files.types?.length === 0) problems.push('files.types must name some of xlsx, xls, csv (is [])');
    for (const key of ['maxMb', 'timeoutMs'] as const) {
      const value = files[key];
      if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0))
        problems.push(`files.${key} must be a positive number`);
    }
  }
  const named = new Set<string>();
  sheet.processors?.forEach((processor, i) => {
    if (processor.name === '') problems.push(`processors[${i}] has no name`);
    else if (named.has(processor.name)) problems.push(`processors[${i}]: name "${processor.name}" is used twice`);
    named.add(processor.name);
    if (processor.concurrency !== undefined && !isCount(processor.concurrency, 1))
      problems.push(`processors[${i}] (${processor.name}): concurrency must be a whole number of at least 1`);
  });
  if (sheet.export) {
    if (!/^[\w.-]{1,100}\.csv$/.test(sheet.export.fileName))
      problems.push(`export.fileName must be a file name ending in .csv (is "${sheet.export.fileName}")`);
    sheet.export.columns?.forEach((key) => {
      if (!keys.has(key)) problems.push(`export.columns names "${key}", which is no column of the sheet`);
    });
  }
  if (sheet.format) {
    const headers = new Set(sheet.columns.flatMap((column) => [column.key, column.title ?? column.key]));
    for (const key of Object.keys(sheet.format.example))
      if (!headers.has(key)) problems.push(`format.example names "${key}", which is no column of the sheet`);
  }
}

/**
 * A tool page: its form's uiSchema against its schema (and the endpoints and remote selects it names), each action's
 * fixed endpoint, action labels used once, and its blocks.
 */
function checkTool(tool: ToolConfig, options: CheckOptions, problems: string[]): void {
  uiAgainstSchema(tool.uiSchema, [tool.schema], '', problems);
  const labels = new Set<string>();
  tool.actions.forEach((action, i) => {
    if (labels.has(action.label)) problems.push(`actions[${i}]: label "${action.label}" is used twice`);
    labels.add(action.label);
    if (typeof action.endpoint !== 'function')
      checkEndpoint(action.endpoint, `actions[${i}] (${action.label}).endpoint`, options, problems);
    if (action.paged && !(Number.isInteger(action.paged.size) && action.paged.size >= 1 && action.paged.size <= 100)) {
      problems.push(`actions[${i}] (${action.label}).paged.size must be a whole number from 1 to 100`);
    }
    if (action.paged && !tool.result)
      problems.push(`actions[${i}] (${action.label}) is paged but the page has no result box`);
  });
  autocompleteProblems(tool.uiSchema, '', problems);
  for (const [where, endpoint] of uiEndpoints(tool.uiSchema, 'uiSchema'))
    checkEndpoint(endpoint, where, options, problems);
  const fields = isRecord(tool.schema.properties) ? Object.keys(tool.schema.properties) : [];
  remoteSelectProblems(tool.uiSchema, '', fields, problems);
  checkToolGroups(tool, fields, problems);
}

/** A tool's blocks: titled once each, naming fields of the schema, each field in one block at most, columns 1 to 3. */
function checkToolGroups(tool: ToolConfig, fields: readonly string[], problems: string[]): void {
  if (tool.groups === undefined) return;
  const titles = new Set<string>();
  const placed = new Map<string, string>();
  tool.groups.forEach((group, i) => {
    const where = `groups[${i}] (${group.title})`;
    if (group.title.trim() === '') problems.push(`groups[${i}] has no title`);
    else if (titles.has(group.title)) problems.push(`${where}: title "${group.title}" is used twice`);
    titles.add(group.title);
    if (group.fields.length === 0) problems.push(`${where} names no fields`);
    for (const field of group.fields) {
      if (!fields.includes(field)) problems.push(`${where} names "${field}", which is not a property of the schema`);
      else if (placed.has(field)) problems.push(`${where} names "${field}", which is in ${placed.get(field)} already`);
      else placed.set(field, where);
    }
    if (group.reset?.trim() === '') problems.push(`${where}.reset must be a button label`);
    if (group.columns !== undefined && !(Number.isInteger(group.columns) && group.columns >= 1 && group.columns <= 3))
      problems.push(`${where}.columns must be a whole number from 1 to 3`);
  });
}

/**
 * Each `remoteSelect` of a uiSchema: its `search` names the query value the text is sent as (and a whole `minChars`,
 * and the query value a chosen id is looked up by, `byId`),
 * its `query` maps query values to texts (`where`, which filtered rows in the browser, is gone: the server filters), and its `queryFrom` names top-level fields of the form (`fields`; none: the
 * form hands its widgets no values, as only tool pages do).
 */
function remoteSelectProblems(ui: unknown, at: string, fields: readonly string[] | null, problems: string[]): void {
  if (!isRecord(ui)) return;
  if (ui['ui:widget'] === 'remoteSelect' && isRecord(ui['ui:options'])) {
    const where = at || '(root)';
    const { search, queryFrom, query, where: removed } = ui['ui:options'];
    if (search !== undefined) {
      const { param, minChars, byId }: Record<string, unknown> = isRecord(search) ? search : {};
      if (typeof param !== 'string' || param === '')
        problems.push(`${where}: the remoteSelect's search needs param, the query value the typed text is sent as`);
      if (minChars !== undefined && !isCount(minChars, 0))
        problems.push(`${where}: the remoteSelect's search.minChars must be a whole number of at least 0`);
      if (byId !== undefined && (typeof byId !== 'string' || byId === ''))
        problems.push(`${where}: the remoteSelect's search.byId must name the query value a chosen id is sent as`);
    }
    if (query !== undefined && !(isRecord(query) && Object.values(query).every((value) => typeof value === 'string'))) {
      problems.push(`${where}: the remoteSelect's query must map query values to texts`);
    }
    if (removed !== undefined)
      problems.push(`${where}: the remoteSelect's where is gone: send the values with query (the server filters)`);
    if (queryFrom !== undefined) {
      if (!isRecord(queryFrom) || Object.keys(queryFrom).length === 0)
        problems.push(`${where}: the remoteSelect's queryFrom must map query values to fields`);
      else if (fields === null)
        problems.push(
          `${where}: the remoteSelect's queryFrom reads other fields, which only a tool page hands its widgets`,
        );
      else {
        for (const [key, field] of Object.entries(queryFrom)) {
          if (typeof field !== 'string' || !fields.includes(field))
            problems.push(
              `${where}: the remoteSelect's queryFrom.${key} names "${String(field)}", which is not a field of the form`,
            );
          else if (at === field) problems.push(`${where}: the remoteSelect's queryFrom.${key} names the field itself`);
        }
      }
    }
  }
  for (const [key, value] of Object.entries(ui))
    if (!key.startsWith('ui:')) remoteSelectProblems(value, at ? `${at}.${key}` : key, fields, problems);
}

/** Each `autocomplete` widget of a uiSchema names its suggestions: a list of texts. */
function autocompleteProblems(ui: unknown, at: string, problems: string[]): void {
  if (!isRecord(ui)) return;
  if (ui['ui:widget'] === 'autocomplete') {
    const suggestions = isRecord(ui['ui:options']) ? ui['ui:options'].suggestions : undefined;
    if (!Array.isArray(suggestions) || suggestions.length === 0 || !suggestions.every((s) => typeof s === 'string')) {
      problems.push(`${at || '(root)'}: the autocomplete widget needs ui:options.suggestions, a list of texts`);
    }
  }
  for (const [key, value] of Object.entries(ui))
    if (!key.startsWith('ui:')) autocompleteProblems(value, at ? `${at}.${key}` : key, problems);
}

/**
 * What is wrong with a screen config, as sentences (none: it is sound): its kind is registered; every widget and
 * field its uiSchemas name is registered; every uiSchema key names a property of the schema; every endpoint is a
 * call (and, given `calls`, one of the API's); links name registered paths (given `paths`); labels and keys are
 * used once. What the config types guarantee (a function is a function, a kind or a column kind one of its union's)
 * the compiler checks, not this. A unit test runs it over every registered screen, so a broken config fails there
 * rather than at render.
 */
export function configProblems(config: AnyScreenConfig, options: CheckOptions = {}): string[] {
  const problems: string[] = [];
  if (!Object.hasOwn(kindsWith(options.extensions), config.kind)) problems.push(`unknown screen kind "${config.kind}"`);
  if (isKind(config, 'list')) checkList(config, options, problems);
  if (isKind(config, 'form')) checkForm(config, 'form', options, problems);
  if (isKind(config, 'sheet')) checkSheet(config, options, problems);
  if (isKind(config, 'tool')) checkTool(config, options, problems);
  return problems;
}

/** Throws, naming the config and listing every problem, when `configProblems` finds any. */
export function checkConfig(config: AnyScreenConfig, options: CheckOptions = {}): void {
  const problems = configProblems(config, options);
  if (problems.length > 0) throw new Error(`Config "${configName(config)}" is broken:\n- ${problems.join('\n- ')}`);
}
