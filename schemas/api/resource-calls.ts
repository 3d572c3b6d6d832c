import type { JSONSchema } from 'json-schema-to-ts';
import { afterField, estimatedMeta, nextMeta } from '../list-cursor';
import { PAGED_LIST_MSG, pagedQueryProperties } from '../partner';
import {
  answerSchemaOf,
  bodySchemaOf,
  labelInWords,
  type NumberedPaging,
  oneOf,
  sortsOf,
  type Resource,
} from '../resource';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import { type Aggregate, defineCall, SCOPE_IN_QUERY } from './contract';
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
      after: afterField,
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

/** What every call of a resource shares: its service, envelope and scope, its ids' prefix and paths. */
function basics(resource: Resource) {
  const api = resource.api ?? {};
  const inScope = {
    service: api.service ?? 'main',
    envelope: 'main',
    querystring: scopeQuerySchema,
    scope: SCOPE_IN_QUERY,
  } as const;
  const one = {
    ...inScope,
    path: `${resource.path}/:id`,
    params: idParamsOf(resource),
    owns: [{ aggregate: aggregateOf(resource), id: 'params.id' }],
  } as const;
  return { api, prefix: api.prefix ?? resource.name, inScope, one };
}

/** What a create or update refuses and checks beyond its body's schema: the natural key taken (409), the rules'. */
function writeRules(resource: Resource) {
  const { api } = basics(resource);
  return {
    messages: [...(api.ruleMessages ?? []), resource.taken],
    answers: { 409: resource.taken },
    ...(api.refers && { refers: api.refers }),
    ...(api.bodyLimit !== undefined && { bodyLimit: api.bodyLimit }),
  };
}

/** The natural key in words ("date and region"). */
const keyWordsOf = (resource: Resource) =>
  resource.naturalKey.map((field) => labelInWords(resource.fields[field].label)).join(' and ');

/**
 * The list of a resource (GET): ours, a page of the scope's records searched and sorted, with their total and the next
 * page's cursor; or, paged by number in a spec's words, `{total, data}` of a page newest first.
 */
export function listCall(resource: Resource) {
  const { api, prefix, inScope } = basics(resource);
  const { plural } = resource;
  const path = api.listPath ?? resource.path;
  const answer = answerSchemaOf(resource);
  if (api.numbered) {
    const { page, size, first } = api.numbered;
    return defineCall({
      ...inScope,
      id: `${prefix}.list`,
      method: 'GET',
      path,
      summary: `A page of the company's ${plural} (${page} from ${first}, ${size} rows, q searches): data.total and data.data, newest first`,
      querystring: numberedQuery(api.numbered),
      answer: shape({ total: int, data: list(answer) }),
    });
  }
  return defineCall({
    ...inScope,
    id: `${prefix}.list`,
    method: 'GET',
    path,
    summary: `A page of the scope's ${plural} (q searches, sort and order sort, after reads the page after a cursor), with their total and the next page's cursor`,
    querystring: listQuery(resource),
    answer: list(answer),
    meta: {
      total: { ...int, description: `How many ${plural} match (a page read by number only)` },
      ...estimatedMeta,
      ...nextMeta,
    },
  });
}

/** One record by the id in the path (GET path/:id), with its ETag. */
export function byIdCall(resource: Resource) {
  const { prefix, one } = basics(resource);
  return defineCall({
    ...one,
    id: `${prefix}.get`,
    method: 'GET',
    summary: `One ${resource.noun}, with its ETag`,
    etag: true,
    answer: answerSchemaOf(resource),
  });
}

/** Adds a record to the scope (POST path); 409 when the scope has one of its natural key. */
export function createCall(resource: Resource) {
  const { prefix, inScope } = basics(resource);
  return defineCall({
    ...inScope,
    ...writeRules(resource),
    id: `${prefix}.create`,
    method: 'POST',
    path: resource.path,
    summary: `Adds ${oneOf(resource)} to the scope (409 when it has one of that ${keyWordsOf(resource)} already)`,
    body: bodySchemaOf(resource),
    etag: true,
    answer: answerSchemaOf(resource),
  });
}

/** Changes a record (PUT path/:id, If-Match honoured); 409 when the scope has another of its natural key. */
export function updateCall(resource: Resource) {
  const { prefix, one } = basics(resource);
  return defineCall({
    ...one,
    ...writeRules(resource),
    id: `${prefix}.update`,
    method: 'PUT',
    summary: `Changes ${oneOf(resource)} (a stale If-Match gets 412; 409 when the scope has another of that ${keyWordsOf(resource)})`,
    body: bodySchemaOf(resource),
    versioned: true,
    answer: answerSchemaOf(resource),
  });
}

/** Deletes a record (DELETE path/:id, If-Match honoured). */
export function removeCall(resource: Resource) {
  const { prefix, one } = basics(resource);
  return defineCall({
    ...one,
    id: `${prefix}.delete`,
    method: 'DELETE',
    summary: `Deletes ${oneOf(resource)} (a stale If-Match gets 412)`,
    versioned: true,
    answer: none,
  });
}

/**
 * The calls of a resource, built from its declaration by the builders above: `list`, `byId`, `create`, `update` and
 * `remove`, in the main API's envelope and scope (`c`, `b`, `d`), shaped as the declaration's `api` says where a spec
 * gives them their shape; each record named by id is checked within the scope's reach, and a save that would repeat
 * the natural key is refused with the declaration's words (409).
 */
export function resourceCallsOf(resource: Resource) {
  return {
    list: listCall(resource),
    byId: byIdCall(resource),
    create: createCall(resource),
    update: updateCall(resource),
    remove: removeCall(resource),
  };
}

/** The calls of a resource, by kind. */
export type ResourceCalls = ReturnType<typeof resourceCallsOf>;
