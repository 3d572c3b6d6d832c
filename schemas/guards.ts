import type { AnySchema } from 'ajv';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { SchemaCheck } from './ajv';
import { compileSchema } from './schema-compiler';

/**
 * Type guards for values the compiler cannot know the type of (parsed JSON, a stored document, a query's text): they
 * look at the value, so what they answer holds at run time, where an assertion (`x as T`) only says so.
 */

/** A JSON object (or any object that is not an array): its fields by name, each of unknown type. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is one of `values` (compared with ===): typed as that union when it is. */
export const isOneOf = <const T extends readonly unknown[]>(values: T, value: unknown): value is T[number] =>
  values.some((item) => item === value);

/**
 * The own enumerable keys of an object whose type names every key it has (a literal table such as `{ a: 1, b: 2 }`),
 * typed as those keys, in `Object.keys` order.
 */
export function keysOf<T extends object>(table: T): Extract<keyof T, string>[] {
  const keys: Extract<keyof T, string>[] = [];
  for (const key in table) if (Object.hasOwn(table, key)) keys.push(key);
  return keys;
}

/** What a value valid against schema `S` is (its type is worked out once `S` is known). */
export type Described<S> = S extends JSONSchema ? FromSchema<S> : never;

/**
 * The type guard of a JSON Schema: whether `value` is valid, typed as the schema describes it when it is. The schema is
 * compiled on first use (compileSchema: the same ajv and options as `validate()`), then kept.
 */
export function schemaGuard<S extends JSONSchema>(schema: S): (value: unknown) => value is Described<S>;
export function schemaGuard(schema: AnySchema): (value: unknown) => boolean {
  let check: SchemaCheck | undefined;
  return (value) => {
    check ??= compileSchema(schema);
    return check(value);
  };
}

/** JSON text parsed and checked by `guard` (e.g. a {@link schemaGuard}); throws naming `what` when it is not one. */
export function parsedJson<T>(text: string, guard: (value: unknown) => value is T, what: string): T {
  const value: unknown = JSON.parse(text);
  if (!guard(value)) throw new Error(`${what} is not what it should be`);
  return value;
}
