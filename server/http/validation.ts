import Ajv, { type AnySchema } from 'ajv';
import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { ajvOptions, errorMessages, extendAjv } from '../../schemas/ajv';
import { ApiError, TEXT, fail } from './envelope';

/**
 * Bodies are checked exactly as the forms check them (no type coercion), so a value the form rejects is
 * rejected here with the same text. Query strings only carry text, so there numbers and booleans are coerced.
 * Both fill in schema defaults (e.g. a geofence radius of 2), as the forms do.
 */
const bodyAjv = extendAjv(new Ajv({ ...ajvOptions, useDefaults: true }));
const queryAjv = extendAjv(new Ajv({ ...ajvOptions, useDefaults: true, coerceTypes: 'array' }));

/** The validator of a route's `schema` part as the server runs it (bodies strict, everything else coerced). */
export const compileFor = (httpPart: string | undefined, schema: AnySchema) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema);

/** Makes the route `schema` option validate with the shared schemas' ajv setup (formats, ajv-errors). */
export function useSharedValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => compileFor(httpPart, schema as AnySchema));
}

/**
 * JSON bodies as Fastify parses them (with its prototype-poisoning guard), except that an empty body is `{}`:
 * the console sends a JSON content type on every call, DELETEs included, which carry no body.
 */
export function useLenientJson(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    return strict(request, text, done);
  });
}

/** Validates a value against a shared schema outside a route option (bulk rows); the messages, [] when valid. */
export function check(schema: AnySchema, data: unknown): string[] {
  const result = checked(schema, data);
  return 'errors' in result ? result.errors : [];
}

/** What {@link checked} finds: the value typed by its schema, or the messages. */
export type Checked<T> = { value: T } | { errors: string[] };

/** {@link check} that also types what passes: the value as its schema describes it, or the messages. */
export function checked<S extends JSONSchema>(schema: S, data: unknown): Checked<FromSchema<S>>;
export function checked(schema: AnySchema, data: unknown): Checked<unknown>;
export function checked(schema: AnySchema, data: unknown): Checked<unknown> {
  const validateFn = bodyAjv.compile(schema);
  return validateFn(data) ? { value: data } : { errors: errorMessages(validateFn.errors) };
}

/** A failure as an answer: its status, the texts to show and any headers (e.g. Retry-After). */
export interface Failure {
  status: number;
  messages: string[];
  headers: Record<string, string>;
}

/**
 * Classifies any failure: validation errors as 400 with the schema's messages, thrown {@link ApiError}s with
 * their status, other client errors (bad JSON, body too large) with Fastify's status, and anything else as a
 * logged 500. Each envelope renders the result its own way.
 */
export function describeFailure(err: FastifyError, request: FastifyRequest): Failure {
  if (err.validation) return { status: 400, messages: errorMessages(err.validation as never), headers: {} };
  if (err instanceof ApiError) return { status: err.status, messages: err.messages, headers: err.headers };
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, messages: [status === 413 ? 'Request is too large' : 'Invalid request'], headers: {} };
  request.log.error(err);
  return { status: 500, messages: [TEXT.failed], headers: {} };
}

/** Renders every failure as the main envelope `{success: false, data: null, message}` (see {@link describeFailure}). */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = describeFailure(err, request);
  return reply.code(failure.status).headers(failure.headers).send(fail(failure.messages));
}
