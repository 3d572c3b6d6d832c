import type { JSONSchema } from 'json-schema-to-ts';
import { cursorFields, estimatedMeta, cursorMeta } from '../list-cursor';
import { PAGED_LIST_MSG, pagedQueryProperties } from '../partner';
import { scopedIdQuerySchema } from '../lookup';
import { dataScopeQuerySchema } from '../alerts';
import { BODY_OBJECT, MSG, idField } from '../messages';
import {
  answerSchemaOf,
  bodySchemaOf,
  type CallKind,
  DEFAULT_CALL_KINDS,
  type DefaultCallKind,
  idAnswerOf,
  idColumnOf,
  idNameOf,
  ownerOf,
  labelInWords,
  type NumberedPaging,
  oneOf,
  patchSchemaOf,
  saveBodySchemaOf,
  settingAnswerOf,
  settingBodyOf,
  sortsOf,
  type Resource,
  type ResourceRecord,
  type ResourceSave,
} from '../resource';
import type { Answering } from './contract';
import { logoSchema } from '../transporter';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import { ANSWERS } from './answers';
import { AGGREGATES } from './aggregates';
import type { AuditRef } from '../audited/declaration';
import { materials } from '../resources/materials';
import { vehicles } from '../resources/vehicles';
import {
  type Aggregate,
  defineCall,
  type Owned,
  IDS_IN_BODY,
  IDS_IN_QUERY,
  SCOPE_IN_QUERY,
  type ScopeSource,
} from './contract';
import { PARTNER, platformWide } from './refers';
import { int, list, none, shape } from './shapes';

/** Where a resource's rows are kept and whose they are: what `owns` checks for a call that names one by id. */
export const aggregateOf = (resource: Resource): Aggregate => ({
  name: resource.objectType,
  table: resource.table,
  id: idColumnOf(resource),
  branch: resource.reach !== 'company',
  department: resource.reach === 'department',
});

/**
 * What the calls of a resource kept per owner (see `ownerOf`) add to their query: the owner's field, named in `refers`
 * (a partner of the company), and the refusal of a TRANSPORTER's call that names none.
 */
function ownerParts(resource: Resource) {
  const owner = ownerOf(resource);
  if (!owner) return { properties: {}, refers: {}, messages: [] };
  return {
    properties: { [owner.name]: idField(owner.name) },
    refers: { [`query.${owner.name}`]: PARTNER },
    messages: [MSG.selectConsignor],
  };
}

/**
 * The main API's query of a resource's call: the scope, the owner's field where it has one (see {@link ownerParts}),
 * the fields every call must send (`api.queryNeeds`, required in their rules' words), and `more` (`needed` among them
 * required too, in the words given).
 */
function scopedQuery(
  resource: Resource,
  more: Readonly<Record<string, JSONSchema>> = {},
  needed: Readonly<Record<string, string>> = {},
): JSONSchema {
  const needs = resource.api?.queryNeeds ?? {};
  const required = {
    c: MSG.selectCompany,
    ...Object.fromEntries(Object.entries(needs).map(([name, rule]) => [name, rule.errorMessage])),
    ...needed,
  };
  const query = {
    ...scopeQuerySchema,
    properties: { ...scopeQuerySchema.properties, ...ownerParts(resource).properties, ...needs, ...more },
    required: Object.keys(required),
    errorMessage: { required },
  } as const;
  return query;
}

/** The refusal of an id a call must name and does not, or names oddly (at most 64 characters). */
const namedIdField = (message: string) =>
  ({ type: 'string', minLength: 1, maxLength: 64, errorMessage: message }) as const;

/** The records a kind of reference names, where a call may name one (`api.parent`, `api.owns`). */
const REFERRED: Partial<Record<AuditRef, Aggregate>> = {
  route: AGGREGATES.route,
  vehicle: aggregateOf(vehicles),
  material: aggregateOf(materials),
};

/**
 * What a write checks within the scope's reach before it runs: the parent its query names (`api.parent`) and the
 * records its body names (`api.owns`), each by its field's `refs` kind.
 */
function referencesOf(resource: Resource, kind: 'create' | 'list' = 'create'): Owned[] {
  const { parent, owns = [] } = resource.api ?? {};
  const named = [
    ...(parent ? [{ name: parent.field, id: `query.${parent.field}` as const }] : []),
    ...(kind === 'create' ? owns.map((name) => ({ name, id: `body.${name}` as const })) : []),
  ];
  return named.map(({ name, id }) => {
    const kind = resource.refs?.[resource.fields[name].column];
    const aggregate = kind && REFERRED[kind];
    if (!aggregate) throw new Error(`${resource.name}.${name} names no record a call can check (its refs kind)`);
    return { aggregate, id };
  });
}

/** The records of other tables a call of `kind` names, checked within the scope's reach (see `api.names`). */
function namesOf(resource: Resource, kind: CallKind) {
  const names = resource.api?.names?.[kind];
  return names === undefined ? {} : { owns: names };
}

/** The query of a create: the scope's and, where the record is a child, its parent's id (see `api.parent`). */
function createQueryOf(resource: Resource): JSONSchema | undefined {
  const { parent } = resource.api ?? {};
  if (!parent) return undefined;
  const query = {
    ...scopeQuerySchema,
    properties: {
      ...scopeQuerySchema.properties,
      [parent.field]: { type: 'string', minLength: 1, maxLength: 64, errorMessage: parent.message },
    },
    required: ['c', parent.field],
    errorMessage: { required: { c: MSG.selectCompany, [parent.field]: parent.message } },
  } as const;
  return query;
}

/** The list's query of ours: the scope, and a search, page, size, sort, order or cursor. */
function listQuery(resource: Resource): JSONSchema {
  const sorts = sortsOf(resource);
  const byId = resource.api?.byIdInList ? { [idNameOf(resource)]: idField(idNameOf(resource)) } : {};
  const query = {
    ...scopeQuerySchema,
    properties: {
      ...scopeQuerySchema.properties,
      ...ownerParts(resource).properties,
      ...byId,
      ...pagedQueryProperties,
      sort: { type: 'string', maxLength: 32, enum: sorts, errorMessage: `Sort must be one of ${sorts.join(', ')}` },
      order: { type: 'string', maxLength: 4, enum: ['asc', 'desc'], errorMessage: PAGED_LIST_MSG.order },
      ...cursorFields,
    },
  } as const;
  return query;
}

/** The list's query of a list paged by number in a spec's words: the scope, the page, its size and a search. */
function numberedQuery({ page, size, first, defaultSize, maxSize, messages }: NumberedPaging): JSONSchema {
  const query = {
    ...scopeQuerySchema,
    properties: {
      ...scopeQuerySchema.properties,
      [size]: {
        type: 'integer',
        minimum: 1,
        maximum: maxSize,
        default: defaultSize,
        errorMessage: messages.size,
      },
      [page]: { type: 'integer', minimum: first, maximum: 100_000, default: first, errorMessage: messages.page },
      q: { type: 'string', maxLength: 100, errorMessage: messages.search },
    },
  } as const;
  return query;
}

/**
 * The id in a call's path: a text id as every record's (a missing or odd one is not found), or the whole number the
 * database numbers a record by (a longer or odd one refused before any read).
 */
function idParamsOf(resource: Resource) {
  if (resource.idPrefix !== undefined) return idParamsSchema;
  const wholeNumber = {
    type: 'object',
    properties: {
      id: {
        type: 'string',
        maxLength: 10,
        pattern: '^[1-9][0-9]{0,9}$',
        errorMessage: `The ${resource.noun} id must be a whole number`,
      },
    },
    required: ['id'],
  } as const;
  return wholeNumber;
}

/** The main API's query of a call naming one record by `?id=` (or the id's own name): the scope, its owner and the id. */
function mainIdQuery(resource: Resource): JSONSchema {
  const name = idNameOf(resource);
  if (name === 'id' && !ownerOf(resource) && !resource.api?.queryNeeds) return scopedIdQuerySchema;
  return scopedQuery(resource, { [name]: namedIdField('Not found') }, { [name]: 'Not found' });
}

/** Each call's id after the prefix, unless the declaration names it otherwise. */
const CALL_IDS: Readonly<Record<CallKind, string>> = {
  list: 'list',
  byId: 'get',
  create: 'create',
  update: 'update',
  remove: 'delete',
  toggle: 'toggle',
  save: 'save',
  read: 'get',
  put: 'add',
};

/** The scope a save names in its body: the data family's `companyId` and `branchId` (a save takes no department). */
const SCOPE_IN_BODY = { in: 'body', c: 'companyId', b: 'branchId' } as const satisfies ScopeSource;

/**
 * The query of a data-family call that names one record by `?id=`: the scope, the id (refused without one in the
 * declaration's words) and the fields a fetch by id may name beside it.
 */
function dataIdQuery(resource: Resource): JSONSchema {
  const message = resource.api?.idMessage ?? 'Not found';
  const filters = (resource.api?.byIdFilters ?? []).map((name) => [name, resource.fields[name].schema]);
  const query = {
    ...dataScopeQuerySchema,
    properties: {
      ...dataScopeQuerySchema.properties,
      ...resource.api?.query,
      id: { type: 'string', minLength: 1, maxLength: 64, errorMessage: message },
      ...Object.fromEntries(filters),
    },
    required: ['companyId', 'id'],
    errorMessage: { required: { companyId: MSG.selectCompany, id: message } },
  } as const;
  return query;
}

/**
 * What every call of a resource shares: its service, envelope and scope (the main API's, `c`, `b`, `d`; the data
 * family's, `companyId`, `branchId`, `departmentId`, answered in its `{status, result}`), its ids and paths.
 */
function basics(resource: Resource) {
  const api = resource.api ?? {};
  const { path } = resource;
  if (path === undefined) throw new Error(`${resource.name} has calls but no path`);
  const dataQuery = {
    ...dataScopeQuerySchema,
    properties: { ...dataScopeQuerySchema.properties, ...api.query },
  } as const;
  const inScope =
    api.service === 'data'
      ? ({
          service: 'data',
          envelope: 'data',
          querystring: dataQuery,
          scope: IDS_IN_QUERY,
          area: resource.name,
        } as const)
      : ({
          service: api.service ?? 'main',
          envelope: 'main',
          area: resource.name,
          querystring: ownerOf(resource) || api.queryNeeds ? scopedQuery(resource) : scopeQuerySchema,
          scope: SCOPE_IN_QUERY,
        } as const);
  const idOf = (kind: CallKind) => `${api.prefix ?? resource.name}.${api.ids?.[kind] ?? CALL_IDS[kind]}`;
  /** A call's path: its own (one without a leading slash is under the resource's `path`), or `otherwise`. */
  const pathOf = (kind: CallKind, otherwise: string) => {
    const own = api.paths?.[kind];
    return own === undefined ? otherwise : own.startsWith('/') ? own : `${path}/${own}`;
  };
  /** A call that names one record: by `?id=` beside the scope, or in its path (`path/:id`). */
  const one = (kind: CallKind) => {
    const aggregate = aggregateOf(resource);
    if (api.idInQuery)
      return {
        ...inScope,
        path: pathOf(kind, path),
        querystring: api.service === 'data' ? dataIdQuery(resource) : mainIdQuery(resource),
        owns: [{ aggregate, id: `query.${idNameOf(resource)}` } as const, ...(api.names?.[kind] ?? [])],
      } as const;
    return {
      ...inScope,
      path: pathOf(kind, `${path}/:id`),
      params: idParamsOf(resource),
      owns: [{ aggregate, id: 'params.id' }, ...(api.names?.[kind] ?? [])],
    } as const;
  };
  return { api, path, idOf, pathOf, inScope, one };
}

/**
 * What a create or update refuses and checks beyond its body's schema: the natural key taken (409), the rules', and
 * the master entry a body may name.
 */
function writeRules(resource: Resource) {
  const { api } = basics(resource);
  const { master } = resource;
  const refers = { ...api.refers, ...(master && { [`body.${master.field}`]: platformWide(master.what) }) };
  const { taken } = resource;
  return {
    messages: [...(api.ruleMessages ?? []), ...(taken === undefined ? [] : [taken])],
    ...(taken !== undefined && { answers: { 409: taken } }),
    ...(Object.keys(refers).length > 0 && { refers }),
    ...(api.bodyLimit !== undefined && { bodyLimit: api.bodyLimit }),
  };
}

/** The natural key in words ("date and region"). */
const keyWordsOf = (resource: Resource) =>
  resource.naturalKey.map((field) => labelInWords(resource.fields[field].label)).join(' and ');

/** The refusal of a second record of one natural key in a summary, or nothing where records may share one. */
const takenWords = (resource: Resource, what: string) =>
  resource.taken === undefined ? '' : `; 409 when ${what} of that ${keyWordsOf(resource)}`;

/**
 * The list of a resource (GET): ours, a page of the scope's records searched and sorted, with their total and the next
 * page's cursor; paged by number in a spec's words, `{total, data}` of a page newest first; or unpaged, every record of
 * the scope in the list's order.
 */
export function listCall(resource: Resource) {
  const { api, path, idOf, pathOf, inScope } = basics(resource);
  const { plural } = resource;
  // A child's list is one parent's (`api.parent.list`): its query names the parent, checked within reach.
  const ofParent = api.parent?.list
    ? { querystring: createQueryOf(resource), owns: referencesOf(resource, 'list') }
    : {};
  const owner = ownerParts(resource);
  // A fetch of one by its id in the list's query (`api.byIdInList`): checked within reach, answered with its ETag.
  const byId = api.byIdInList
    ? ({ owns: [{ aggregate: aggregateOf(resource), id: `query.${idNameOf(resource)}` }], etag: true } as const)
    : {};
  const common = {
    ...inScope,
    ...(api.listQuery && { querystring: api.listQuery }),
    ...namesOf(resource, 'list'),
    ...ofParent,
    ...byId,
    ...(owner.messages.length > 0 && { messages: owner.messages, refers: owner.refers }),
    id: idOf('list'),
    method: 'GET',
    path: pathOf('list', path),
  } as const;
  const answer = answerSchemaOf(resource);
  if (api.unpaged) return defineCall({ ...common, summary: `The scope's ${plural}`, answer: list(answer) });
  if (api.numbered) {
    const { page, size, first } = api.numbered;
    return defineCall({
      ...common,
      summary: `A page of the company's ${plural} (${page} from ${first}, ${size} rows, q searches): data.total and data.data, newest first`,
      querystring: numberedQuery(api.numbered),
      answer: shape({ total: int, data: list(answer) }),
    });
  }
  return defineCall({
    ...common,
    summary: `${listModes(resource)}A page of the scope's ${plural} (q searches, sort and order sort, after reads the page after a cursor), with their total and the next page's cursor`,
    querystring: listQuery(resource),
    answer: list(answer),
    meta: {
      total: { ...int, description: `How many ${plural} match (a page read by number only)` },
      ...estimatedMeta,
      ...cursorMeta,
    },
  });
}

/** What a list answers beside a page, in words: one record named by id, or all of them unless a page is asked for. */
function listModes(resource: Resource): string {
  const { byIdInList, allUnlessPaged } = resource.api ?? {};
  const owner = ownerOf(resource);
  return [
    owner ? `A TRANSPORTER's for the consignor ${owner.name} names. ` : '',
    byIdInList ? `With ${idNameOf(resource)}, that one ${resource.noun} (a list of one), with its ETag. ` : '',
    allUnlessPaged ? `Without q, page, size, sort, order or a cursor, every ${resource.noun} of the scope. ` : '',
  ].join('');
}

/** One record by its id (GET path/:id, or ?id=), with its ETag. */
export function byIdCall(resource: Resource) {
  const { idOf, one } = basics(resource);
  const common = {
    ...one('byId'),
    id: idOf('byId'),
    method: 'GET',
    summary: `One ${resource.noun}, with its ETag`,
    etag: true,
  } as const;
  const answer = answerSchemaOf(resource);
  if (resource.api?.byIdInResult && typeof answer === 'object' && answer.properties)
    return defineCall({
      ...common,
      answer: {
        ...none,
        description: `Not sent: the ${resource.noun} is result itself, its fields beside status and message`,
      },
      meta: answer.properties,
    });
  return defineCall({ ...common, answer });
}

/**
 * Adds a record to the scope (POST path); 409 when the scope has one of its natural key. Answers the record with its
 * ETag, or (a spec's `createAnswer`) its id alone.
 */
export function createCall(resource: Resource) {
  const { api, path, idOf, pathOf, inScope } = basics(resource);
  const from = resource.master ? ' from the master list or a custom one' : '';
  const references = [...referencesOf(resource), ...(api.names?.create ?? [])];
  const query = createQueryOf(resource);
  const common = {
    ...inScope,
    ...(query && { querystring: query }),
    ...(references.length > 0 && { owns: references }),
    ...writeRules(resource),
    id: idOf('create'),
    method: 'POST',
    path: pathOf('create', path),
    summary: `Adds ${oneOf(resource)}${from} to the scope${resource.taken === undefined ? '' : ` (409 when it has one of that ${keyWordsOf(resource)} already)`}`,
    body: bodySchemaOf(resource),
  } as const;
  if (api.createAnswer) return defineCall({ ...common, answer: shape({ [api.createAnswer]: idAnswerOf(resource) }) });
  return defineCall({ ...common, etag: true, answer: answerSchemaOf(resource) });
}

/**
 * Changes a record (PUT path/:id of every field, or PATCH of the fields sent; If-Match honoured); 409 when the scope has
 * another of its natural key.
 */
export function updateCall(resource: Resource) {
  const { api, idOf, one, inScope, path, pathOf } = basics(resource);
  if (api.updateInBody) {
    const owner = ownerOf(resource);
    const rules = writeRules(resource);
    const owned = ownerParts(resource);
    return defineCall({
      ...inScope,
      ...rules,
      ...(owner && {
        refers: { ...rules.refers, ...owned.refers, [`body.${owner.name}`]: PARTNER },
        messages: [...owned.messages, ...rules.messages],
      }),
      id: idOf('update'),
      owns: [{ aggregate: aggregateOf(resource), id: `body.${idNameOf(resource)}` }],
      method: 'POST',
      path: pathOf('update', `${path}/update`),
      summary: `Changes ${oneOf(resource)} its body names by ${idNameOf(resource)} (a stale If-Match gets 412${takenWords(resource, 'the scope has another')})`,
      body: api.updateBody ?? bodySchemaOf(resource),
      versioned: true,
      answer: answerSchemaOf(resource),
    });
  }
  return defineCall({
    ...one('update'),
    ...writeRules(resource),
    id: idOf('update'),
    method: api.patch ? 'PATCH' : 'PUT',
    summary: `Changes ${api.patch ? `the fields sent of ${oneOf(resource)}` : oneOf(resource)} (a stale If-Match gets 412${takenWords(resource, 'the scope has another')})`,
    body: api.updateBody ?? (api.patch ? patchSchemaOf(resource) : bodySchemaOf(resource)),
    versioned: true,
    answer: answerSchemaOf(resource),
  });
}

/**
 * Deletes a record (DELETE path/:id, or ?id=); 409 while a record of another table names it. If-Match is honoured where
 * a read gives the record's ETag (a catalogue read only as a list has none to send).
 */
export function removeCall(resource: Resource) {
  const { api, idOf, one } = basics(resource);
  const uses = (resource.usedBy ?? []).map((use) => use.message);
  const kinds: readonly CallKind[] = api.calls ?? DEFAULT_CALL_KINDS;
  const versioned = kinds.includes('byId') || api.byIdInList === true;
  const owner = ownerParts(resource);
  const refusals = [
    ...(versioned ? ['a stale If-Match gets 412'] : []),
    ...(uses.length > 0 ? ['409 while something names it'] : []),
  ];
  return defineCall({
    ...one('remove'),
    id: idOf('remove'),
    method: 'DELETE',
    summary: `Deletes ${oneOf(resource)}${refusals.length > 0 ? ` (${refusals.join('; ')})` : ''}`,
    ...(uses.length > 0 && { answers: { 409: uses.join(' / ') } }),
    ...(uses.length + owner.messages.length > 0 && { messages: [...owner.messages, ...uses] }),
    ...(owner.messages.length > 0 && { refers: owner.refers }),
    ...(versioned && { versioned: true }),
    answer: none,
  });
}

/**
 * Flips a boolean field of a record named by an id in the body (POST; If-Match honoured), answering the record with
 * the words of its new state (see {@link ResourceToggle}).
 */
export function toggleCall(resource: Resource) {
  const { api, path, idOf, pathOf, inScope } = basics(resource);
  const { toggle } = api;
  if (!toggle) throw new Error(`${resource.name} has a toggle call but no api.toggle`);
  const message = api.idMessage ?? 'Not found';
  const body = {
    type: 'object',
    properties: {
      ...toggle.more,
      [toggle.id]: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: message },
    },
    required: [toggle.id],
    errorMessage: { type: BODY_OBJECT, required: { [toggle.id]: message } },
  } as const;
  return defineCall({
    ...inScope,
    id: idOf('toggle'),
    owns: [{ aggregate: aggregateOf(resource), id: `body.${toggle.id}` }],
    method: 'POST',
    path: pathOf('toggle', `${path}/toggle`),
    summary: `Flips ${oneOf(resource).replace(/^an? /, 'the ')}'s ${labelInWords(resource.fields[toggle.field].label)} switch (a stale If-Match gets 412)`,
    body,
    messages: [toggle.on, toggle.off],
    versioned: true,
    answer: toggle.stateOnly
      ? shape({ id: idAnswerOf(resource), [toggle.field]: { type: 'boolean' } })
      : answerSchemaOf(resource),
  });
}

/** How a save's body says it edits a record, in words. */
const editWords = ({ edit }: ResourceSave) =>
  edit === undefined ? 'with an id' : `with ${edit.flag} ${edit.creates ? 'false' : 'true'} and ${edit.id}`;

/** The scope a save names in its body: with its department where the resource reaches one. */
const saveScopeOf = (resource: Resource): ScopeSource =>
  resource.reach === 'department' ? IDS_IN_BODY : SCOPE_IN_BODY;

/** What a save answers: the record; or its id and, in the data or beside it, its company (see {@link ResourceSave}). */
function savedAnswer(
  resource: Resource,
  { companiesAs, companiesInResult }: ResourceSave,
): { answer: JSONSchema; meta?: Readonly<Record<string, JSONSchema>> } {
  const id = idAnswerOf(resource);
  const companies = list({ type: 'string' });
  if (companiesAs === undefined) return { answer: answerSchemaOf(resource) };
  if (companiesInResult) return { answer: shape({ id }), meta: { [companiesAs]: companies } };
  return { answer: shape({ id, [companiesAs]: companies }) };
}

/**
 * Adds a record to the scope its body names or, with an `id`, changes that one (POST; If-Match honoured); 409 when the
 * scope has another of its natural key (see {@link ResourceSave}).
 */
export function saveCall(resource: Resource) {
  const { api, path, idOf, pathOf, inScope } = basics(resource);
  const { save } = api;
  if (!save) throw new Error(`${resource.name} has a save call but no api.save`);
  const rules = writeRules(resource);
  const saved = savedAnswer(resource, save);
  const { taken } = resource;
  const answers: Readonly<Record<number, string>> =
    taken === undefined ? { 404: ANSWERS.notFoundInBody } : { 404: ANSWERS.notFoundInBody, 409: taken };
  return defineCall({
    service: inScope.service,
    envelope: inScope.envelope,
    area: resource.name,
    ...rules,
    id: idOf('save'),
    owns: [{ aggregate: aggregateOf(resource), id: `body.${save.edit?.id ?? 'id'}` }],
    method: 'POST',
    path: pathOf('save', `${path}/save`),
    summary: `Adds ${oneOf(resource)} to the scope the body names${save.upsert ? ` (or changes the scope's one of that ${keyWordsOf(resource)})` : ''} or, ${editWords(save)}, changes that one (a stale If-Match gets 412${takenWords(resource, save.upsert ? 'an edit would make a second' : 'the scope has another')})`,
    body: saveBodySchemaOf(resource),
    messages: [...new Set([...rules.messages, save.created, save.updated])],
    answers,
    versioned: true,
    answer: saved.answer,
    ...(saved.meta !== undefined && { meta: saved.meta }),
    scope: saveScopeOf(resource),
  });
}

/** The query of a setting's `read`: the scope, named `companyId` and (as its reach has them) `branchId`, `departmentId`. */
function settingQueryOf(resource: Resource): JSONSchema {
  const query = {
    type: 'object',
    properties: {
      companyId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: MSG.selectCompany },
      ...(resource.reach !== 'company' && { branchId: idField('branchId') }),
      ...(resource.reach === 'department' && { departmentId: idField('departmentId') }),
    },
    required: ['companyId'],
    errorMessage: { required: { companyId: MSG.selectCompany } },
  } as const;
  return query;
}

/**
 * What a setting's calls share (see {@link ResourceSetting}): their service and envelope, and the natural key named in
 * their path (`:feature`), each part by its field's rules.
 */
function settingBasics(resource: Resource, kind: 'read' | 'put', otherwise: string) {
  const { api, idOf, pathOf } = basics(resource);
  const path = pathOf(kind, otherwise);
  const missing = resource.naturalKey.filter((name) => !path.includes(`/:${name}`));
  if (missing.length > 0) throw new Error(`${resource.name}: the ${kind} path names no :${missing.join(', :')}`);
  const params = {
    type: 'object',
    properties: Object.fromEntries(resource.naturalKey.map((name) => [name, resource.fields[name].schema])),
    required: [...resource.naturalKey],
  } as const;
  const keyed = resource.naturalKey.length > 0;
  return {
    common: {
      service: api.service ?? 'main',
      envelope: 'main',
      area: resource.name,
      id: idOf(kind),
      path,
      ...(keyed && { params }),
    } as const,
    /** The record a call names, in words: the scope's, and of the natural key its path names. */
    which: keyed
      ? `the scope's ${resource.noun} of the ${keyWordsOf(resource)} in the path`
      : `the scope's ${resource.noun}`,
  };
}

/** A setting as the scope has it exactly (GET path/get): a list of at most one record (see {@link ResourceSetting}). */
export function readCall(resource: Resource) {
  const { path } = basics(resource);
  const { common, which } = settingBasics(resource, 'read', `${path}/get`);
  return defineCall({
    ...common,
    method: 'GET',
    summary: `${which[0].toUpperCase()}${which.slice(1)}, as a list of at most one (none saved: empty; a wider scope's is not this one's)`,
    querystring: settingQueryOf(resource),
    answer: list(settingAnswerOf(resource)),
    scope: IDS_IN_QUERY,
  });
}

/**
 * Saves a setting in the scope its body names (POST path/add): made, or else changed in place; a value of its natural
 * key may take rules of its own and keep the stored JSON's other keys (see {@link ResourceSetting}).
 */
export function putCall(resource: Resource) {
  const { api, path } = basics(resource);
  const { common, which } = settingBasics(resource, 'put', `${path}/add`);
  const byKey = Object.entries(api.setting?.byKey ?? {});
  const merging = byKey.filter(([, own]) => own.merge).map(([value]) => value);
  const kept =
    merging.length > 0 ? `; for ${merging.join(', ')} the stored JSON's keys the body does not send are kept` : '';
  return defineCall({
    ...common,
    ...writeRules(resource),
    method: 'POST',
    summary: `Saves ${which} the body names, made or else changed in place${kept}`,
    body: settingBodyOf(resource),
    answers: { 404: ANSWERS.notFoundInBody },
    answer: none,
    scope: IDS_IN_BODY,
  });
}

/**
 * The public read of a record's image field (GET path/:id/field, for an `<img>`: no desk token, no scope), answering its
 * bytes with their type, or 404 without one.
 */
export function imageCall(resource: Resource, name: string) {
  const { api, path } = basics(resource);
  return defineCall({
    service: api.service ?? 'main',
    envelope: 'none',
    public: true,
    id: `${api.prefix ?? resource.name}.${name}`,
    refers: { 'params.id': `a public ${labelInWords(resource.fields[name].label)}, read without any scope` },
    method: 'GET',
    path: `${path}/:id/${name}`,
    summary: `${oneOf(resource).replace(/^an? /, 'The ')}'s ${labelInWords(resource.fields[name].label)} (public, for <img>)`,
    params: idParamsOf(resource),
    produces: logoSchema.properties.type.enum,
  });
}

/** The public reads of a resource's images, by field name. */
export const imageCallsOf = (resource: Resource) =>
  Object.fromEntries(
    Object.entries(resource.fields)
      .filter(([, field]) => field.sql === 'image')
      .map(([name]) => [name, imageCall(resource, name)]),
  );

/** The builder of each kind of call. */
const BUILDERS = {
  list: listCall,
  byId: byIdCall,
  create: createCall,
  update: updateCall,
  remove: removeCall,
  toggle: toggleCall,
  save: saveCall,
  read: readCall,
  put: putCall,
};

/** Every kind of call a resource may have, built. */
export type ResourceCalls = { [K in CallKind]: ReturnType<(typeof BUILDERS)[K]> };

/** The kinds of call a declaration has: those it names in `api.calls`, or the five of a declaration that names none. */
type KindsOf<R extends Resource> = R extends { api: { calls: readonly (infer K extends CallKind)[] } }
  ? K
  : DefaultCallKind;

/**
 * What a call of kind `K` of resource `R` answers (its data), from the declaration: a list of its records (or a
 * numbered page of them), one record, or a create's id alone; `unknown` where a spec gives the answer a shape of its
 * own (a toggle's state, a save's companies, a record as the result itself, a setting), which its schema says instead.
 */
type AnswerOfKind<R extends Resource, K extends CallKind> = K extends 'list'
  ? R extends { api: { numbered: NumberedPaging } }
    ? { total: number; data: ResourceRecord<R>[] }
    : ResourceRecord<R>[]
  : K extends 'byId'
    ? R extends { api: { byIdInResult: true } }
      ? unknown
      : ResourceRecord<R>
    : K extends 'create'
      ? R extends { api: { createAnswer: infer N extends string } }
        ? { [P in N]: R extends { idPrefix: string } ? string : number }
        : ResourceRecord<R>
      : K extends 'update'
        ? ResourceRecord<R>
        : K extends 'toggle'
          ? R extends { api: { toggle: { stateOnly: true } } }
            ? unknown
            : ResourceRecord<R>
          : K extends 'save'
            ? R extends { api: { save: { companiesAs: string } } }
              ? unknown
              : ResourceRecord<R>
            : unknown;

/** The calls of resource `R`, by kind, each answering the records its declaration types (see `Answering`). */
export type CallsOf<R extends Resource> = {
  [K in KindsOf<R>]: ResourceCalls[K] & Answering<AnswerOfKind<R, K>>;
};

/**
 * The calls of a resource, built from its declaration by the builders above: `list`, `byId`, `create`, `update` and
 * `remove` (or those its `api.calls` names, `toggle` and `save` among them), in the main API's envelope and scope
 * (`c`, `b`, `d`) or the data family's, shaped as the
 * declaration's `api` says where a spec gives them their shape; each record named by id is checked within the scope's
 * reach, and a save that would repeat the natural key is refused with the declaration's words (409).
 */
export function resourceCallsOf(resource: Resource): Partial<ResourceCalls> {
  const kinds: readonly CallKind[] = resource.api?.calls ?? DEFAULT_CALL_KINDS;
  return {
    ...(kinds.includes('list') && { list: listCall(resource) }),
    ...(kinds.includes('byId') && { byId: byIdCall(resource) }),
    ...(kinds.includes('create') && { create: createCall(resource) }),
    ...(kinds.includes('update') && { update: updateCall(resource) }),
    ...(kinds.includes('remove') && { remove: removeCall(resource) }),
    ...(kinds.includes('toggle') && { toggle: toggleCall(resource) }),
    ...(kinds.includes('save') && { save: saveCall(resource) }),
    ...(kinds.includes('read') && { read: readCall(resource) }),
    ...(kinds.includes('put') && { put: putCall(resource) }),
  };
}
