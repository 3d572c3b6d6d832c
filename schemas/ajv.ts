import Ajv, { type ErrorObject, type AnySchema, type FuncKeywordDefinition } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types';
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

/** Longest e-mail address (RFC 5321's path limit less its brackets) and local part. */
export const EMAIL_MAX = 254;
const LOCAL_MAX = 64;
/** Dot-separated atoms of RFC 5322's atext, as ajv-formats' `email` takes them: the class holds no dot, so it cannot backtrack. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;
/** A domain label: letters, digits and inner hyphens, at most 63 characters (RFC 1035). */
const LABEL = /^[a-z0-9-]{1,63}$/i;

/**
 * One e-mail address, checked as ajv-formats' `email` format checks it (local@domain with a dotted domain of
 * hostname labels), but in pieces: the length first (at most 254, the local part at most 64), then each part by a
 * pattern without nested or overlapping repeats, so the time taken grows with the length and no more.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX) return false;
  const at = text.lastIndexOf('@');
  if (at < 1 || at > LOCAL_MAX || !LOCAL_PART.test(text.slice(0, at))) return false;
  const labels = text.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'));
}

/** One or more e-mail addresses separated by commas, spaces allowed around each (format `email-list`). */
export function isEmailList(text: string): boolean {
  return text.split(',').every((address) => isEmailAddress(address.trim()));
}

/** ajv's count of a text's characters (maxLength counts code points: a pair of surrogates is one). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i += 1;
    count += 1;
  }
  return count;
}

/**
 * `pattern` as ajv runs it (with the instance's RegExp engine, same error), except that a text longer than the
 * schema's own `maxLength` is not matched at all: maxLength already refuses it, and no pattern ever reads more than
 * the length a field allows. (With `allErrors`, ajv would otherwise run every keyword on any text.)
 */
const lengthFirstPattern: FuncKeywordDefinition = {
  keyword: 'pattern',
  type: 'string',
  schemaType: 'string',
  compile(pattern: string, parentSchema, it) {
    const regExp = it.opts.code.regExp(pattern, it.opts.unicodeRegExp ? 'u' : '');
    const limit = typeof parentSchema.maxLength === 'number' ? parentSchema.maxLength : Infinity;
    const check: DataValidateFunction = (text: string) => {
      const valid = (text.length > limit && codePoints(text) > limit) || regExp.test(text);
      // New objects each time: ajv-errors marks the errors it replaces.
      check.errors = valid ? undefined : [{ keyword: 'pattern', message: `must match pattern "${pattern}"`, params: { pattern } }];
      return valid;
    };
    return check;
  },
};

/**
 * What this project adds to any ajv: `errorMessage` (ajv-errors), its own formats, and `pattern` checked after
 * `maxLength` (see {@link lengthFirstPattern}). The forms' validator uses it too.
 */
export function addVocabulary<T extends Ajv>(ajv: T): T {
  ajvErrors(ajv);
  ajv.addFormat('dmy-date', isDmyDate);
  ajv.addFormat('latlng', isLatLng);
  ajv.addFormat('email-list', isEmailList);
  ajv.removeKeyword('pattern');
  ajv.addKeyword(lengthFirstPattern);
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
