import Ajv, { type ErrorObject, type AnySchema } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/** Adds the keywords every schema in this folder may use (formats, `errorMessage`). Used by the server and the forms. */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

/** The options both sides validate with; `allErrors` is required by ajv-errors. */
export const ajvOptions = { allErrors: true, strict: false, $data: true } as const;

const shared = extendAjv(new Ajv(ajvOptions));

/** Keywords that only say "a branch failed"; the branch's own errors carry the useful message. */
const WRAPPER_KEYWORDS = new Set(['if', 'anyOf', 'oneOf']);

/** Errors raised inside these sub-schemas only probe a condition; the outer keyword reports the failure. */
const PROBE_PATH = /\/(contains|if|not)\//;

/** The user-facing texts of a list of ajv errors, in order, without duplicates. */
export function errorMessages(errors: ErrorObject[] | null | undefined): string[] {
  const texts = (errors ?? [])
    .filter((e) => !WRAPPER_KEYWORDS.has(e.keyword) && !PROBE_PATH.test(e.schemaPath))
    .map((e) => e.message ?? 'Invalid value');
  return [...new Set(texts)];
}

/** Validates `data` against a shared schema; returns the messages the form would show ([] when valid). */
export function validate(schema: AnySchema, data: unknown): string[] {
  const check = shared.compile(schema);
  return check(data) ? [] : errorMessages(check.errors);
}
