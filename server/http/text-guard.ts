import type { ErrorObject } from 'ajv';
import { isRecord } from '../../schemas/guards';

/**
 * What no request may hold, whatever its schema says, so that its shape cannot stall the server or fill an answer:
 * - text: NUL (PostgreSQL cannot store it, in text or jsonb), the other C0 control characters but tab, line feed and
 *   carriage return, DEL, and lone UTF-16 surrogates (not Unicode at all: they cannot be written as UTF-8);
 * - shape: nesting deeper than {@link MAX_DEPTH}, objects with more than {@link MAX_FIELDS} fields or field names longer
 *   than {@link MAX_FIELD_NAME}, lists longer than {@link MAX_ITEMS}, and more than {@link MAX_VALUES} values in all.
 *   The largest legitimate request (a report definition: 50 filters of 200 values) stays far below each.
 * The shared validator runs this before the schema (server/http/validation.ts), so every query, path and body, and
 * every bulk row checked with `check()`, is refused with a 400 (naming the field of a bad text) instead of costing the
 * schema's time or failing in the database. A JSON body too deep or too wide is refused before it is even parsed
 * ({@link jsonShapeProblem}).
 */

/** The deepest nesting a request may have (objects and lists); forms and sheets stay far below it. */
export const MAX_DEPTH = 32;
/** Fields of one object: the widest of the schemas, a bulk alert row, has 37 columns. */
export const MAX_FIELDS = 200;
/** Characters of a field name: the longest of the schemas has 63. */
export const MAX_FIELD_NAME = 200;
/**
 * Items of one list: the longest lists of the schemas hold 600 (bulk rows, which the route counts itself before it
 * checks a row: see {@link TextGuardOptions.rowsApart}) and 500 (menu items).
 */
export const MAX_ITEMS = 1000;
/** Values (texts, numbers, lists, objects...) of one request part or bulk row, all levels together. */
export const MAX_VALUES = 20_000;

/** Messages are said of this many problems at most. */
const MAX_PROBLEMS = 5;
/** Messages of one answer: more are summed up in one last message, so an answer never echoes the request back. */
export const MAX_MESSAGES = 10;

const count = (n: number) => n.toLocaleString('en-US');

/** The texts the guard answers with; `field` is the place in the request, e.g. `label` or `data[0].key`. */
export const TEXT_GUARD_MSG = {
  control: (field: string) => `${field} must not contain control characters`,
  unicode: (field: string) => `${field} must be valid Unicode text`,
  key: 'Field names must not contain control characters or invalid Unicode',
  keyLength: `Field names must be at most ${MAX_FIELD_NAME} characters`,
  deep: `The request must not be nested more than ${MAX_DEPTH} levels deep`,
  fields: `An object in the request must not have more than ${MAX_FIELDS} fields`,
  items: `A list in the request must not have more than ${count(MAX_ITEMS)} items`,
  values: `The request must not hold more than ${count(MAX_VALUES)} values`,
  more: (n: number) => `and ${n} more ${n === 1 ? 'problem' : 'problems'}`,
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: the guard's purpose is to find control characters in request text
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** What is wrong with a text, if anything. */
function textProblem(text: string): 'control' | 'unicode' | null {
  if (CONTROL.test(text)) return 'control';
  return LONE_SURROGATE.test(text) ? 'unicode' : null;
}

type Segment = string | number;

/** A place in the request as people read it: `data[0].key`; the whole value is "Text". Long names are cut. */
function fieldName(path: readonly Segment[]): string {
  if (!path.length) return 'Text';
  const name = path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : s)).join('');
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}

/** A JSON pointer to the place (as ajv writes `instancePath`). */
const pointer = (path: readonly Segment[]) =>
  path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const problem = (path: readonly Segment[], message: string): ErrorObject => ({
  keyword: 'plainText',
  instancePath: pointer(path),
  schemaPath: '#/plainText',
  params: {},
  message,
});

/** Options of {@link textErrors}. */
export interface TextGuardOptions {
  /**
   * The value is a list whose elements the route checks one by one (bulk rows): only the list itself is looked at.
   * Its length is the schema's `maxItems`, checked before the route reads any row.
   */
  rowsApart?: boolean;
}

/**
 * The problems of a request part or a bulk row as ajv errors (so they are rendered like the schema's own): every
 * string and every field name is looked at, and a shape beyond the limits above is refused where it is first met,
 * before anything below it is looked at. [] when all is well.
 */
export function textErrors(value: unknown, options: TextGuardOptions = {}): ErrorObject[] {
  const found: ErrorObject[] = [];
  let values = 0;
  const done = () => found.length >= MAX_PROBLEMS || values > MAX_VALUES;
  const visit = (node: unknown, path: Segment[]): void => {
    if (++values > MAX_VALUES) {
      found.push(problem([], TEXT_GUARD_MSG.values));
      return;
    }
    if (typeof node === 'string') {
      const kind = textProblem(node);
      if (kind) found.push(problem(path, TEXT_GUARD_MSG[kind](fieldName(path))));
      return;
    }
    if (!Array.isArray(node) && !isRecord(node)) return;
    if (path.length >= MAX_DEPTH) {
      found.push(problem(path, TEXT_GUARD_MSG.deep));
      return;
    }
    if (Array.isArray(node)) {
      if (options.rowsApart && !path.length) return;
      if (node.length > MAX_ITEMS) {
        found.push(problem(path, TEXT_GUARD_MSG.items));
        return;
      }
      for (let index = 0; index < node.length && !done(); index += 1) visit(node[index], [...path, index]);
      return;
    }
    const keys = Object.keys(node);
    if (keys.length > MAX_FIELDS) {
      found.push(problem(path, TEXT_GUARD_MSG.fields));
      return;
    }
    for (const key of keys) {
      if (done()) return;
      if (key.length > MAX_FIELD_NAME || textProblem(key)) {
        found.push(problem(path, key.length > MAX_FIELD_NAME ? TEXT_GUARD_MSG.keyLength : TEXT_GUARD_MSG.key));
        return;
      }
      visit(node[key], [...path, key]);
    }
  };
  visit(value, []);
  return found;
}

/**
 * What is wrong with the shape of a JSON text, found in one pass over it that skips strings (escaped quotes
 * included), so that a body of millions of brackets or of thousands of fields is refused before JSON.parse (and the
 * prototype-poisoning scan) walk it: nesting deeper than {@link MAX_DEPTH}, an object of more than {@link MAX_FIELDS}
 * fields, a list of more than {@link MAX_ITEMS} items but the outermost one (bulk rows: their schema counts them).
 * The guard's message, or null; text that is not JSON is left to the parser.
 */
export function jsonShapeProblem(text: string): string | null {
  const isList = new Uint8Array(MAX_DEPTH + 1);
  const commas = new Uint32Array(MAX_DEPTH + 1);
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // To the closing quote: the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const close = text.indexOf('"', i + 1);
        if (close < 0) return null;
        let slashes = 0;
        while (text.charCodeAt(close - 1 - slashes) === 0x5c) slashes += 1;
        i = close;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_DEPTH) return TEXT_GUARD_MSG.deep;
      isList[depth] = c === 0x5b ? 1 : 0;
      commas[depth] = 0;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth) depth -= 1;
    } else if (c === 0x2c && depth) {
      commas[depth] += 1;
      const more = commas[depth] >= (isList[depth] ? MAX_ITEMS : MAX_FIELDS);
      if (more && !isList[depth]) return TEXT_GUARD_MSG.fields;
      if (more && depth > 1) return TEXT_GUARD_MSG.items;
    }
  }
  return null;
}

/**
 * The messages of one answer, without repeats, at most {@link MAX_MESSAGES}: more are summed up as 'and N more
 * problems', so a request of many bad fields is not echoed back.
 */
export function fewMessages(messages: readonly string[]): string[] {
  const unique = [...new Set(messages)];
  if (unique.length <= MAX_MESSAGES) return unique;
  return [...unique.slice(0, MAX_MESSAGES), TEXT_GUARD_MSG.more(unique.length - MAX_MESSAGES)];
}
