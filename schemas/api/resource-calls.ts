import type { JSONSchema } from 'json-schema-to-ts';
import { afterField, estimatedMeta, nextMeta } from '../list-cursor';
import { PAGED_LIST_MSG, pagedQueryProperties } from '../partner';
import { answerSchemaOf, bodySchemaOf, sortsOf, type Resource } from '../resource';
import { idParamsSchema, scopeQuerySchema } from '../scope';
import { type Aggregate, defineCall, SCOPE_IN_QUERY } from './contract';
import { int, list, none } from './shapes';

/** Where a resource's rows are kept and whose they are: what `owns` checks for a call that names one by id. */
export const aggregateOf = (resource: Resource): Aggregate => ({
  name: resource.objectType,
  table: resource.table,
  id: 'id',
  branch: resource.reach !== 'company',
  department: resource.reach === 'department',
});

/** The list's query: the scope, and a search, page, size, sort, order or cursor. */
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

/**
 * The calls of a resource, built from its declaration in the main API's envelope and scope (`c`, `b`, `d`): `list`
 * (GET path: a page of the scope's records, searched and sorted, with the total and the next page's cursor),
 * `byId` (GET path/:id, with its ETag), `create` (POST path), `update` (PUT path/:id, If-Match honoured) and `remove`
 * (DELETE path/:id, If-Match honoured); each record named by id is checked within the scope's reach, and a save that
 * would repeat the natural key is refused with the declaration's words (409).
 */
export function resourceCallsOf(resource: Resource) {
  const { name, noun, plural, path, taken } = resource;
  const aggregate = aggregateOf(resource);
  const answer = answerSchemaOf(resource);
  const body = bodySchemaOf(resource);
  const inScope = { service: 'main', envelope: 'main', querystring: scopeQuerySchema, scope: SCOPE_IN_QUERY } as const;
  const one = {
    ...inScope,
    path: `${path}/:id`,
    params: idParamsSchema,
    owns: [{ aggregate, id: 'params.id' }],
  } as const;
  const refusal = { messages: [taken], answers: { 409: taken } };
  const keyWords = resource.naturalKey.map((field) => resource.fields[field].label.toLowerCase()).join(' and ');
  return {
    list: defineCall({
      ...inScope,
      id: `${name}.list`,
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
    }),
    byId: defineCall({
      ...one,
      id: `${name}.get`,
      method: 'GET',
      summary: `One ${noun}, with its ETag`,
      etag: true,
      answer,
    }),
    create: defineCall({
      ...inScope,
      ...refusal,
      id: `${name}.create`,
      method: 'POST',
      path,
      summary: `Adds a ${noun} to the scope (409 when it has one of that ${keyWords} already)`,
      body,
      etag: true,
      answer,
    }),
    update: defineCall({
      ...one,
      ...refusal,
      id: `${name}.update`,
      method: 'PUT',
      summary: `Changes a ${noun} (409 when the scope has another of that ${keyWords})`,
      body,
      versioned: true,
      answer,
    }),
    remove: defineCall({
      ...one,
      id: `${name}.delete`,
      method: 'DELETE',
      summary: `Deletes a ${noun}`,
      versioned: true,
      answer: none,
    }),
  };
}

/** The calls of a resource, by kind. */
export type ResourceCalls = ReturnType<typeof resourceCallsOf>;
