/**
 * The console's validators compiled at build time, so that the browser never compiles code and the
 * Content-Security-Policy needs no 'unsafe-eval' (server/http/security-headers.ts). ajv turns each schema into
 * JavaScript (its standalone code, https://ajv.js.org/standalone.html) with the very options and vocabulary the
 * compiling validators use, so messages are the same:
 * - the forms' validator (engine/form/validator.ts, replaced by engine/form/precompiledFormValidator.ts): every form
 *   config of screens/ (screens, list inline forms, edit modals), with the sub-schemas rjsf asks about (rjsf's
 *   `schemaParser`, as its `compileSchemaValidators` does);
 * - `validate()` (schemas/schema-compiler.ts, replaced by engine/form/precompiledSchemaCompiler.ts): the fields the
 *   console checks on their own, listed in {@link fieldSchemas}.
 * vite.config.ts runs this while building; engine/form/precompiledValidators.test.ts checks that it covers every form
 * and validates as the compiling validators do.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv, { Name, type AnySchema } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { fullFormats } from 'ajv-formats/dist/formats';
import {
  hashForSchema,
  retrieveSchema,
  schemaParser,
  sortedJSONStringify,
  type RJSFSchema,
  type UiSchema,
  type ValidatorType,
} from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { ajvOptions } from '../schemas/ajv';
import { addVocabulary, extendAjv } from '../schemas/ajv-vocabulary';
import { otpRequestSchema, otpVerifySchema, passwordChangeSchema } from '../schemas/auth';
import { CUSTOM_FORMATS } from '../schemas/formats';
import { userIdTextSchema } from '../schemas/sidebar-menu';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCREENS = join(ROOT, 'screens');

/** A form as the generator needs it: its schema and uiSchema (a screen's FormConfig, any other field ignored). */
export interface FormSchemas {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
}

/** The config modules of screens/, as screens/index.ts loads them (not the registrations, tests or helpers). */
export function screenFiles(): string[] {
  return readdirSync(SCREENS)
    .filter(
      (file) =>
        file.endsWith('.ts') &&
        !/\.(meta|test|stories)\.ts$/.test(file) &&
        !['index.ts', 'define.ts', 'endpoints.ts'].includes(file),
    )
    .map((file) => join(SCREENS, file));
}

/** Every form config among a module's exports: screens of kind 'form' (and the forms of 'tool' pages), and the inline, edit-modal and header-modal forms of lists. */
export function formsOf(exports: Record<string, unknown>): FormSchemas[] {
  const found = new Set<FormSchemas>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const config = value as {
      kind?: string;
      schema?: unknown;
      inlineForms?: unknown[];
      edit?: { modal?: unknown };
      headerButtons?: { modal?: unknown }[];
    };
    if ((config.kind === 'form' || config.kind === 'tool') && config.schema && typeof config.schema === 'object')
      found.add(config as FormSchemas);
    config.inlineForms?.forEach(visit);
    for (const button of config.headerButtons ?? []) visit(button.modal);
    visit(config.edit?.modal);
  };
  Object.values(exports).forEach(visit);
  // Configs made from declarations (screens/resources.ts) are the values of the module's default export.
  const made = exports.default;
  if (made && typeof made === 'object' && !('kind' in made)) Object.values(made).forEach(visit);
  return [...found];
}

/** The forms of every screen module (loaded with `load`: tsx's import while building, the test runner's in tests). */
export async function screenForms(
  load: (file: string) => Promise<Record<string, unknown>> = (file) => import(pathToFileURL(file).href),
): Promise<FormSchemas[]> {
  const modules = await Promise.all(screenFiles().map(load));
  return modules.flatMap(formsOf);
}

/**
 * Each form a schema can take once rjsf resolves its conditions (`retrieveSchema`): rjsf is asked again with every
 * answer its `if`s can get, whatever the data, so that nothing the data could select is missed.
 */
function resolutions(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema[] {
  const found = new Map<string, RJSFSchema>();
  const explore = (answers: readonly boolean[]) => {
    let asked = 0;
    const scripted = { isValid: () => answers[asked++] ?? false } as unknown as ValidatorType;
    const resolved = retrieveSchema(scripted, schema, rootSchema, {});
    found.set(hashForSchema(resolved), resolved);
    // Each condition asked past the scripted answers (answered false) is tried true, all before it false.
    for (let at = answers.length; at < asked; at += 1)
      explore([...answers, ...Array<boolean>(at - answers.length).fill(false), true]);
  };
  explore([]);
  return [...found.values()];
}

/**
 * The schemas rjsf hands a widget at a uiSchema path (property names, `items` for an array's entries), in each
 * resolution of the conditions on the way.
 */
function schemasAt(rootSchema: RJSFSchema, schema: RJSFSchema, path: readonly string[]): RJSFSchema[] {
  const forms = resolutions(schema, rootSchema);
  if (path.length === 0) return forms;
  const [step, ...rest] = path;
  return forms.flatMap((form) => {
    const next = step === 'items' && form.type === 'array' ? form.items : form.properties?.[step];
    return next && typeof next === 'object' && !Array.isArray(next)
      ? schemasAt(rootSchema, next as RJSFSchema, rest)
      : [];
  });
}

/** Widgets that check their value with `validate()` as it is typed (engine/widgets/IdListWidget.tsx). */
const SELF_CHECKING_WIDGETS = new Set(['idList']);

/** The uiSchema paths of a form whose widget checks itself. */
function selfCheckingPaths(uiSchema: unknown, path: string[] = []): string[][] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const entries = Object.entries(uiSchema as Record<string, unknown>);
  const here = SELF_CHECKING_WIDGETS.has((uiSchema as Record<string, unknown>)['ui:widget'] as string) ? [path] : [];
  return [
    ...here,
    ...entries
      .filter(([key]) => !key.startsWith('ui:'))
      .flatMap(([key, value]) => selfCheckingPaths(value, [...path, key])),
  ];
}

/**
 * What `validate()` is given in the console: each field of the sign-in and password forms (src/auth/schemaRule.ts),
 * the user ids of a sidebar override (screens/sidebar-menu.ts and src/fields/SideMenuField.tsx), and the field of
 * every self-checking widget of the forms.
 */
export function fieldSchemas(forms: readonly FormSchemas[]): AnySchema[] {
  const signIn = [otpRequestSchema, otpVerifySchema, passwordChangeSchema].flatMap((schema) =>
    Object.values(schema.properties),
  );
  const widgets = forms.flatMap(({ schema, uiSchema }) =>
    selfCheckingPaths(uiSchema).flatMap((path) => schemasAt(schema, schema, path)),
  );
  return [...signIn, userIdTextSchema, ...widgets] as AnySchema[];
}

/**
 * The schemas of the forms' validator, by rjsf's key: each form's, and the sub-schemas rjsf asks about (`if`
 * conditions, `oneOf` options), found by rjsf's own parser as its `compileSchemaValidators` finds them.
 */
export function formValidatorSchemas(forms: readonly FormSchemas[]): Map<string, RJSFSchema> {
  const schemas = new Map<string, RJSFSchema>();
  for (const { schema } of forms) {
    for (const [key, parsed] of Object.entries(schemaParser(schema))) schemas.set(key, parsed);
  }
  return schemas;
}

/** The name the generated code reads formats from (ajv's `code.formats`), defined at its top. */
const FORMATS = 'precompiledFormats';
const CODE_OPTIONS = { source: true, esm: true, formats: new Name(FORMATS) };

/**
 * ajv's standalone code as an ES module for the console's bundle: the CommonJS `require`s ajv writes for its
 * runtime helpers become imports, the formats come from ajv-formats and schemas/formats.ts (only those used), and
 * `exportName` maps each schema's key to its function.
 */
function esModule(ajv: Ajv, keys: readonly string[], exportName: string): string {
  const names = Object.fromEntries(keys.map((key, i) => [`v${i}`, key]));
  const standalone = standaloneCode(ajv, names).replace(/^"use strict";/, '');
  const modules = new Map<string, string>();
  const body = standalone.replace(/require\(("[^"]+")\)/g, (_match, specifier: string) => {
    if (!modules.has(specifier)) modules.set(specifier, `runtime${modules.size}`);
    return modules.get(specifier)!;
  });
  const used = new Set(
    [...body.matchAll(new RegExp(`${FORMATS}(?:\\.([A-Za-z_$][\\w$]*)|\\["([^"]+)"\\])`, 'g'))].map(
      (m) => m[1] ?? m[2],
    ),
  );
  const unknown = [...used].filter((name) => !(name in CUSTOM_FORMATS) && !(name in fullFormats));
  if (unknown.length > 0)
    throw new Error(`No code for the format(s) ${unknown.join(', ')}: define them in schemas/formats.ts`);
  const standardFormats = [...used].some((name) => !(name in CUSTOM_FORMATS));
  const formats = [...used].map((name) => {
    if (name in CUSTOM_FORMATS) return `${JSON.stringify(name)}: CUSTOM_FORMATS[${JSON.stringify(name)}]`;
    return `${JSON.stringify(name)}: commonJs(ajvFormats).fullFormats[${JSON.stringify(name)}]`;
  });
  return [
    '// Generated by scripts/precompiled-validators.ts while building the console: ajv standalone code.',
    `import { CUSTOM_FORMATS } from ${JSON.stringify(join(ROOT, 'schemas', 'formats.ts'))};`,
    ...(standardFormats ? ['import * as ajvFormats from "ajv-formats/dist/formats";'] : []),
    ...[...modules].map(([specifier, name]) => `import * as ${name}Module from ${specifier};`),
    // A CommonJS module's exports, whether the bundler hands its namespace or (Node's way) its module.exports as default.
    'const commonJs = (namespace) => (namespace.default && namespace.default.__esModule ? namespace.default : namespace);',
    ...[...modules.values()].map((name) => `const ${name} = commonJs(${name}Module);`),
    `const ${FORMATS} = {${formats.join(', ')}};`,
    body,
    `export const ${exportName} = {${keys.map((key, i) => `${JSON.stringify(key)}: v${i}`).join(', ')}};`,
    '',
  ].join('\n');
}

/** The forms' validator functions: a module exporting `validateFns` for rjsf's precompiled validator. */
export function formValidatorsModule(forms: readonly FormSchemas[]): string {
  // The instance rjsf's customizeValidator makes (engine/form/validator.ts), writing code.
  const ajv = createAjvInstance(
    undefined,
    undefined,
    { ...ajvOptions, code: CODE_OPTIONS },
    undefined,
    undefined,
    addVocabulary,
  );
  const schemas = formValidatorSchemas(forms);
  for (const [key, schema] of schemas) ajv.addSchema(schema, key);
  return esModule(ajv, [...schemas.keys()], 'validateFns');
}

/** The checks of `validate()`: a module exporting `checks`, by the key engine/form/precompiledSchemaCompiler.ts looks up. */
export function schemaChecksModule(schemas: readonly AnySchema[]): string {
  // The instance of schemas/schema-compiler.ts, writing code.
  const ajv = extendAjv(new Ajv({ ...ajvOptions, code: CODE_OPTIONS }));
  const byKey = new Map<string, string>();
  for (const schema of schemas) {
    const key = hashForSchema(schema as RJSFSchema);
    const text = sortedJSONStringify(schema);
    if (byKey.has(key) && byKey.get(key) !== text)
      throw new Error(`Two schemas hash to ${key}: ${byKey.get(key)} and ${text}`);
    if (byKey.has(key)) continue;
    byKey.set(key, text);
    ajv.addSchema(schema, key);
  }
  return esModule(ajv, [...byKey.keys()], 'checks');
}

/** Both modules, from the screens as they are now. */
export async function precompiledValidators(
  load?: (file: string) => Promise<Record<string, unknown>>,
): Promise<{ forms: string; fields: string }> {
  const forms = await screenForms(load);
  return { forms: formValidatorsModule(forms), fields: schemaChecksModule(fieldSchemas(forms)) };
}
