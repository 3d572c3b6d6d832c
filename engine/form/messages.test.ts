import { retrieveSchema, toErrorSchema, type ErrorSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fieldSchemas, formsOf, type FormSchemas } from '../../scripts/precompiled-validators';
import { validate } from '../../schemas/ajv';
import { screens } from '../../screens/index';
import { autoClosureFormSchema } from '../../schemas/auto-closure';
import { dailySummaryFormSchema } from '../../schemas/report-schedule';
import { routeBodySchema } from '../../schemas/route';
import { collectErrors } from '../widgets/PlaceField';
import { isAjvDefaultText, readableText } from './messages';
import { transformErrors } from './transformErrors';
import { createFormValidator } from './validator';

/**
 * No ajv default text ('must NOT have more than 200 characters', "must have required property 'x'") reaches an
 * operator: every form of every registered screen is fed bad values field by field, on submit and as rjsf validates
 * live (the schema resolved for the data), and each message shown must be a worded one.
 */

type Schema = Record<string, unknown>;
const asSchema = (value: unknown): Schema | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : undefined;

/** The properties a schema may have, those of its conditional branches and allOf included. */
function propertiesOf(schema: Schema | undefined, depth = 0): Record<string, Schema> {
  if (!schema || depth > 4) return {};
  const branches = [asSchema(schema.then), asSchema(schema.else), ...((schema.allOf as unknown[]) ?? []).map(asSchema)];
  return Object.assign(
    {},
    ...branches.map((branch) => propertiesOf(branch, depth + 1)),
    asSchema(schema.properties) ?? {},
  );
}

const typesOf = (schema: Schema) => ([] as unknown[]).concat(schema.type ?? []);

/** Values a field must refuse (or, for its own options, accept): wrong types, too long, out of range, letters in numbers. */
function badValues(schema: Schema | undefined, depth = 0): unknown[] {
  if (!schema) return [undefined];
  const types = typesOf(schema);
  const own = [
    schema.const,
    ...(Array.isArray(schema.enum) ? schema.enum : []),
    ...((schema.oneOf as Schema[] | undefined) ?? []).map((o) => asSchema(o)?.const),
  ].filter((value) => value !== undefined);
  const limit = typeof schema.maxLength === 'number' ? schema.maxLength : 200;
  const strings = ['', ' ', 'x'.repeat(limit * 3 + 1), 'abc', 'not an e-mail', 'a@b.co, nope', '31/02/2026', '=1+1'];
  const numbers = ['abc', '1,5', -1, 0, 0.001, 1.5, 1e12, 51, ''];
  const item = asSchema(schema.items);
  const nested = Object.keys(propertiesOf(schema)).length > 0;
  return [
    ...own,
    ...(types.includes('string') || types.length === 0 ? strings : []),
    ...(types.includes('number') || types.includes('integer') ? numbers : []),
    ...(types.includes('boolean') ? ['yes', 1] : []),
    ...(types.includes('array')
      ? [
          [],
          'abc',
          depth < 2 ? badValues(item, depth + 1).slice(0, 4) : [],
          Array.from({ length: 60 }, () => 'x'),
          [badObject(item, 1, depth + 1)],
        ]
      : []),
    ...(nested || types.includes('object')
      ? [{}, 'abc', badObject(schema, 0, depth + 1), badObject(schema, 3, depth + 1)]
      : []),
    12,
    null,
    undefined,
  ];
}

/** The `n`th bad object of a schema: each property takes its `n`th bad value (cycling). */
function badObject(schema: Schema | undefined, n: number, depth = 0): unknown {
  if (!schema || depth > 3) return {};
  return Object.fromEntries(
    Object.entries(propertiesOf(schema))
      .map(([name, property]) => {
        const values = badValues(property, depth);
        return [name, values[n % values.length]];
      })
      .filter(([, value]) => value !== undefined),
  );
}

/** Every message of a validation, as the form shows them, with the field it sits under. */
function shown(validator: ReturnType<typeof createFormValidator>, data: unknown, schema: RJSFSchema) {
  const { errors } = validator.validateFormData(data, schema, undefined, transformErrors);
  return errors.map((error) => ({ property: error.property, message: error.message ?? '' }));
}

let forms: FormSchemas[] = [];

describe('form messages', () => {
  it('no form of any registered screen shows an ajv default text, whatever is typed', async () => {
    forms = (await Promise.all(screens.map((entry) => entry.load()))).flatMap((config) => formsOf({ config }));
    expect(forms.length).toBeGreaterThan(10);
    const validator = createFormValidator();
    const raw: string[] = [];
    let checked = 0;
    for (const { schema } of forms) {
      const properties = Object.entries(propertiesOf(schema as Schema));
      const samples: unknown[] = [{}, 'abc', ...Array.from({ length: 12 }, (_, n) => badObject(schema as Schema, n))];
      // Each field alone through its bad values, with the others sampled (so conditional branches are selected).
      for (const [name, property] of properties) {
        for (const value of badValues(property))
          samples.push({ ...(badObject(schema as Schema, 0) as object), [name]: value });
      }
      for (const data of samples) {
        const resolved = retrieveSchema(validator, schema, schema, data);
        for (const { property, message } of [...shown(validator, data, schema), ...shown(validator, data, resolved)]) {
          checked += 1;
          if (isAjvDefaultText(message) || !message.trim())
            raw.push(`${schema.title ?? ''}: ${property} '${message}' for ${JSON.stringify(data).slice(0, 160)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect([...new Set(raw)].slice(0, 20)).toEqual([]);
  }, 120_000);

  it('no field checked on its own (sign-in, id lists) answers an ajv default text', () => {
    expect(forms.length).toBeGreaterThan(10);
    const fields = fieldSchemas(forms);
    expect(fields.length).toBeGreaterThan(3);
    const typed = [
      '',
      ' ',
      'abc',
      '12a',
      '1, 2, x',
      'a@b',
      '12345',
      `${'1,'.repeat(1200)}1`,
      'x'.repeat(5000),
      'Passw0rd',
      'password',
    ];
    const raw = fields.flatMap((field) =>
      typed.flatMap((value) =>
        validate(field, value)
          .filter(isAjvDefaultText)
          .map((text) => `${JSON.stringify(field).slice(0, 80)} '${text}'`),
      ),
    );
    expect([...new Set(raw)]).toEqual([]);
  });

  it('knows ajv default texts when it sees them (the check above can fail)', () => {
    expect(isAjvDefaultText('must NOT have more than 200 characters')).toBe(true);
    expect(isAjvDefaultText("must have required property 'Loading Time Buffer (seconds)'")).toBe(true);
    expect(isAjvDefaultText('must be number')).toBe(true);
    expect(isAjvDefaultText('must match format "email"')).toBe(true);
    expect(isAjvDefaultText('must be equal to one of the allowed values')).toBe(true);
    expect(isAjvDefaultText('Route Label must be at most 200 characters')).toBe(false);
    expect(isAjvDefaultText('Please enter route label')).toBe(false);
    expect(readableText('maxLength', { limit: 200 }, 'Route Label')).toBe('Route Label must be at most 200 characters');
  });

  it('a 600-character route label is told its limit in words', () => {
    const messages = shown(
      createFormValidator(),
      { label: 'x'.repeat(600) },
      routeBodySchema as unknown as RJSFSchema,
    ).filter((e) => e.property === '.label');
    expect(messages.map((e) => e.message)).toEqual(['Route Label must be at most 200 characters']);
  });

  it('auto closure: choosing a type after a failed submit keeps the spec texts for missing fields', () => {
    const validator = createFormValidator();
    const schema = autoClosureFormSchema as unknown as RJSFSchema;
    const submitted = shown(validator, {}, schema);
    expect(submitted.length).toBeGreaterThan(0);
    // Live validation: rjsf hands the schema resolved for the data, its allOf/if-then merged.
    for (const type of (schema.properties!.autoClosureType as { enum: string[] }).enum) {
      const data = { companyId: '1001', autoClosureType: type };
      const live = shown(validator, data, retrieveSchema(validator, schema, schema, data));
      expect(live, type).toEqual(shown(validator, data, schema));
      expect(
        live.filter((e) => isAjvDefaultText(e.message)),
        type,
      ).toEqual([]);
    }
    const auto = { companyId: '1001', autoClosureType: 'STA_BREACH' };
    const messages = shown(validator, auto, retrieveSchema(validator, schema, schema, auto)).map((e) => e.message);
    expect(messages.join(' | ')).not.toMatch(/required property/);
  });

  it('route form: the geofence radius message sits under the radius, not joined to the address', () => {
    const data = {
      label: 'Pune - Mumbai',
      stt: 5,
      origin: { geofenceRadius: 90 },
      destination: { geofenceRadius: 2, google: { place_id: 'p' } },
    };
    const errorSchema = toErrorSchema(
      createFormValidator().validateFormData(data, routeBodySchema as unknown as RJSFSchema, undefined, transformErrors)
        .errors,
    ) as ErrorSchema & Record<string, Record<string, { __errors?: string[] }>>;
    expect(errorSchema.origin.geofenceRadius.__errors).toEqual(['Number should be between 0.01 to 50']);
    // The place picker shows under the address every message of the place but the radius's and the code's.
    const { geofenceRadius, cpCode, ...place } = errorSchema.origin;
    expect(collectErrors(place)).toEqual(['Please enter loading point']);
    expect(collectErrors(geofenceRadius)).toEqual(['Number should be between 0.01 to 50']);
    expect(collectErrors(cpCode)).toEqual([]);
  });

  it('letters in a number field are not reported as a missing value', () => {
    const validator = createFormValidator();
    const route = shown(
      validator,
      { label: 'Pune - Mumbai', stt: 'abc' },
      routeBodySchema as unknown as RJSFSchema,
    ).filter((e) => e.property === '.stt');
    expect(route.map((e) => e.message)).toEqual(['Enter a number']);
    const schema = autoClosureFormSchema as unknown as RJSFSchema;
    const loading = shown(
      validator,
      { companyId: '1001', autoClosureType: 'STA_BREACH', loading_time_buffer: 'abc' },
      schema,
    ).filter((e) => e.property === '.loading_time_buffer');
    expect(loading.map((e) => e.message)).toEqual(['Enter a number']);
    // Missing keeps the spec's text.
    const missing = shown(validator, { companyId: '1001', autoClosureType: 'STA_BREACH' }, schema).filter(
      (e) => e.property === '.loading_time_buffer',
    );
    expect(missing.map((e) => e.message)).not.toEqual(['Enter a number']);
    expect(missing.length).toBe(1);
  });

  it('report forms: a malformed e-mail list is told apart from a blank one', () => {
    const validator = createFormValidator();
    const schema = dailySummaryFormSchema as unknown as RJSFSchema;
    const at = (emails: unknown) =>
      shown(validator, { emails, cron: '0 0 3 * * ?' }, schema)
        .filter((e) => e.property === '.emails')
        .map((e) => e.message);
    expect(at(undefined)).toEqual(['Please select EmailId']);
    expect(at('')).toEqual(['Please select EmailId']);
    expect(at('   ')).toEqual(['Please select EmailId']);
    expect(at('ops@demo, x')).toEqual(['Please enter valid email ids, separated by commas']);
    expect(at('ops@demo.local, b@x.in')).toEqual([]);
    expect(at(`${'a@b.co,'.repeat(400)}a@b.co`)).toEqual(['Please select EmailId']);
  });
});
