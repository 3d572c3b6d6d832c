import type { JSONSchema } from 'json-schema-to-ts';
import { defineCall, SCOPE_IN_QUERY, type Aggregate } from './contract';
import type { ServiceName } from './services';
import { list, none } from './shapes';
import { idParamsSchema, scopeQuerySchema } from '../scope';

/** What a plain company record declares: the rest of its five calls is the same for every such record. */
export interface RecordSpec<Body extends JSONSchema, Answer extends JSONSchema> {
  /** The family it is served by (the main API's envelope). */
  service: ServiceName;
  /** The start of the calls' ids (`depots` names `depots.list`, `depots.get`, ...). */
  name: string;
  /** One record in words, for the API document ('depot'). */
  noun: string;
  /** The list's path; one record is at `path/:id`. */
  path: string;
  /** Where its rows are kept and whose they are (checked for every call that names one by id). */
  aggregate: Aggregate;
  /** What a create or an update sends (the whole record). */
  body: Body;
  /** One record as the calls answer it. */
  answer: Answer;
  /** The refusal of a save that would make a second record with a unique field's value (409). */
  taken?: string;
}

/**
 * The calls of a plain company record, in the main API's envelope and scope (`c`, `b`, `d` in the query): `list`
 * (GET path: the scope's records), `byId` (GET path/:id, with its ETag), `create` (POST path, into the scope),
 * `update` (PUT path/:id, If-Match honoured) and `remove` (DELETE path/:id, If-Match honoured). A record with more
 * to it (a logo, a bulk upload, a record of its parent) declares its calls one by one with `defineCall`.
 */
export function recordCalls<const Body extends JSONSchema, const Answer extends JSONSchema>(
  spec: RecordSpec<Body, Answer>,
) {
  const { service, name, noun, path, aggregate, body, answer, taken } = spec;
  const inScope = { service, envelope: 'main', querystring: scopeQuerySchema, scope: SCOPE_IN_QUERY } as const;
  const one = {
    ...inScope,
    path: `${path}/:id`,
    params: idParamsSchema,
    owns: [{ aggregate, id: 'params.id' }],
  } as const;
  const refusal = taken ? { messages: [taken], answers: { 409: taken } } : {};
  const unique = taken ? ` (409 when the scope has one of that ${noun} already)` : '';
  return {
    list: defineCall({
      ...inScope,
      id: `${name}.list`,
      method: 'GET',
      path,
      summary: `The scope's ${noun}s`,
      answer: list(answer),
    }),
    byId: defineCall({ ...one, id: `${name}.get`, method: 'GET', summary: `One ${noun}, with its ETag`, answer }),
    create: defineCall({
      ...inScope,
      ...refusal,
      id: `${name}.create`,
      method: 'POST',
      path,
      summary: `Adds a ${noun}${unique}`,
      body,
      answer,
    }),
    update: defineCall({
      ...one,
      ...refusal,
      id: `${name}.update`,
      method: 'PUT',
      summary: `Changes a ${noun}${unique}`,
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
