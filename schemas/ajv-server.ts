import type { RegExpEngine } from 'ajv/dist/types';
import { RE2JS } from 're2js';
import { ajvOptions } from './ajv';

/**
 * The server's regular expressions: the schemas' `pattern`s run on RE2 (re2js, a pure JS port), which matches in time
 * linear in the input whatever the pattern, so no input can stall the event loop by backtracking (ReDoS). The browser
 * keeps its native RegExp (re2js would weigh on every page); the patterns are written so that they are linear there
 * too, and schemas/patterns.test.ts checks both. RE2 refuses lookarounds and backreferences: such a pattern fails
 * when the server compiles its schemas, i.e. at start-up and in that test.
 */

/** What JavaScript's `\s` matches (RE2's `\s` is ASCII only), as [from, to] code point ranges. */
const JS_SPACE: readonly (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** The code points outside `ranges` (sorted, disjoint), as ranges. */
function complement(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

const hex = (n: number) => `\\x{${n.toString(16)}}`;
/** Ranges as the members of an RE2 character class. */
const members = (ranges: readonly (readonly [number, number])[]) =>
  ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

const SPACE = members(JS_SPACE);
const NOT_SPACE = members(complement(JS_SPACE));
/** JavaScript's `.` without the s flag: anything but a line terminator (RE2's `.` only stops at \n). */
const DOT = `[^\\n\\r\\x{2028}\\x{2029}]`;

/**
 * A JavaScript pattern as RE2 reads it with the same meaning: `\s`, `\S` and `.` are spelled out with JavaScript's
 * sets. Everything else (classes, `\d`, `\w`, `\b`, anchors, groups, counted repeats) means the same in both.
 */
export function toRe2(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i];
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1];
      i += 1;
      if (next === 's') out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === 'S') out += inClass ? NOT_SPACE : `[${NOT_SPACE}]`;
      else out += ch + next;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      if (pattern[i + 1] === '^') out += pattern[++i];
      // JavaScript's [] matches nothing and [^] anything, where RE2 reads a member ']': refused rather than misread.
      if (pattern[i + 1] === ']')
        throw new SyntaxError(`Write [\\s\\S] rather than [^] (and no empty class) in /${pattern}/`);
    } else out += ch === '.' ? DOT : ch;
  }
  return out;
}

/** RE2 flags of JavaScript flags (`u` is RE2's way anyway: it matches by code point). */
function re2Flags(flags: string): number {
  let out = 0;
  if (flags.includes('i')) out |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) out |= RE2JS.MULTILINE;
  if (flags.includes('s')) out |= RE2JS.DOTALL;
  return out;
}

/** A pattern compiled by RE2, with what ajv asks of a RegExp: `test`, and a `toString` that tells patterns apart. */
export function linearRegExp(pattern: string, flags = ''): { test(text: string): boolean; toString(): string } {
  const compiled = RE2JS.compile(toRe2(pattern), re2Flags(flags));
  return { test: (text) => compiled.test(text), toString: () => `/${pattern}/${flags}` };
}

/** ajv's `code.regExp` option: every `pattern` of a schema compiled by {@link linearRegExp}. */
export const linearRegExpEngine: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => linearRegExp(pattern, flags),
  {
    code: 'linearRegExp',
  },
);

/** The options the server's ajv instances start from: the shared ones, with patterns on RE2. */
export const serverAjvOptions = { ...ajvOptions, code: { regExp: linearRegExpEngine } } as const;
