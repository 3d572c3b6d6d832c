import type { JSONSchema } from 'json-schema-to-ts';

/**
 * Building blocks of the answer schemas (a contract's `answer`): the JSON Schema of what the server sends, written
 * once, from which the handler's return type, the OpenAPI answer and the console's `DataOf` come. An answer object
 * names every field it sends (`additionalProperties: false`): Fastify drops any other when it serializes the answer,
 * and the compiler refuses a column `field` that is not one of them.
 */

/** A text. */
export const str = { type: 'string' } as const;
/** A text, or null where nothing is stored. */
export const strOrNull = { type: ['string', 'null'] } as const;
/** A whole number. */
export const int = { type: 'integer' } as const;
/** A whole number, or null. */
export const intOrNull = { type: ['integer', 'null'] } as const;
/** A number. */
export const num = { type: 'number' } as const;
/** A number, or null. */
export const numOrNull = { type: ['number', 'null'] } as const;
/** true or false. */
export const bool = { type: 'boolean' } as const;
/** true, false or null. */
export const boolOrNull = { type: ['boolean', 'null'] } as const;
/** null: a call that answers nothing but its success (a delete). */
export const none = { type: 'null' } as const;
/** Any JSON value a desk stored as it chose (a config's value, a form's extra context). */
export const anyJson = {} as const;
/**
 * An object of fields a desk chose (a configuration's context): any names, any JSON values. `additionalProperties`
 * is said outright: Fastify's serializer sends `{}` for an object schema that names no field and allows none.
 */
export const anyObject = { type: 'object', additionalProperties: true } as const;
/** Such an object, or null. */
export const anyObjectOrNull = { type: ['object', 'null'], additionalProperties: true } as const;

/** A list of `item`. */
export const list = <const S extends JSONSchema>(items: S) => ({ type: 'array', items }) as const;

/** One of `values`, or null. */
export const oneOfOrNull = <const V extends readonly string[]>(values: V) =>
  ({ type: ['string', 'null'], enum: [...values, null] }) as const;

type Properties = Record<string, JSONSchema>;

/**
 * An object that always has the fields of `properties` (each may still allow null) and may have those of `optional`,
 * and no others.
 */
export function shape<const P extends Properties, const O extends Properties = Record<never, never>>(
  properties: P,
  optional?: O,
) {
  return {
    type: 'object',
    properties: { ...properties, ...(optional as O) },
    required: Object.keys(properties) as Extract<keyof P, string>[],
    additionalProperties: false,
  } as const;
}
