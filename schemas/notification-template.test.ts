import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SAMPLE_TRIP,
  parseTemplate,
  renderTemplate,
  unknownTokens,
  type TemplateEscape,
} from './notification-template';

/** Properties of the template grammar (header of notification-template.ts; API.md "Notification templates"). */

const NAME = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;
const ESCAPES: TemplateEscape[] = ['none', 'json', 'xml'];

/** Every name a lookup on a plain object (or a function) could reach through its prototype, and the grammar can write. */
const PROTOTYPE_NAMES = [
  ...new Set([...Object.getOwnPropertyNames(Object.prototype), ...Object.getOwnPropertyNames(Function.prototype)]),
].filter((name) => NAME.test(name));

/** A name the sample trip does not offer: a prototype's, or any identifier the grammar reads. */
const unknownName = fc
  .oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.stringMatching(NAME))
  .filter((name) => !Object.hasOwn(SAMPLE_TRIP, name));

const text = (result: { text: string } | { error: string }) => {
  if ('error' in result) throw new Error(result.error);
  return result.text;
};

/** A template as the reference model sees it: the tree the grammar describes, printed below. */
type Model =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; spaced: boolean }
  | { kind: 'if'; name: string; then: Model[]; else: Model[] | null };

/** Token names: some with values (empty or not), some without, and prototype names that must count as absent. */
const modelName = fc.constantFrom('a', 'b', 'c', 'd', 'constructor', '__proto__', 'toString');

const { nodes: modelNodes } = fc.letrec<{ node: Model; if: Model; nodes: Model[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // Text without braces, so that printed tags stay the only tags.
    fc.record({
      kind: fc.constant('text' as const),
      text: fc.string({ unit: fc.constantFrom(...'ab <>&"\'\n\\é'), minLength: 1 }),
    }),
    fc.record({ kind: fc.constant('value' as const), name: modelName, spaced: fc.boolean() }),
    tie('if'),
  ),
  if: fc.record({
    kind: fc.constant('if' as const),
    name: modelName,
    then: tie('nodes'),
    else: fc.option(tie('nodes'), { nil: null }),
  }),
  nodes: fc.array(tie('node'), { maxLength: 4 }),
}));

const print = (nodes: Model[]): string =>
  nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'value') return node.spaced ? `{{ ${node.name} }}` : `{{${node.name}}}`;
      return `{{#if ${node.name}}}${print(node.then)}${node.else ? `{{else}}${print(node.else)}` : ''}{{/if}}`;
    })
    .join('');

/** The reference: a value is the entry of the map (prototype names are simply not in it). */
const evaluate = (nodes: Model[], values: Map<string, string>): string =>
  nodes
    .map((node) => {
      if (node.kind === 'text') return node.text;
      if (node.kind === 'value') return values.get(node.name) ?? '';
      return values.get(node.name) ? evaluate(node.then, values) : evaluate(node.else ?? [], values);
    })
    .join('');

describe('the template grammar, by property', () => {
  it('draws its prototype names from both prototypes', () => {
    expect(PROTOTYPE_NAMES).toEqual(
      expect.arrayContaining([
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'isPrototypeOf',
        'apply',
        'bind',
        'call',
      ]),
    );
  });

  it('renders any name the trip does not offer as empty, false in an if, and reports it as unknown', () => {
    fc.assert(
      fc.property(unknownName, fc.constantFrom(...ESCAPES), fc.boolean(), (name, escaping, spaced) => {
        const value = spaced ? `{{ ${name} }}` : `{{${name}}}`;
        expect(renderTemplate(`[${value}]`, SAMPLE_TRIP, escaping)).toEqual({ text: '[]' });
        expect(renderTemplate(`{{#if ${name}}}yes{{else}}no{{/if}}`, SAMPLE_TRIP, escaping)).toEqual({ text: 'no' });
        expect(unknownTokens(`${value}{{#if ${name}}}{{/if}}`)).toEqual([name]);
      }),
    );
  });

  it('keeps a JSON body readable whatever name it uses', () => {
    fc.assert(
      fc.property(unknownName, (name) => {
        expect(JSON.parse(text(renderTemplate(`{"a": "{{${name}}}"}`, SAMPLE_TRIP, 'json')))).toEqual({ a: '' });
      }),
    );
  });

  it('renders nested if and else like the reference model', () => {
    const values = fc.dictionary(
      fc.constantFrom('a', 'b', 'c'),
      fc.oneof(fc.constant(''), fc.string({ maxLength: 5 })),
    );
    fc.assert(
      fc.property(modelNodes, values, (model, entries) => {
        const template = print(model);
        expect(parseTemplate(template)).not.toHaveProperty('error');
        expect(renderTemplate(template, entries)).toEqual({ text: evaluate(model, new Map(Object.entries(entries))) });
      }),
      { numRuns: 300 },
    );
  });

  it('writes any value into a JSON string that parses back to the value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (value, other) => {
        const body = text(renderTemplate('{"v": "{{v}}", "w": "<{{w}}>"}', { v: value, w: other }, 'json'));
        expect(JSON.parse(body)).toEqual({ v: value, w: `<${other}>` });
      }),
    );
  });

  it('writes any value as XML text with no raw <, > or &, and reads back as the value', () => {
    const unescapeXml = (xml: string) =>
      xml.replace(
        /&(lt|gt|quot|apos|amp);/g,
        (_, entity: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[entity]!,
      );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'<>&"\';ampltgq x') }),
        fc.string({ unit: 'binary' }),
        (tricky, any) => {
          for (const value of [tricky, any]) {
            const xml = text(renderTemplate('{{v}}', { v: value }, 'xml'));
            expect(xml).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
            expect(unescapeXml(xml)).toBe(value);
          }
        },
      ),
    );
  });
});
