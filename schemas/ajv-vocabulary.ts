import type Ajv from 'ajv';
import { _, str, type CodeKeywordDefinition } from 'ajv';
import { usePattern } from 'ajv/dist/vocabularies/code';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { CUSTOM_FORMATS } from './formats';

/**
 * What an ajv instance needs to compile this project's schemas, for whatever compiles them: the server
 * (server/http/validation.ts), the tests and dev server (schemas/schema-compiler.ts, engine/form/validator.ts), and
 * the build, which turns the console's schemas into code (scripts/precompiled-validators.ts). The browser of a built
 * console never loads this module, nor ajv's compiler.
 */

/**
 * `pattern` as ajv runs it (with the instance's RegExp engine, same error), except that a text longer than the
 * schema's own `maxLength` is not matched at all: maxLength already refuses it, and no pattern ever reads more than
 * the length a field allows. (With `allErrors`, ajv would otherwise run every keyword on any text.) A keyword that
 * generates code, like ajv's own, so that ajv's standalone code can hold it: the length is counted in code points, as
 * maxLength counts it (a string's iterator yields a surrogate pair once, a lone surrogate alone).
 */
const lengthFirstPattern: CodeKeywordDefinition = {
  keyword: 'pattern',
  type: 'string',
  schemaType: 'string',
  error: {
    message: ({ schemaCode }) => str`must match pattern "${schemaCode}"`,
    params: ({ schemaCode }) => _`{pattern: ${schemaCode}}`,
  },
  code(cxt) {
    const { data, schema, parentSchema } = cxt;
    const regExp = usePattern(cxt, schema as string);
    const limit: unknown = parentSchema.maxLength;
    if (typeof limit !== 'number') {
      cxt.fail(_`!${regExp}.test(${data})`);
      return;
    }
    cxt.fail(_`!((${data}.length > ${limit} && [...${data}].length > ${limit}) || ${regExp}.test(${data}))`);
  },
};

/**
 * `maxEntries`: at most this many entries in a comma-separated list (blank entries are not counted), so that an API
 * field holding a list as text (`a@x.in,b@x.in`) is capped as the form caps its rows. Runs after `maxLength`, like
 * `pattern` above: a text longer than the field allows is not split.
 */
const maxEntries: CodeKeywordDefinition = {
  keyword: 'maxEntries',
  type: 'string',
  schemaType: 'number',
  error: {
    message: ({ schemaCode }) => str`must have at most ${schemaCode} entries`,
    params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
  },
  code(cxt) {
    const { data, schema, parentSchema } = cxt;
    const limit: unknown = parentSchema.maxLength;
    const entries = _`${data}.split(",").filter((entry) => entry.trim() !== "").length > ${schema}`;
    cxt.fail(typeof limit === 'number' ? _`${data}.length <= ${limit} && ${entries}` : entries);
  },
};

/**
 * What this project adds to any ajv: `errorMessage` (ajv-errors), its own formats (schemas/formats.ts), and
 * `pattern` checked after `maxLength` (see {@link lengthFirstPattern}) and `maxEntries` (see {@link maxEntries}). The
 * forms' validator uses it too.
 */
export function addVocabulary<T extends Ajv>(ajv: T): T {
  ajvErrors(ajv);
  for (const [name, format] of Object.entries(CUSTOM_FORMATS)) ajv.addFormat(name, format);
  ajv.removeKeyword('pattern');
  ajv.addKeyword(lengthFirstPattern);
  ajv.addKeyword(maxEntries);
  return ajv;
}

/** Adds the keywords every schema in this folder may use (standard formats and the vocabulary above). */
export function extendAjv<T extends Ajv>(ajv: T): T {
  addFormats(ajv);
  return addVocabulary(ajv);
}
