// @vitest-environment node
import Ajv from 'ajv';
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { compileFor } from '../server/http/validation';
import { ajvOptions, isEmailAddress, isEmailList, validate } from './ajv';
import { addVocabulary } from './ajv-vocabulary';
import { linearRegExp, toRe2 } from './ajv-server';
import { otpRequestSchema } from './auth';

/**
 * No regular expression of the schemas can stall the server (issue 9): every `pattern` of every exported schema of
 * schemas/ and schemas/api/ (the contracts' query strings, params and bodies included) is linear by construction,
 * sits next to a maxLength, and answers its worst inputs through the server's own validator. Formats that read text
 * (e-mail lists, dates, coordinates) are fed the same inputs.
 */

type Schema = Record<string, unknown>;

const modules = {
  ...import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true }),
  ...import.meta.glob<Record<string, unknown>>('./api/*.ts', { eager: true }),
};

/** A string schema found in an export: where, the schema, and the patterns and format it checks its text with. */
interface StringSchema {
  where: string;
  schema: Schema;
  patterns: string[];
  format?: string;
}

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null;
const typesOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * The schemas of what the server answers (a contract's `answer` and `meta`, and every object under them): they describe
 * output, which no pattern reads and no length limit guards, so the walk below leaves them out (and the exports named
 * `…Answer` they are made of) unless a request schema holds them too.
 */
function answerNodes(): Set<object> {
  const nodes = new Set<object>();
  const walk = (value: unknown) => {
    if (!isObject(value) || nodes.has(value)) return;
    nodes.add(value);
    for (const sub of Object.values(value)) walk(sub);
  };
  for (const exports of Object.values(modules))
    for (const value of Object.values(exports))
      if (isObject(value))
        for (const call of Object.values(value))
          if (isObject(call) && typeof call.id === 'string' && typeof call.method === 'string') {
            walk(call.answer);
            walk(call.meta);
          }
  return nodes;
}

/** Every schema object under the exports (each once), with the first path it was met at. */
function schemaNodes(): { where: string; node: Schema }[] {
  const answers = answerNodes();
  const seen = new Set<object>();
  const out: { where: string; node: Schema }[] = [];
  const walk = (value: unknown, where: string) => {
    if (!isObject(value) || seen.has(value)) return;
    seen.add(value);
    out.push({ where, node: value });
    // Messages, defaults and examples are data, not schemas; a contract's answer and meta describe output.
    for (const [key, sub] of Object.entries(value))
      if (!['errorMessage', 'default', 'examples', 'enum', 'const', 'answer', 'meta'].includes(key))
        walk(sub, `${where}/${key}`);
  };
  for (const [file, exports] of Object.entries(modules))
    for (const [name, value] of Object.entries(exports))
      if (!name.endsWith('Answer') && !(isObject(value) && answers.has(value))) walk(value, `${file}:${name}`);
  return out;
}

const NODES = schemaNodes();

/** The string schemas, each with its own pattern and those of its `not`, `allOf` and `anyOf` parts. */
const STRING_SCHEMAS: StringSchema[] = NODES.filter(({ node }) => typesOf(node).includes('string')).map(
  ({ where, node }) => {
    const parts = [
      node,
      ...[node.not, ...((node.allOf ?? []) as unknown[]), ...((node.anyOf ?? []) as unknown[])].filter(isObject),
    ];
    const patterns = parts.map((part) => part.pattern).filter((p): p is string => typeof p === 'string');
    return { where, schema: node, patterns, ...(typeof node.format === 'string' ? { format: node.format } : {}) };
  },
);

/** Every node holding a pattern, wherever it sits. */
const PATTERN_NODES = NODES.filter(({ node }) => typeof node.pattern === 'string');
const PATTERNS = [...new Set(PATTERN_NODES.map(({ node }) => node.pattern as string))];

/** Texts repeated to build attack strings: runs of what the patterns accept, and the mixtures their repeats overlap on. */
const PUMPS = ['a', '0', ' ', '\u00a0', '.', ',', "'", '_', 'a.', 'a@', '0,', '0 ', '0a', 'a ', ', a@a.a', "' "];
/** Starts that lead a pattern into its repeated part. */
const PREFIXES = ['', 'a@', '0', "'", 'a@a.'];
/** Endings that make the text fail after the run (none of them a control character, which is refused before the schema). */
const KILLERS = ['!', '@', 'a@@', '\u2028'];

/** A text of `length` characters (at least the prefix, one pump and the killer): the prefix, the pump repeated, the killer. */
const attack = (prefix: string, pump: string, killer: string, length: number) => {
  const run = Math.max(pump.length, length - prefix.length - killer.length);
  return prefix + pump.repeat(Math.ceil(run / pump.length)).slice(0, run) + killer;
};

/** The body size of the reported attack: 256 KB. */
const ATTACK_SIZE = 256 * 1024;

const limitOf = (schema: Schema) => (typeof schema.maxLength === 'number' ? schema.maxLength : 0);

describe('patterns of the schemas', () => {
  it('finds the schemas of every file and contract', () => {
    expect(Object.keys(modules)).toEqual(
      expect.arrayContaining([
        './auth.ts',
        './report-schedule.ts',
        './alert-bulk.ts',
        './api/index.ts',
        './api/auth.ts',
      ]),
    );
    expect(PATTERNS.length).toBeGreaterThan(15);
    // The calls' schemas are walked too: the contracts of setAlerts and of the report definitions are among the exports.
    expect(NODES.some(({ where }) => where.startsWith('./api/'))).toBe(true);
  });

  it('gives every string a length limit, and every pattern one beside it', () => {
    const unlimited = STRING_SCHEMAS.filter(
      ({ schema }) => typeof schema.maxLength !== 'number' && !('enum' in schema) && !('const' in schema),
    );
    expect(unlimited.map(({ where }) => where)).toEqual([]);
    const patternsWithoutLimit = PATTERN_NODES.filter(({ node }) => typeof node.maxLength !== 'number');
    expect(patternsWithoutLimit.map(({ where }) => where)).toEqual([]);
  });

  it('runs the server validator on RE2', () => {
    // RE2 has no lookahead: only the linear engine refuses this pattern (as the validator is compiled, on its first use).
    expect(() => compileFor('body', { type: 'string', maxLength: 9, pattern: '^(?=a)' })('a')).toThrow(/\(\?=/);
    expect(() => compileFor('querystring', { type: 'string', maxLength: 9, pattern: '^(?=a)' })('a')).toThrow(/\(\?=/);
  });

  it('compiles every pattern with RE2 (linear time by construction)', () => {
    const refused = PATTERNS.filter((pattern) => {
      try {
        linearRegExp(pattern, 'u');
        return false;
      } catch {
        return true;
      }
    });
    expect(refused).toEqual([]);
  });

  it('has recheck judge every pattern safe for a backtracking engine (the browser runs them natively)', () => {
    // The reported patterns, as they were: recheck must see what was wrong with them.
    const reported = [
      '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+|[6-9][0-9]{9})$',
      '^\\s*[^@\\s,]+@[^@\\s,]+\\.[^@\\s,]+(\\s*,\\s*[^@\\s,]+@[^@\\s,]+\\.[^@\\s,]+)*\\s*$',
    ];
    expect(reported.map((pattern) => checkSync(pattern, 'u').status)).toEqual(['vulnerable', 'vulnerable']);
    const unsafe = PATTERNS.map((pattern) => ({
      pattern,
      result: checkSync(pattern, 'u', { timeout: 120_000 }),
    })).filter(({ result }) => result.status !== 'safe');
    expect(unsafe.map(({ pattern, result }) => `${pattern}: ${result.status}`)).toEqual([]);
  }, 300_000);

  it('means the same on RE2 as on the native engine', () => {
    const differences: string[] = [];
    for (const pattern of PATTERNS) {
      const native = new RegExp(pattern, 'u');
      const linear = linearRegExp(pattern, 'u');
      const texts = [
        '',
        'ops@demo.local',
        '9876543210',
        "'x'",
        '12, 34',
        'abc12345',
        '\r',
        'a\nb',
        '\u00a0',
        '\u2028x',
        'a\u00a0b',
        'x\u000by',
      ];
      for (const prefix of PREFIXES)
        for (const pump of PUMPS)
          for (const killer of ['', ...KILLERS])
            texts.push(attack(prefix, pump, killer, 12), attack(prefix, pump, killer, 70));
      for (const text of texts)
        if (native.test(text) !== linear.test(text))
          differences.push(`${pattern} on ${JSON.stringify(text)}: native ${native.test(text)}`);
    }
    expect(differences).toEqual([]);
  });

  it('answers the worst texts of every pattern and format through the server validator', () => {
    // Schemas that check alike (the same rules, in other words) answer alike: each is attacked once.
    const rules = (schema: unknown) =>
      JSON.stringify(schema, (key, value) =>
        ['errorMessage', 'description', 'title'].includes(key) ? undefined : value,
      );
    const alike = new Map<string, StringSchema>();
    for (const string of STRING_SCHEMAS.filter(({ patterns, format }) => patterns.length || format))
      if (!alike.has(rules(string.schema))) alike.set(rules(string.schema), string);
    const checked = [...alike.values()];
    expect(checked.length).toBeGreaterThan(20);
    let answers = 0;
    for (const { where, schema } of checked) {
      const validator = compileFor('body', schema);
      const limit = limitOf(schema);
      for (const pump of PUMPS) {
        for (const prefix of PREFIXES) {
          for (const killer of KILLERS) {
            // Up to the limit (what reaches the pattern) and just beyond it (what must not), within the attacker's 256 KB.
            for (const length of [limit, limit + 1].filter((n) => n <= ATTACK_SIZE)) {
              expect(typeof validator(attack(prefix, pump, killer, length)), where).toBe('boolean');
              answers += 1;
            }
          }
        }
        // The attacker's 256 KB.
        expect(validator(attack('a@', pump, '@', ATTACK_SIZE)), where).toBe(false);
        answers += 1;
      }
    }
    expect(answers).toBeGreaterThan(1000);
  }, 300_000);

  it("refuses the reported attacks with the fields' own messages", () => {
    const identifierAttack = `a@${'a.'.repeat(128_000)}@`;
    const emailListAttack = `${'a@a.a,'.repeat(11_000)}a@`;
    const check = compileFor('body', otpRequestSchema);
    expect(check({ identifier: identifierAttack })).toBe(false);
    expect(check({ identifier: `a@${'a.'.repeat(125)}@` })).toBe(false);
    expect(check({ identifier: 'ops@demo.local' })).toBe(true);
    expect(isEmailList(emailListAttack)).toBe(false);
  });
});

describe('length before pattern', () => {
  /** An ajv with this project's vocabulary whose RegExp engine counts the texts it is asked about. */
  function countingAjv() {
    const seen: string[] = [];
    const regExp = Object.assign(
      (pattern: string, flags: string) => {
        const native = new RegExp(pattern, flags);
        return {
          test: (text: string) => {
            seen.push(text);
            return native.test(text);
          },
        };
      },
      { code: 'countingRegExp' },
    );
    return { ajv: addVocabulary(new Ajv({ ...ajvOptions, code: { regExp } })), seen };
  }

  it('never runs a pattern on a text longer than its maxLength', () => {
    const { ajv, seen } = countingAjv();
    const check = ajv.compile({
      type: 'string',
      maxLength: 5,
      pattern: '^[0-9]+$',
      errorMessage: { maxLength: 'Too long', pattern: 'Digits only' },
    });
    expect(check('123456')).toBe(false);
    expect(check.errors?.map((e) => e.message)).toEqual(['Too long']);
    expect(seen).toEqual([]);
    expect(check('12a')).toBe(false);
    expect(check.errors?.map((e) => e.message)).toEqual(['Digits only']);
    expect(seen).toEqual(['12a']);
  });

  it('counts characters as maxLength does: an emoji is one', () => {
    const { ajv, seen } = countingAjv();
    const check = ajv.compile({ type: 'string', maxLength: 3, pattern: '^\\S+$' });
    expect(check('😀😀😀')).toBe(true);
    expect(seen).toEqual(['😀😀😀']);
  });

  it('raises a pattern error as ajv does, worded for people where a schema has no message', () => {
    expect(validate({ type: 'string', maxLength: 9, pattern: '^[0-9]+$' }, 'x')).toEqual(['Enter a valid value']);
    expect(
      validate(
        { type: 'object', properties: { code: { type: 'string', maxLength: 9, pattern: '^[0-9]+$' } } },
        { code: 'x' },
      ),
    ).toEqual(['Enter a valid code']);
  });
});

describe('e-mail lists', () => {
  it('takes addresses separated by commas, spaces around them allowed', () => {
    expect(isEmailList('ops@demo.local')).toBe(true);
    expect(isEmailList(' ops@demo.local , plant.head@tatasteel.example ')).toBe(true);
    expect(isEmailList("o'brien+alerts@mail.example.co.in")).toBe(true);
  });

  it('refuses what is not a list of addresses', () => {
    for (const text of [
      '',
      ' ',
      'ops',
      'ops@demo',
      '@demo.local',
      'ops@.local',
      'ops@demo..local',
      'ops@-demo.local',
      'a b@demo.local',
      'ops@demo.local,',
      'ops@demo.local,,a@b.co',
      'a@b@c.de',
      'ops..x@demo.local',
    ]) {
      expect(isEmailList(text), text).toBe(false);
    }
  });

  it('holds each address to 254 characters and its local part to 64', () => {
    const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(55)}.in`;
    expect(isEmailAddress(`${'l'.repeat(10)}@${domain}`)).toBe(true);
    expect(isEmailAddress(`${'l'.repeat(20)}@${domain}`)).toBe(false);
    expect(isEmailAddress(`${'l'.repeat(64)}@x.in`)).toBe(true);
    expect(isEmailAddress(`${'l'.repeat(65)}@x.in`)).toBe(false);
  });

  it('refuses a list longer than the fields take before reading any address of it', () => {
    const addresses = (count: number) => Array.from({ length: count }, () => 'a@a.co').join(',');
    expect(isEmailList(addresses(285))).toBe(true); // 1,994 characters
    expect(isEmailList(addresses(286))).toBe(false);
    expect(isEmailList(addresses(1_000_000))).toBe(false);
  });
});

describe('RE2 spelling of JavaScript patterns', () => {
  it('spells out \\s, \\S and . with their JavaScript meaning', () => {
    const space = linearRegExp('^\\s$', 'u');
    expect(['\u00a0', '\u000b', '\ufeff', ' '].every((c) => space.test(c))).toBe(true);
    expect(space.test('x')).toBe(false);
    expect(linearRegExp('^[^\\S]$', 'u').test('\u2003')).toBe(true);
    expect(linearRegExp('^.$', 'u').test('\r')).toBe(false);
    expect(linearRegExp('^.$', 'u').test('😀')).toBe(true);
    expect(toRe2('\\\\s')).toBe('\\\\s');
  });

  it('refuses lookarounds and JavaScript-only classes', () => {
    expect(() => linearRegExp('^(?=.*[0-9]).*$')).toThrow();
    expect(() => linearRegExp('^[^]*$')).toThrow();
  });
});
