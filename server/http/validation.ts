import Ajv, { type AnySchema, type ErrorObject } from 'ajv';
import type { FastifyInstance, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { errorMessages } from '../../schemas/ajv';
import { extendAjv } from '../../schemas/ajv-vocabulary';
import { serverAjvOptions } from '../../schemas/ajv-server';
import { ApiError, TEXT, fail } from './envelope';
import { MSG } from '../../schemas/messages';
import { fewMessages, jsonShapeProblem, textErrors } from './text-guard';
import { errorCode } from '../errors';
import { OutOfReach, RuleRefusal, StaleVersion, Taken } from '../rules/refusal';
import { OutboundRefused } from '../rules/outbound-gate';

/**
 * Bodies are checked exactly as the forms check them (no type coercion), so a value the form rejects is
 * rejected here with the same text. Query strings only carry text, so there numbers and booleans are coerced.
 * Both fill in schema defaults (e.g. a geofence radius of 2), as the forms do. Numbers must be finite: a body
 * may write 1e400, which JSON reads as Infinity. Patterns run on RE2, in linear time (schemas/ajv-server.ts).
 */
const bodyAjv = extendAjv(new Ajv({ ...serverAjvOptions, useDefaults: true, strictNumbers: true }));
const queryAjv = extendAjv(
  new Ajv({ ...serverAjvOptions, useDefaults: true, coerceTypes: 'array', strictNumbers: true }),
);

/** A validator as Fastify and {@link check} run it: true when valid, else the errors in `errors`. */
export type Validator = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** A body that is a list the route checks row by row (`items` open): each row is guarded by `check()`, not here. */
const isRowList = (schema: AnySchema) =>
  typeof schema === 'object' &&
  schema.type === 'array' &&
  (schema.items === undefined || (typeof schema.items === 'object' && !Object.keys(schema.items).length));

/**
 * The validator of a route's `schema` part as the server runs it (bodies strict, everything else coerced): first
 * the text guard (server/http/text-guard.ts: no control characters, lone surrogates or deep nesting anywhere, field
 * names included), then the schema. A body list of rows the route checks itself is guarded row by row instead.
 */
export function compileFor(httpPart: string | undefined, schema: AnySchema): Validator {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  // Compiled on its first use, not when the route is registered: a server starts without compiling the schemas of
  // the hundreds of calls it may never be sent (a second of a core at each start); ajv keeps what it compiled.
  let schemaCheck: ReturnType<typeof ajv.compile> | undefined;
  const rowsApart = httpPart === 'body' && isRowList(schema);
  const validator: Validator = (data) => {
    const refused = textErrors(data, { rowsApart });
    schemaCheck ??= ajv.compile(schema);
    const valid = !refused.length && schemaCheck(data) === true;
    validator.errors = refused.length ? refused : schemaCheck.errors;
    return valid;
  };
  return validator;
}

/** Makes the route `schema` option validate with the shared schemas' ajv setup (formats, ajv-errors). */
export function useSharedValidation(app: FastifyInstance): void {
  app.setValidatorCompiler<AnySchema>(({ schema, httpPart }) => compileFor(httpPart, schema));
}

/**
 * JSON bodies as Fastify parses them (with its prototype-poisoning guard), except that an empty body is `{}`:
 * the console sends a JSON content type on every call, DELETEs included, which carry no body. A body nested too
 * deeply or too wide is refused before it is parsed: parsing millions of brackets or thousands of fields, and
 * scanning them for `__proto__`, would hold the server for up to seconds.
 */
export function useLenientJson(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    const shape = jsonShapeProblem(text);
    if (shape) return done(new ApiError(400, [shape]), undefined);
    return strict(request, text, done);
  });
}

/**
 * Validates a value against a shared schema outside a route option (bulk rows), as a route's body is validated:
 * the text guard first (a row with a NUL or a lone surrogate is refused naming its field), then the schema. The
 * messages, [] when valid.
 */
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
  const validateFn = compileFor('body', schema);
  return validateFn(data) ? { value: data } : { errors: fewMessages(errorMessages(validateFn.errors)) };
}

/** A failure as an answer: its status, the texts to show and any headers (e.g. Retry-After). */
export interface Failure {
  status: number;
  messages: string[];
  headers: Record<string, string>;
}

/**
 * SQLSTATEs of a value the database cannot take: class 22 (data exception: numeric out of range, invalid text
 * representation, untranslatable character...) and 54000 (program limit exceeded, e.g. an index row too big). Both
 * drivers (pg, PGlite) put the SQLSTATE in `code`.
 */
const DATA_EXCEPTION = /^(22[0-9A-Z]{3}|54000)$/;

/** SQLSTATEs of a transaction rolled back for another's sake: a deadlock, a serialization failure, a lock waited too long. */
const CONFLICTS = new Set(['40P01', '40001', '55P03']);

/** Whether a failure is the database refusing a value (see {@link DATA_EXCEPTION}). */
export const isDataException = (err: unknown): boolean => DATA_EXCEPTION.test(errorCode(err) ?? '');

/**
 * Classifies any failure: validation errors as 400 with the schema's messages, thrown {@link ApiError}s with
 * their status, what a rule refuses with the status the spec gives it, other client errors (bad JSON, body too large) with Fastify's status, a value the database refuses
 * as 400 'Invalid value' (a safety net: validation should have refused it first, so it is logged), and anything
 * else as a logged 500. Each envelope renders the result its own way.
 */
export function describeFailure(err: FastifyError, request: FastifyRequest): Failure {
  if (err.validation) return { status: 400, messages: fewMessages(errorMessages(err.validation)), headers: {} };
  if (err instanceof ApiError) return { status: err.status, messages: err.messages, headers: err.headers };
  // What the rules refuse (server/rules/refusal.ts, outbound-gate.ts), as the spec answers it.
  if (err instanceof RuleRefusal) return { status: 400, messages: err.messages, headers: {} };
  if (err instanceof Taken) return { status: 409, messages: err.messages, headers: {} };
  if (err instanceof OutOfReach) return { status: 404, messages: [TEXT.notFound], headers: {} };
  if (err instanceof StaleVersion) return { status: 412, messages: [MSG.staleRecord], headers: {} };
  if (err instanceof OutboundRefused) {
    const { message, retryAfter } = err.refusal;
    return retryAfter === null
      ? { status: 400, messages: [message], headers: {} }
      : { status: 429, messages: [message], headers: { 'retry-after': String(retryAfter) } };
  }
  // Two desks' transactions that waited on each other's rows: one is rolled back whole, and may simply be sent again.
  if (CONFLICTS.has(errorCode(err) ?? '')) return { status: 409, messages: [TEXT.concurrentChange], headers: {} };
  if (isDataException(err)) {
    request.log.warn({ err }, 'the database refused a value that validation let through');
    return { status: 400, messages: [TEXT.invalidValue], headers: {} };
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return { status, messages: [status === 413 ? 'Request is too large' : 'Invalid request'], headers: {} };
  request.log.error(err);
  return { status: 500, messages: [TEXT.failed], headers: {} };
}

/** Renders every failure as the main envelope `{success: false, data: null, message}` (see {@link describeFailure}). */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = describeFailure(err, request);
  return reply.code(failure.status).headers(failure.headers).send(fail(failure.messages));
}
