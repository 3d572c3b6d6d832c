import type { AnySchema, ErrorObject } from 'ajv';
import { compileSchema } from './schema-compiler';

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

/** The user-facing texts of a list of ajv errors, in order, without duplicates. */
export function errorMessages(errors: ErrorObject[] | null | undefined): string[] {
  return [...new Set(shownErrors(errors).map((e) => e.message ?? 'Invalid value'))];
}

/** Validates `data` against a shared schema; returns the messages the form would show ([] when valid). */
export function validate(schema: AnySchema, data: unknown): string[] {
  const check = compileSchema(schema);
  return check(data) ? [] : errorMessages(check.errors);
}
