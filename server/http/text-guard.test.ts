import { describe, expect, it } from 'vitest';
import { allCalls } from '../../schemas/api/all-calls';
import { routeBulkRowSchema } from '../../schemas/route-bulk';
import {
  MAX_DEPTH,
  MAX_FIELDS,
  MAX_FIELD_NAME,
  MAX_ITEMS,
  MAX_MESSAGES,
  MAX_VALUES,
  TEXT_GUARD_MSG,
  fewMessages,
  jsonShapeProblem,
  textErrors,
} from './text-guard';
import { check, checked, compileFor } from './validation';

const messages = (value: unknown) => textErrors(value).map((e) => `${e.instancePath} ${e.message}`);

const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

describe('the text guard', () => {
  it('refuses NUL, the other C0 controls and DEL anywhere, naming the field', () => {
    expect(messages({ label: 'a\u0000b' })).toEqual(['/label label must not contain control characters']);
    expect(messages({ data: [{ key: 'x\u001bx' }] })).toEqual([
      '/data/0/key data[0].key must not contain control characters',
    ]);
    expect(messages('\u007f')).toEqual([' Text must not contain control characters']);
    for (let code = 0; code < 32; code += 1) {
      const allowed = code === 9 || code === 10 || code === 13;
      expect(textErrors({ text: `a${String.fromCharCode(code)}b` }).length, `U+${code.toString(16)}`).toBe(
        allowed ? 0 : 1,
      );
    }
  });

  it('refuses lone surrogates but takes pairs (emoji) and any other text', () => {
    for (const lone of ['\ud800', 'a\udc00b', '\ud83d', 'x\udfff', '\udbff\ud800']) {
      expect(messages({ label: lone })).toEqual(['/label label must be valid Unicode text']);
    }
    expect(
      textErrors({ label: '😀 Jamshedpur – Kolkata\té\n', n: 1e308, ok: true, none: null, list: ['\u00a0'] }),
    ).toEqual([]);
  });

  it('looks at field names too, and at nesting beyond the limit', () => {
    expect(messages({ row: { 'a\u0000': 1 } })).toEqual([`/row ${TEXT_GUARD_MSG.key}`]);
    expect(messages({ '\ud800': 1 })).toEqual([` ${TEXT_GUARD_MSG.key}`]);
    expect(textErrors(nested(MAX_DEPTH))).toEqual([]);
    expect(textErrors(nested(MAX_DEPTH + 1)).map((e) => e.message)).toEqual([TEXT_GUARD_MSG.deep]);
    expect(textErrors(nested(100_000)).map((e) => e.message)).toEqual([TEXT_GUARD_MSG.deep]);
  });

  it('says at most five problems', () => {
    expect(textErrors(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(5);
  });

  it('refuses objects of too many fields, at the object, without looking into them', () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, '\u0000']));
    expect(messages({ row: wide(MAX_FIELDS + 1) })).toEqual([`/row ${TEXT_GUARD_MSG.fields}`]);
    expect(messages(wide(26_000))).toEqual([` ${TEXT_GUARD_MSG.fields}`]);
    expect(TEXT_GUARD_MSG.fields).toBe('An object in the request must not have more than 200 fields');
    expect(textErrors({ row: Object.fromEntries(Array.from({ length: MAX_FIELDS }, (_, i) => [`k${i}`, i])) })).toEqual(
      [],
    );
  });

  it('refuses field names longer than the limit', () => {
    expect(messages({ row: { ['x'.repeat(MAX_FIELD_NAME + 1)]: 1 } })).toEqual([`/row ${TEXT_GUARD_MSG.keyLength}`]);
    expect(textErrors({ ['x'.repeat(MAX_FIELD_NAME)]: 1 })).toEqual([]);
  });

  it('refuses lists longer than the limit, but leaves the length of a bulk row list to its schema', () => {
    expect(messages({ userId: Array.from({ length: 160_000 }, () => 1) })).toEqual([`/userId ${TEXT_GUARD_MSG.items}`]);
    expect(messages(new Array(MAX_ITEMS + 1).fill(0))).toEqual([` ${TEXT_GUARD_MSG.items}`]);
    expect(TEXT_GUARD_MSG.items).toBe('A list in the request must not have more than 1,000 items');
    expect(textErrors({ list: new Array(MAX_ITEMS).fill(0) })).toEqual([]);
    expect(textErrors(new Array(MAX_ITEMS * 10).fill({ a: '\u0000' }), { rowsApart: true })).toEqual([]);
  });

  it('refuses more values than the budget, however they are spread, and takes a large legitimate request', () => {
    const spread = Array.from({ length: MAX_VALUES / MAX_ITEMS + 1 }, () => new Array(MAX_ITEMS).fill(0));
    expect(messages({ spread })).toEqual([` ${TEXT_GUARD_MSG.values}`]);
    const definition = {
      filters: Array.from({ length: 50 }, (_, i) => ({
        key: `f${i}`,
        in: Array.from({ length: 200 }, (_, j) => `value ${j}`),
      })),
    };
    expect(textErrors(definition)).toEqual([]);
    expect(JSON.stringify(definition).length).toBeGreaterThan(100_000);
  });
});

describe('the shape scan of a JSON text, before it is parsed', () => {
  const brackets = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const deep = (n: number) => jsonShapeProblem(brackets(n)) === TEXT_GUARD_MSG.deep;

  it('finds nesting beyond the limit, objects and lists alike', () => {
    expect(deep(MAX_DEPTH)).toBe(false);
    expect(deep(MAX_DEPTH + 1)).toBe(true);
    expect(jsonShapeProblem(`${'{"a":'.repeat(MAX_DEPTH + 1)}0${'}'.repeat(MAX_DEPTH + 1)}`)).toBe(TEXT_GUARD_MSG.deep);
    expect(jsonShapeProblem(`${'[{"__proto__":1},'.repeat(10)}${brackets(3_750_000)}`)).toBe(TEXT_GUARD_MSG.deep);
    // As the guard counts: the value it takes is as deep as the text the scan takes.
    expect(textErrors(JSON.parse(brackets(MAX_DEPTH)))).toEqual([]);
    expect(textErrors(JSON.parse(brackets(MAX_DEPTH + 1)))).not.toEqual([]);
  });

  it("finds objects of too many fields and inner lists of too many items; the outer list is the schema's", () => {
    const fields = (n: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, [i, { i }]])));
    expect(jsonShapeProblem(fields(MAX_FIELDS))).toBeNull();
    expect(jsonShapeProblem(fields(MAX_FIELDS + 1))).toBe(TEXT_GUARD_MSG.fields);
    expect(jsonShapeProblem(`[${fields(26_000)}]`)).toBe(TEXT_GUARD_MSG.fields);
    const list = (n: number) => JSON.stringify({ userId: new Array(n).fill(1) });
    expect(jsonShapeProblem(list(MAX_ITEMS))).toBeNull();
    expect(jsonShapeProblem(list(MAX_ITEMS + 1))).toBe(TEXT_GUARD_MSG.items);
    expect(jsonShapeProblem(JSON.stringify(new Array(MAX_ITEMS * 5).fill({ a: [1, 2], b: 'x,y' })))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ text: ','.repeat(5_000), list: [','.repeat(5_000)] }))).toBeNull();
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(jsonShapeProblem(JSON.stringify({ a: '['.repeat(100), b: '{'.repeat(100) }))).toBeNull();
    expect(jsonShapeProblem(JSON.stringify({ a: `"${'['.repeat(100)}\\`, b: `\\"${'{'.repeat(100)}` }))).toBeNull();
    expect(jsonShapeProblem(`["\\\\", ${brackets(MAX_DEPTH)}]`)).toBe(TEXT_GUARD_MSG.deep);
    expect(jsonShapeProblem(`["\\"${'['.repeat(100)}"]`)).toBeNull();
    expect(jsonShapeProblem(`"${'['.repeat(100)}`)).toBeNull();
  });
});

describe('the messages of one answer', () => {
  it('are at most ten, without repeats, the rest summed up', () => {
    const many = Array.from({ length: 26_000 }, (_, i) => `Unknown field k${i % 30}`);
    expect(fewMessages(many)).toEqual([
      ...Array.from({ length: MAX_MESSAGES }, (_, i) => `Unknown field k${i}`),
      'and 20 more problems',
    ]);
    expect(fewMessages([...many.slice(0, 11), 'x'])).toEqual([...many.slice(0, 10), 'and 2 more problems']);
    expect(fewMessages(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(TEXT_GUARD_MSG.more(1)).toBe('and 1 more problem');
  });

  it('cap what check() answers for a row of many bad fields', () => {
    const row = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 30 }, (_, i) => [
          `n${i}`,
          { type: 'integer', errorMessage: `n${i} must be a whole number` },
        ]),
      ),
    };
    const errors = check(row, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`n${i}`, 'x'])));
    expect(errors).toHaveLength(MAX_MESSAGES + 1);
    expect(errors.at(-1)).toBe('and 20 more problems');
  });
});

describe('validation with the text guard', () => {
  const row = {
    type: 'object',
    properties: { CompanyId: { type: 'string', minLength: 1 } },
    required: ['CompanyId'],
  } as const;

  it('refuses a bulk row with a NUL as that row, naming its field (check, checked)', () => {
    expect(check(row, { CompanyId: '1001\u0000' })).toEqual(['CompanyId must not contain control characters']);
    expect(checked(row, { CompanyId: '\ud800' })).toEqual({ errors: ['CompanyId must be valid Unicode text'] });
    expect(checked(row, { CompanyId: '1001' })).toEqual({ value: { CompanyId: '1001' } });
  });

  it('leaves the rows of an open bulk list to the route, and guards every other body, query and path', () => {
    expect(compileFor('body', { type: 'array', items: {} })([{ CompanyId: 'a\u0000' }])).toBe(true);
    expect(compileFor('body', { type: 'array' })(['a\u0000'])).toBe(true);
    const strict = compileFor('body', { type: 'array', items: { type: 'string' } });
    expect(strict(['a\u0000'])).toBe(false);
    expect(strict.errors?.map((e) => e.message)).toEqual(['[0] must not contain control characters']);
    const query = compileFor('querystring', { type: 'object', properties: { c: { type: 'string' } } });
    expect(query({ c: 'a\u0000' })).toBe(false);
    expect(query.errors?.map((e) => e.message)).toEqual(['c must not contain control characters']);
    expect(compileFor('params', { type: 'object' })({ id: 'a\u0000' })).toBe(false);
  });

  it('refuses numbers JSON reads as Infinity', () => {
    const body = compileFor('body', { type: 'object', properties: { n: { type: 'number' }, i: { type: 'integer' } } });
    expect(body({ n: 1e308, i: 1 })).toBe(true);
    expect(body({ n: JSON.parse('1e400') })).toBe(false);
    expect(body({ i: JSON.parse('-1e400') })).toBe(false);
  });
});

/** A JSON Schema node, as far as the walks below read it. */
type SchemaNode = {
  type?: string | string[];
  enum?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  properties?: Record<string, unknown>;
  allOf?: unknown[];
  anyOf?: unknown[];
  oneOf?: unknown[];
  then?: unknown;
  else?: unknown;
  items?: unknown;
  additionalProperties?: unknown;
};

/** Where a schema takes a whole number only (not an id that may also be text) without an upper bound or a fixed list. */
function unboundedIntegers(schema: unknown, path: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as SchemaNode;
  const types: unknown[] = [node.type ?? []].flat();
  const fixed = 'const' in node || Array.isArray(node.enum) || Array.isArray(node.oneOf);
  if (types.includes('integer') && !types.includes('string') && node.maximum === undefined && !fixed) out.push(path);
  for (const [name, sub] of Object.entries(node.properties ?? {})) unboundedIntegers(sub, `${path}.${name}`, out);
  for (const sub of [
    ...(node.allOf ?? []),
    ...(node.anyOf ?? []),
    ...(node.oneOf ?? []),
    node.then,
    node.else,
    node.items,
    node.additionalProperties,
  ]) {
    unboundedIntegers(sub, path, out);
  }
  return out;
}

/** Where a schema takes any number (not only whole ones) without both bounds or a fixed list. */
function unboundedNumbers(schema: unknown, path: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as SchemaNode;
  const types: unknown[] = [node.type ?? []].flat();
  const fixed = 'const' in node || Array.isArray(node.enum);
  const low = node.minimum !== undefined || node.exclusiveMinimum !== undefined;
  if (types.includes('number') && !fixed && (!low || node.maximum === undefined)) out.push(path);
  for (const [name, sub] of Object.entries(node.properties ?? {})) unboundedNumbers(sub, `${path}.${name}`, out);
  for (const sub of [
    ...(node.allOf ?? []),
    ...(node.anyOf ?? []),
    ...(node.oneOf ?? []),
    node.then,
    node.else,
    node.items,
    node.additionalProperties,
  ]) {
    unboundedNumbers(sub, path, out);
  }
  return out;
}

describe('numbers of the contracts', () => {
  it('bounds every number (coordinates, radius, transit time...), so none is stored out of its range', () => {
    const found = allCalls.flatMap((call) =>
      (['querystring', 'params', 'body'] as const).flatMap((part) =>
        unboundedNumbers(call[part], `${call.id} ${part}`),
      ),
    );
    expect([...found, ...unboundedNumbers(routeBulkRowSchema, 'route bulk row')]).toEqual([]);
    expect(unboundedNumbers({ properties: { lat: { type: 'number', minimum: -90 } } }, 'probe')).toEqual(['probe.lat']);
  });

  it('bounds every whole-number field, so none overflows a column (bigint, integer) or a JavaScript number', () => {
    const found = allCalls.flatMap((call) =>
      (['querystring', 'params', 'body'] as const).flatMap((part) =>
        unboundedIntegers(call[part], `${call.id} ${part}`),
      ),
    );
    expect(found).toEqual([]);
    expect(unboundedIntegers({ properties: { n: { type: 'integer' } } }, 'probe')).toEqual(['probe.n']);
  });
});
