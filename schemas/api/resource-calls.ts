import type { JSONSchema } from 'json-schema-to-ts';
import { cursorFields, estimatedMeta, cursorMeta } from '../list-cursor';
import { PAGED_LIST_MSG, pagedQueryProperties } from '../partner';
import { scopedIdQuerySchema } from '../lookup';
import {
  answerSchemaOf,
  bodySchemaOf,
  CALL_KINDS,
  type CallKind,
  idAnswerOf,
  labelInWords,
  type NumberedPaging,
  oneOf,
  patchSchemaOf,
  sortsOf,
  type Resource,
} from '../resource';
import { logoSchema } from '../transporter';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import { type Aggregate, defineCall, SCOPE_IN_QUERY } from './contract';
import { platformWide } from './refers';
import { int, list, none, shape } from './shapes';

/** Where a resource's rows are kept and whose they are: what `owns` checks for a call that names one by id. */
export const aggregateOf = (resource: Resource): Aggregate => ({
  name: resource.objectType,
  table: resource.table,
  id: 'id',
  branch: resource.reach !== 'company',
  department: resource.reach === 'department',
});

/** The list's query of ours: the scope, and a search, page, size, sort, order or cursor. */
function listQuery(resource: Resource): JSONSchema {
  const sorts = sortsOf(resource);
  const query = {
    ...scopeQuerySchema,
    properties: {
      ...scopeQuerySchema.properties,
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

/** Each call's id after the prefix, unless the declaration names it otherwise. */
const CALL_IDS: Readonly<Record<CallKind, string>> = {
  list: 'list',
  byId: 'get',
  create: 'create',
  update: 'update',
  remove: 'delete',
};

/** What every call of a resource shares: its service, envelope and scope, its ids and paths. */
function basics(resource: Resource) {
  const api = resource.api ?? {};
  const inScope = {
    service: api.service ?? 'main',
    envelope: 'main',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  } as const;
  const idOf = (kind: CallKind) => `${api.prefix ?? resource.name}.${api.ids?.[kind] ?? CALL_IDS[kind]}`;
  /** A call that names one record: by `?id=` beside the scope, or in its path (`path/:id`). */
  const one = (kind: CallKind) => {
    const aggregate = aggregateOf(resource);
    if (api.idInQuery)
      return {
        ...inScope,
        path: api.paths?.[kind] ?? resource.path,
        querystring: scopedIdQuerySchema,
        owns: [{ aggregate, id: 'query.id' }],
      } as const;
    return {
      ...inScope,
      path: api.paths?.[kind] ?? `${resource.path}/:id`,
      params: idParamsOf(resource),
      owns: [{ aggregate, id: 'params.id' }],
    } as const;
  };
  return { api, idOf, inScope, one };
}

/**
 * What a create or update refuses and checks beyond its body's schema: the natural key taken (409), the rules', and
 * the master entry a body may name.
 */
function writeRules(resource: Resource) {
  const { api } = basics(resource);
  const { master } = resource;
  const refers = { ...api.refers, ...(master && { [`body.${master.field}`]: platformWide(master.what) }) };
  return {
    messages: [...(api.ruleMessages ?? []), resource.taken],
    answers: { 409: resource.taken },
    ...(Object.keys(refers).length > 0 && { refers }),
    ...(api.bodyLimit !== undefined && { bodyLimit: api.bodyLimit }),
  };
}

/** The natural key in words ("date and region"). */
const keyWordsOf = (resource: Resource) =>
  resource.naturalKey.map((field) => labelInWords(resource.fields[field].label)).join(' and ');

/**
 * The list of a resource (GET): ours, a page of the scope's records searched and sorted, with their total and the next
 * page's cursor; paged by number in a spec's words, `{total, data}` of a page newest first; or unpaged, every record of
 * the scope in the list's order.
 */
export function listCall(resource: Resource) {
  const { api, idOf, inScope } = basics(resource);
  const { plural } = resource;
  const common = { ...inScope, id: idOf('list'), method: 'GET', path: api.paths?.list ?? resource.path } as const;
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
    summary: `A page of the scope's ${plural} (q searches, sort and order sort, after reads the page after a cursor), with their total and the next page's cursor`,
    querystring: listQuery(resource),
    answer: list(answer),
    meta: {
      total: { ...int, description: `How many ${plural} match (a page read by number only)` },
      ...estimatedMeta,
      ...cursorMeta,
    },
  });
}

/** One record by its id (GET path/:id, or ?id=), with its ETag. */
export function byIdCall(resource: Resource) {
  const { idOf, one } = basics(resource);
  return defineCall({
    ...one('byId'),
    id: idOf('byId'),
    method: 'GET',
    summary: `One ${resource.noun}, with its ETag`,
    etag: true,
    answer: answerSchemaOf(resource),
  });
}

/**
 * Adds a record to the scope (POST path); 409 when the scope has one of its natural key. Answers the record with its
 * ETag, or (a spec's `createAnswer`) its id alone.
 */
export function createCall(resource: Resource) {
  const { api, idOf, inScope } = basics(resource);
  const from = resource.master ? ' from the master list or a custom one' : '';
  const common = {
    ...inScope,
    ...writeRules(resource),
    id: idOf('create'),
    method: 'POST',
    path: api.paths?.create ?? resource.path,
    summary: `Adds ${oneOf(resource)}${from} to the scope (409 when it has one of that ${keyWordsOf(resource)} already)`,
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
  const { api, idOf, one } = basics(resource);
  return defineCall({
    ...one('update'),
    ...writeRules(resource),
    id: idOf('update'),
    method: api.patch ? 'PATCH' : 'PUT',
    summary: `Changes ${api.patch ? `the fields sent of ${oneOf(resource)}` : oneOf(resource)} (a stale If-Match gets 412; 409 when the scope has another of that ${keyWordsOf(resource)})`,
    body: api.patch ? patchSchemaOf(resource) : bodySchemaOf(resource),
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
  const versioned = (api.calls ?? CALL_KINDS).includes('byId');
  const refusals = [
    ...(versioned ? ['a stale If-Match gets 412'] : []),
    ...(uses.length > 0 ? ['409 while something names it'] : []),
  ];
  return defineCall({
    ...one('remove'),
    id: idOf('remove'),
    method: 'DELETE',
    summary: `Deletes ${oneOf(resource)}${refusals.length > 0 ? ` (${refusals.join('; ')})` : ''}`,
    ...(uses.length > 0 && { messages: uses, answers: { 409: uses.join(' / ') } }),
    ...(versioned && { versioned: true }),
    answer: none,
  });
}

/**
 * The public read of a record's image field (GET path/:id/field, for an `<img>`: no desk token, no scope), answering its
 * bytes with their type, or 404 without one.
 */
export function imageCall(resource: Resource, name: string) {
  const { api } = basics(resource);
  return defineCall({
    service: api.service ?? 'main',
    envelope: 'none',
    public: true,
    id: `${api.prefix ?? resource.name}.${name}`,
    refers: { 'params.id': `a public ${labelInWords(resource.fields[name].label)}, read without any scope` },
    method: 'GET',
    path: `${resource.path}/:id/${name}`,
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
const BUILDERS = { list: listCall, byId: byIdCall, create: createCall, update: updateCall, remove: removeCall };

/** Every kind of call a resource may have, built. */
export type ResourceCalls = { [K in CallKind]: ReturnType<(typeof BUILDERS)[K]> };

/** The kinds of call a declaration has: those it names in `api.calls`, or all five. */
type KindsOf<R extends Resource> = R extends { api: { calls: readonly (infer K extends CallKind)[] } } ? K : CallKind;

/** The calls of resource `R`, by kind. */
export type CallsOf<R extends Resource> = Pick<ResourceCalls, KindsOf<R>>;

/**
 * The calls of a resource, built from its declaration by the builders above: `list`, `byId`, `create`, `update` and
 * `remove` (or those its `api.calls` names), in the main API's envelope and scope (`c`, `b`, `d`), shaped as the
 * declaration's `api` says where a spec gives them their shape; each record named by id is checked within the scope's
 * reach, and a save that would repeat the natural key is refused with the declaration's words (409).
 */
export function resourceCallsOf(resource: Resource): Partial<ResourceCalls> {
  const kinds = resource.api?.calls ?? CALL_KINDS;
  return {
    ...(kinds.includes('list') && { list: listCall(resource) }),
    ...(kinds.includes('byId') && { byId: byIdCall(resource) }),
    ...(kinds.includes('create') && { create: createCall(resource) }),
    ...(kinds.includes('update') && { update: updateCall(resource) }),
    ...(kinds.includes('remove') && { remove: removeCall(resource) }),
  };
}
