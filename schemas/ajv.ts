import type { AnySchema, ErrorObject } from 'ajv';
import { compileSchema } from './schema-compiler';
import { isAjvDefaultText, readableText } from './readable-messages';

/**
 * Validation as users see it, shared by the server and the console: the options every ajv of the project starts
 * from, the errors a user is shown and their texts, and `validate()`. Nothing here compiles a schema itself, so the
 * browser can import it: the console's build replaces ./schema-compiler with checks compiled at build time. The
 * vocabulary (formats, ajv-errors, `pattern`) is in ./ajv-vocabulary.ts, the formats themselves in ./formats.ts.
 */
export { EMAIL_MAX, isDmyDate, isEmailAddress, isEmailList, isLatLng } from './formats';

/** A compiled schema: true when the data is valid, else false with the errors in `errors`. */
export type SchemaCheck = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The options both sides validate with; `allErrors` is required by ajv-errors. */
export const ajvOptions = { allErrors: true, strict: false, $data: true } as const;

/** Keywords that only say "a branch failed"; the branch's own errors carry the useful message. */
const WRAPPER_KEYWORDS = new Set(['if', 'anyOf', 'oneOf']);

/** Errors raised inside these sub-schemas only probe a condition; the outer keyword reports the failure. */
const PROBE_PATH = /\/(contains|if|not)\//;

/** The errors a user is shown: without wrappers and probes. Those not from `errorMessage` carry ajv's own texts. */
export function shownErrors(errors: ErrorObject[] | null | undefined): ErrorObject[] {
  return (errors ?? []).filter((e) => !WRAPPER_KEYWORDS.has(e.keyword) && !PROBE_PATH.test(e.schemaPath));
}

/** The field an error is about, by name: the missing property, else the last named step of its path ('' at the root). */
function fieldName(error: ErrorObject): string {
  const missing = (error.params as { missingProperty?: unknown }).missingProperty;
  if (typeof missing === 'string') return missing;
  return (
    error.instancePath
      .split('/')
      .filter((step) => step && !/^\d+$/.test(step))
      .pop() ?? ''
  );
}

/** What a user reads for one error: the schema's own text, or, where ajv's default would show, a readable sentence. */
function textOf(error: ErrorObject): string {
  const message = error.message ?? 'Invalid value';
  if (error.keyword === 'errorMessage' || !isAjvDefaultText(message)) return message;
  return readableText(error.keyword, error.params as Record<string, unknown>, fieldName(error));
}

/** The user-facing texts of a list of ajv errors, in order, without duplicates; never one of ajv's default texts. */
export function errorMessages(errors: ErrorObject[] | null | undefined): string[] {
  return [...new Set(shownErrors(errors).map(textOf))];
}

/** Validates `data` against a shared schema; returns the messages the form would show ([] when valid). */
export function validate(schema: AnySchema, data: unknown): string[] {
  const check = compileSchema(schema);
  return check(data) ? [] : errorMessages(check.errors);
}
