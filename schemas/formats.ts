/**
 * The string formats this project adds to JSON Schema's (`format: 'dmy-date'`...): plain functions, with no ajv in
 * sight, so that the server's ajv (schemas/ajv-vocabulary.ts), the console's precompiled validators and the tests
 * all run the same code.
 */

/** A real calendar date written DD/MM/YYYY (route master dates, spec 000 section 9): 31/02/2026 is not one. */
export function isDmyDate(text: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The point of a "lat,lng" text (decimal degrees, a latitude within ±90 and a longitude within ±180), or null when
 * it is not one. The one reading of coordinates typed anywhere: the `latlng` format, the sheets' cells, the waypoint
 * search and the directions call.
 */
export function readLatLng(text: string): { lat: number; lng: number } | null {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length !== 2 || parts.some((part) => !/^[+-]?\d+(\.\d+)?$/.test(part))) return null;
  const [lat, lng] = parts.map(Number);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** "lat,lng" with a latitude within ±90 and a longitude within ±180. */
export const isLatLng = (text: string): boolean => readLatLng(text) !== null;

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
  return (
    labels.length >= 2 && labels.every((label) => LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-'))
  );
}

/** Longest list of addresses a schema takes (the e-mail list fields' maxLength); the format refuses longer text unread. */
export const EMAIL_LIST_MAX = 2000;

/**
 * One or more e-mail addresses separated by commas, spaces allowed around each (format `email-list`). A format runs
 * whatever the field's maxLength says, so it checks the length itself before splitting anything.
 */
export function isEmailList(text: string): boolean {
  if (text.length > EMAIL_LIST_MAX) return false;
  return text.split(',').every((address) => isEmailAddress(address.trim()));
}

/** Longest text the `json-object` format parses (a field's maxLength normally refuses longer text first). */
export const JSON_OBJECT_MAX = 1_000_000;

/** JSON text of one object (not an array, a number, a string or null): really parsed, not matched by a pattern. */
export function isJsonObjectText(text: string): boolean {
  if (text.length > JSON_OBJECT_MAX) return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The project's formats by the name schemas give them. */
export const CUSTOM_FORMATS = {
  'dmy-date': isDmyDate,
  latlng: isLatLng,
  'email-list': isEmailList,
  'json-object': isJsonObjectText,
} as const;
