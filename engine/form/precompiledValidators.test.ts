import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnySchema } from 'ajv';
import {
  getDefaultFormState,
  getFirstMatchingOption,
  hashForSchema,
  retrieveSchema,
  type RJSFSchema,
  type ValidatorType,
} from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages, type SchemaCheck } from '../../schemas/ajv';
import { otpRequestSchema, otpVerifySchema, passwordChangeSchema } from '../../schemas/auth';
import { dashboardFormSchema } from '../../schemas/dashboard';
import { compileSchema } from '../../schemas/schema-compiler';
import { userIdTextSchema } from '../../schemas/sidebar-menu';
import {
  fieldSchemas,
  formsOf,
  precompiledValidators,
  screenFiles,
  type FormSchemas,
} from '../../scripts/precompiled-validators';
import { screens } from '../../screens/index';
import { createPrecompiledFormValidator } from './precompiledFormValidator';
import { createPrecompiledSchemaCompiler } from './precompiledSchemaCompiler';
import { transformErrors } from './transformErrors';
import { validator as compiling } from './validator';

/**
 * The validators the console's build compiles (scripts/precompiled-validators.ts) against those tests and the dev
 * server compile as they go: every form of every screen has its validator, and both say the same of the same data.
 */

const ROOT = join(__dirname, '..', '..');
let tmp = '';
let forms: FormSchemas[] = [];
let validateFns: ValidatorFunctions = {};
let checks: Record<string, SchemaCheck> = {};
let precompiled: ValidatorType;
let precompiledSchema: (schema: AnySchema) => SchemaCheck;

beforeAll(async () => {
  // The generated modules are imported as the bundle imports them (a folder of the project, for its node_modules).
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  tmp = mkdtempSync(join(ROOT, '.tmp', 'precompiled-'));
  const generated = await precompiledValidators((file) => import(/* @vite-ignore */ file));
  writeFileSync(join(tmp, 'forms.js'), generated.forms);
  writeFileSync(join(tmp, 'fields.js'), generated.fields);
  ({ validateFns } = await import(/* @vite-ignore */ join(tmp, 'forms.js')));
  ({ checks } = await import(/* @vite-ignore */ join(tmp, 'fields.js')));
  forms = (await Promise.all(screenFiles().map((file) => import(/* @vite-ignore */ file)))).flatMap(formsOf);
  precompiled = createPrecompiledFormValidator(validateFns);
  precompiledSchema = createPrecompiledSchemaCompiler(checks);
}, 60_000);
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;

/** Values worth trying in a field of `schema`: its own (enum, const, default) and what its rules refuse. */
function valuesFor(schema: Schema | undefined): unknown[] {
  if (!schema) return [undefined];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const own = [schema.const, ...(Array.isArray(schema.enum) ? schema.enum : []), schema.default].filter(
    (value) => value !== undefined,
  );
  const limit = typeof schema.maxLength === 'number' ? schema.maxLength : 20;
  const strings = [
    '',
    ' ',
    'x'.repeat(limit + 1),
    '12, 13',
    'abc',
    '0',
    '31/02/2026',
    '01/03/2026',
    'ops@demo.local',
    'a@b, c@d.co',
    '12.9,77.5',
    '=1+1',
  ];
  const numbers = [0, -1, 1.5, 3, 51, 1e12];
  const item = asSchema(schema.items);
  return [
    ...own,
    ...(types.includes('string') || types.length === 0 ? strings : []),
    ...(types.includes('number') || types.includes('integer') ? numbers : []),
    ...(types.includes('boolean') ? [true, false] : []),
    ...(types.includes('null') ? [null] : []),
    ...(types.includes('array') ? [[], valuesFor(item).slice(0, 3), [sample(item, 1)]] : []),
    ...(types.includes('object') ? [{}, sample(schema, 2)] : []),
    undefined,
  ];
}

/** The properties a schema may have, its conditional branches' included (one level). */
function propertiesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  const branches = [
    schema,
    asSchema(schema.then),
    asSchema(schema.else),
    ...((schema.allOf as unknown[]) ?? []).map(asSchema),
  ];
  const nested = branches.flatMap((branch) => [
    branch,
    asSchema(branch?.then),
    asSchema(branch?.else),
    asSchema(asSchema(branch?.else)?.then),
  ]);
  return Object.assign({}, ...nested.map((branch) => asSchema(branch?.properties) ?? {}).reverse());
}

/** The `n`th sample object of a schema: each property takes its `n`th value (cycling), nested objects alike. */
function sample(schema: Schema | undefined, n: number): unknown {
  if (!schema) return undefined;
  const properties = propertiesOf(schema);
  if (Object.keys(properties).length === 0) {
    const values = valuesFor(schema);
    return values[n % values.length];
  }
  return Object.fromEntries(
    Object.entries(properties)
      .map(([name, property]) => {
        const values =
          asSchema(property.properties) || property.then ? [sample(property, n), {}, undefined] : valuesFor(property);
        return [name, values[n % values.length]];
      })
      .filter(([, value]) => value !== undefined),
  );
}

/** Sample form data for a form: empty, then objects that take each field through its values. */
const samplesOf = (schema: RJSFSchema) => [{}, ...Array.from({ length: 14 }, (_, n) => sample(schema as Schema, n))];

/** A validation as the form uses it: the errors after the console's transform, and the messages by field. */
function validation(validator: ValidatorType, data: unknown, schema: RJSFSchema) {
  const { errors, errorSchema } = validator.validateFormData(data, schema, undefined, transformErrors);
  return {
    errors: errors.map(({ name, property, message, stack, schemaPath }) => ({
      name,
      property,
      message,
      stack,
      schemaPath,
    })),
    errorSchema,
  };
}

describe('precompiled form validators', () => {
  it('cover the form of every registered screen, of its list inline forms and edit modals', async () => {
    const registered = (await Promise.all(screens.map((entry) => entry.load()))).flatMap((config) =>
      formsOf({ config }),
    );
    expect(registered.length).toBeGreaterThan(10);
    const missing = registered
      .filter(({ schema }) => !validateFns[hashForSchema(schema)])
      .map(({ schema }) => schema.title ?? JSON.stringify(schema).slice(0, 80));
    expect(missing).toEqual([]);
  });

  it('refuse a form schema the build did not compile, rather than accepting anything', () => {
    const stray: RJSFSchema = {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1 } },
      required: ['name'],
      title: 'Stray',
    };
    expect(() => precompiled.validateFormData({}, stray)).toThrow(
      /No precompiled validator for the form schema "Stray"/,
    );
    expect(() => precompiled.isValid({ type: 'string' }, 'x', stray)).toThrow(/No precompiled validator/);
  });

  it('give every form the errors, messages and placement of the compiling validator on submit, and keep them as the operator types', () => {
    let compared = 0;
    for (const { schema } of forms) {
      for (const data of samplesOf(schema)) {
        const what = `${schema.title} ${JSON.stringify(data)}`;
        // Submit validates the form's schema: the very same errors.
        const submitted = validation(compiling, data, schema);
        expect(validation(precompiled, data, schema), what).toEqual(submitted);
        // Live validation hands over the schema resolved for the data; it is validated against the form's schema, as
        // on submit (the compiling validator would compile the resolved one, whose merged allOf loses errorMessage
        // texts: 'must have required property' where the submit said 'Please enter ...').
        const resolved = retrieveSchema(compiling, schema, schema, data);
        expect(validation(precompiled, data, resolved), `live: ${what}`).toEqual(submitted);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('resolve conditions, options and defaults as the compiling validator does (the sub-schemas rjsf asks about)', () => {
    for (const { schema } of forms) {
      for (const data of samplesOf(schema)) {
        const what = `${schema.title} ${JSON.stringify(data)}`;
        expect(retrieveSchema(precompiled, schema, schema, data), what).toEqual(
          retrieveSchema(compiling, schema, schema, data),
        );
        expect(getDefaultFormState(precompiled, schema, data, schema), what).toEqual(
          getDefaultFormState(compiling, schema, data, schema),
        );
      }
      // Every oneOf/anyOf of a field: which option the data matches.
      const visit = (node: unknown, data: unknown) => {
        const at = asSchema(node);
        if (!at) return;
        for (const key of ['oneOf', 'anyOf'] as const) {
          const options = at[key] as RJSFSchema[] | undefined;
          if (!Array.isArray(options)) continue;
          for (const value of [...valuesFor(at), data]) {
            expect(
              getFirstMatchingOption(precompiled, value, options, schema),
              `${schema.title} ${key} ${JSON.stringify(value)}`,
            ).toBe(getFirstMatchingOption(compiling, value, options, schema));
          }
        }
        for (const [name, property] of Object.entries(propertiesOf(at)))
          visit(property, (data as Record<string, unknown> | undefined)?.[name]);
        visit(at.items, undefined);
      };
      for (const data of samplesOf(schema)) visit(schema, data);
    }
  });
});

describe('precompiled checks of validate()', () => {
  const compiled = (schema: AnySchema, value: unknown) => {
    const check = compileSchema(schema);
    return check(value) ? [] : errorMessages(check.errors);
  };
  const precompiledMessages = (schema: AnySchema, value: unknown) => {
    const check = precompiledSchema(schema);
    return check(value) ? [] : errorMessages(check.errors);
  };

  it('hold the sign-in fields, the sidebar user ids and the dashboards user ids, with the compiled messages', () => {
    // What rjsf hands the id list widget of a looker dashboard: the field of the branch the type selects.
    const dashboard = dashboardFormSchema as unknown as RJSFSchema;
    const looker = retrieveSchema(compiling, dashboard, dashboard, { typeDashboard: 'looker' });
    const dashboardUserIds = retrieveSchema(compiling, looker.properties!.userId as RJSFSchema, dashboard, '1, 2');
    const fields: AnySchema[] = [
      ...[otpRequestSchema, otpVerifySchema, passwordChangeSchema].flatMap((schema) =>
        Object.values(schema.properties),
      ),
      userIdTextSchema,
      dashboardUserIds,
    ];
    expect(fieldSchemas(forms)).toEqual(
      expect.arrayContaining(fields.map((field) => expect.objectContaining(field as object))),
    );
    const values = [
      '',
      ' ',
      'ops@demo.local',
      '9876543210',
      'not an address',
      '123456',
      '12a',
      '1, 2, 3',
      `${'1,'.repeat(1200)}1`,
      'x'.repeat(300),
      5,
      null,
    ];
    for (const field of fields) {
      for (const value of values)
        expect(precompiledMessages(field, value), `${JSON.stringify(field)} ${JSON.stringify(value)}`).toEqual(
          compiled(field, value),
        );
    }
    expect(precompiledMessages(userIdTextSchema, 'a, b')).not.toEqual([]);
  });

  it('refuse a schema the build did not compile', () => {
    expect(() => precompiledSchema({ type: 'string', maxLength: 3 })).toThrow(/No precompiled check for the schema/);
  });
});
