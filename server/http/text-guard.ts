import type { ErrorObject } from 'ajv';

/**
 * Text no field may hold, whatever its schema says: NUL (PostgreSQL cannot store it, in text or jsonb), the other C0
 * control characters but tab, line feed and carriage return, DEL, and lone UTF-16 surrogates (not Unicode at all:
 * they cannot be written as UTF-8). Also bounds how deeply a request may nest. The shared validator runs this before
 * the schema (server/http/validation.ts), so every query, path and body, and every bulk row checked with `check()`,
 * is refused with a 400 naming the field instead of failing in the database.
 */

/** The deepest nesting a request may have (objects and lists); forms and sheets stay far below it. */
export const MAX_DEPTH = 32;

/** Messages are said of this many problems at most. */
const MAX_PROBLEMS = 5;

/** The texts the guard answers with; `field` is the place in the request, e.g. `label` or `data[0].key`. */
export const TEXT_GUARD_MSG = {
  control: (field: string) => `${field} must not contain control characters`,
  unicode: (field: string) => `${field} must be valid Unicode text`,
  key: 'Field names must not contain control characters or invalid Unicode',
  deep: `The request must not be nested more than ${MAX_DEPTH} levels deep`,
};

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
const pointer = (path: readonly Segment[]) => path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const problem = (path: readonly Segment[], message: string): ErrorObject => ({
  keyword: 'plainText',
  instancePath: pointer(path),
  schemaPath: '#/plainText',
  params: {},
  message,
});

/** Options of {@link textErrors}. */
export interface TextGuardOptions {
  /** The value is a list whose elements the route checks one by one (bulk rows): only the list itself is looked at. */
  rowsApart?: boolean;
}

/**
 * The problems of a request part or a bulk row as ajv errors (so they are rendered like the schema's own): every
 * string and every field name is looked at, nesting beyond {@link MAX_DEPTH} is refused. [] when all is well.
 */
export function textErrors(value: unknown, options: TextGuardOptions = {}): ErrorObject[] {
  const found: ErrorObject[] = [];
  const visit = (node: unknown, path: Segment[]): void => {
    if (found.length >= MAX_PROBLEMS) return;
    if (typeof node === 'string') {
      const kind = textProblem(node);
      if (kind) found.push(problem(path, TEXT_GUARD_MSG[kind](fieldName(path))));
      return;
    }
    if (!node || typeof node !== 'object') return;
    if (path.length >= MAX_DEPTH) {
      found.push(problem(path, TEXT_GUARD_MSG.deep));
      return;
    }
    if (Array.isArray(node)) {
      if (options.rowsApart && !path.length) return;
      node.forEach((item, index) => visit(item, [...path, index]));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      if (textProblem(key)) {
        found.push(problem(path, TEXT_GUARD_MSG.key));
        return;
      }
      visit(item, [...path, key]);
    }
  };
  visit(value, []);
  return found;
}
