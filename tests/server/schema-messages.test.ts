import Fastify, { type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeFamilies } from '../../server/http/route-families';
import type { AppContext } from '../../server/context';
import { compileFor, useSharedValidation } from '../../server/http/validation';
import { shownErrors } from '../../schemas/ajv';

/**
 * No bad input of the spec 001 calls (data family, report schedules) is answered with one of ajv's own texts
 * ('must be integer', "must have required property 'x'"): every rule of their schemas carries a message. The
 * inputs are generated from the schemas: odd values for every property, in every branch (if/then) of the type.
 */

type Schema = Record<string, unknown>;

/** Paths of the calls this sweep covers. */
const COVERED = /^\/saas\/(data\/|v1\/rs\/|lego\/cbdt)/;

/** Values no schema property should take without a message. */
const ODD: unknown[] = [
  null,
  true,
  'abc',
  '',
  ' ',
  'Bad',
  77,
  0,
  -1,
  1.5,
  1e12,
  'x'.repeat(3000),
  [],
  {},
  [1],
  ['Bad'],
  [[]],
  [{}],
  [null],
];
/** The same as query strings carry them (a repeated parameter is a list). */
const ODD_QUERY: unknown[] = ['abc', '', ' ', 'Bad', '77', '0', '-1', '1.5', '1e12', 'x'.repeat(3000), ['1', '2']];

const objects = (value: unknown): Schema[] =>
  (Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []) as Schema[];

/** A schema and every branch that may apply at its level (allOf, anyOf, oneOf, then, else), recursively. */
function branches(schema: Schema): Schema[] {
  const nested = [schema.allOf, schema.anyOf, schema.oneOf, schema.then, schema.else].flatMap(objects);
  return [schema, ...nested.flatMap(branches)];
}

/** Property name → its schemas in any branch. */
function propertiesOf(schema: Schema): Map<string, Schema[]> {
  const found = new Map<string, Schema[]>();
  for (const branch of branches(schema)) {
    for (const [name, sub] of Object.entries((branch.properties ?? {}) as Record<string, Schema>))
      found.set(name, [...(found.get(name) ?? []), sub]);
  }
  return found;
}

/** Objects that meet each `if` of the schema (its consts, or each value of its enums), so every `then` is tried. */
function conditionBases(schema: Schema): Record<string, unknown>[] {
  return branches(schema).flatMap((branch) => {
    const condition = branch.if as Schema | undefined;
    const props = Object.entries((condition?.properties ?? {}) as Record<string, Schema>);
    if (!props.length) return [];
    const fixed = Object.fromEntries(props.filter(([, p]) => 'const' in p).map(([name, p]) => [name, p.const]));
    const choice = props.find(([, p]) => Array.isArray(p.enum));
    return choice ? (choice[1].enum as unknown[]).map((value) => ({ ...fixed, [choice[0]]: value })) : [fixed];
  });
}

/** Odd values for a property with these schemas: the plain ones, objects with each property odd, lists of odd items. */
function oddValues(schemas: Schema[], plain: unknown[], depth: number): unknown[] {
  const out = [...plain];
  if (depth > 3) return out;
  for (const schema of schemas) {
    if (propertiesOf(schema).size) out.push(...oddObjects(schema, plain, depth));
    const items = branches(schema).flatMap((branch) => objects(branch.items));
    if (items.length) out.push(...oddValues(items, plain, depth + 1).map((item) => [item]));
  }
  return out;
}

/** Each condition base of an object schema, alone, with a field it does not know, and with one property odd. */
function oddObjects(schema: Schema, plain: unknown[], depth: number): unknown[] {
  const out: unknown[] = [];
  for (const base of [{}, ...conditionBases(schema)]) {
    out.push(base, { ...base, unknownField: plain[0] });
    for (const [name, subs] of propertiesOf(schema)) {
      for (const value of oddValues(subs, plain, depth + 1)) out.push({ ...base, [name]: value });
    }
  }
  return out;
}

/** The routes with their schemas, registered on a bare instance (no store is touched while registering). */
async function coveredRoutes(): Promise<RouteOptions[]> {
  const app = Fastify();
  useSharedValidation(app);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (COVERED.test(route.url) && route.schema) routes.push(route);
  });
  // A context with nothing in it but what registering reads: the mailer's kind (the outbox's route is then mounted).
  for (const family of await routeFamilies()) await family(app, { mailer: { kind: 'outbox' } } as AppContext);
  await app.ready();
  await app.close();
  return routes;
}

describe('messages of the spec 001 calls', () => {
  it('covers the data family and the report service', async () => {
    const urls = (await coveredRoutes()).map((route) => route.url);
    for (const url of [
      '/saas/data/automationdashboard/setDashboard',
      '/saas/data/autoclosure/createAndUpdateAutoClosure',
      '/saas/v1/rs/definition/create',
      '/saas/data/automation/setAlerts',
    ]) {
      expect(urls).toContain(url);
    }
  });

  it("answers no odd input with ajv's own texts", async () => {
    const raw = new Map<string, string>();
    let refused = 0;
    for (const route of await coveredRoutes()) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route.schema?.[part] as Schema | undefined;
        if (!schema) continue;
        const check = compileFor(part, schema);
        const inputs = part === 'body' ? oddValues([schema], ODD, 0) : oddObjects(schema, ODD_QUERY, 0);
        for (const input of inputs) {
          if (check(structuredClone(input))) continue;
          refused += 1;
          for (const error of shownErrors(check.errors)) {
            const where = `${route.method} ${route.url} ${part}${error.instancePath}: ${error.message}`;
            if (error.keyword !== 'errorMessage' && !raw.has(where))
              raw.set(where, JSON.stringify(input).slice(0, 160));
          }
        }
      }
    }
    expect([...raw].map(([where, example]) => `${where} (e.g. ${example})`)).toEqual([]);
    expect(refused).toBeGreaterThan(10_000);
  });
});
