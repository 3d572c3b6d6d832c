import Ajv, { type ErrorObject, type AnySchema } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';

/** A real calendar date written DD/MM/YYYY (route master dates, spec 000 section 9): 31/02/2026 is not one. */
export function isDmyDate(text: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "lat,lng" with a latitude within ±90 and a longitude within ±180. */
export function isLatLng(text: string): boolean {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) return false;
  const [lat, lng] = parts.map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** What this project adds to any ajv: `errorMessage` (ajv-errors) and its own formats. The forms' validator uses it too. */
export function addVocabulary<T extends Ajv>(ajv: T): T {
  ajvErrors(ajv);
  ajv.addFormat('dmy-date', isDmyDate);
  ajv.addFormat('latlng', isLatLng);
  return ajv;
}

/** Adds the keywords every schema in this folder may use (standard formats and the vocabulary above). */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return addVocabulary(ajv);
}

/** The options both sides validate with; `allErrors` is required by ajv-errors. */
export const ajvOptions = { allErrors: true, strict: false, $data: true } as const;

const shared = extendAjv(new Ajv(ajvOptions));

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
  const check = shared.compile(schema);
  return check(data) ? [] : errorMessages(check.errors);
}
