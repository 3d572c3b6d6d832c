import { describe, expect, it } from 'vitest';
import { allCalls } from '../../schemas/api';
import { MAX_DEPTH, TEXT_GUARD_MSG, textErrors } from './text-guard';
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
    expect(messages({ data: [{ key: 'x\u001bx' }] })).toEqual(['/data/0/key data[0].key must not contain control characters']);
    expect(messages('\u007f')).toEqual([' Text must not contain control characters']);
    for (let code = 0; code < 32; code += 1) {
      const allowed = code === 9 || code === 10 || code === 13;
      expect(textErrors({ text: `a${String.fromCharCode(code)}b` }).length, `U+${code.toString(16)}`).toBe(allowed ? 0 : 1);
    }
  });

  it('refuses lone surrogates but takes pairs (emoji) and any other text', () => {
    for (const lone of ['\ud800', 'a\udc00b', '\ud83d', 'x\udfff', '\udbff\ud800']) {
      expect(messages({ label: lone })).toEqual(['/label label must be valid Unicode text']);
    }
    expect(textErrors({ label: '😀 Jamshedpur – Kolkata\té\n', n: 1e308, ok: true, none: null, list: ['\u00a0'] })).toEqual([]);
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
});

describe('validation with the text guard', () => {
  const row = { type: 'object', properties: { CompanyId: { type: 'string', minLength: 1 } }, required: ['CompanyId'] } as const;

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

/** Where a schema takes a whole number only (not an id that may also be text) without an upper bound or a fixed list. */
function unboundedIntegers(schema: unknown, path: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const node = schema as Record<string, any>;
  const types: unknown[] = [node.type ?? []].flat();
  const fixed = 'const' in node || Array.isArray(node.enum) || Array.isArray(node.oneOf);
  if (types.includes('integer') && !types.includes('string') && node.maximum === undefined && !fixed) out.push(path);
  for (const [name, sub] of Object.entries(node.properties ?? {})) unboundedIntegers(sub, `${path}.${name}`, out);
  for (const sub of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? []), node.then, node.else, node.items, node.additionalProperties]) {
    unboundedIntegers(sub, path, out);
  }
  return out;
}

describe('numbers of the contracts', () => {
  it('bounds every whole-number field, so none overflows a column (bigint, integer) or a JavaScript number', () => {
    const found = allCalls.flatMap((call) => (['querystring', 'params', 'body'] as const).flatMap((part) => unboundedIntegers(call[part], `${call.id} ${part}`)));
    expect(found).toEqual([]);
    expect(unboundedIntegers({ properties: { n: { type: 'integer' } } }, 'probe')).toEqual(['probe.n']);
  });
});
