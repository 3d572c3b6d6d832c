import type { AnySchema } from 'ajv';
import { hashObject } from '@rjsf/utils';
import type { SchemaCheck } from '../../schemas/ajv';

/** The key of a schema among the precompiled checks: the hash of its content, as rjsf keys its precompiled validators. */
export const schemaKey = (schema: AnySchema) => hashObject(schema);

/**
 * `compileSchema` (schemas/schema-compiler.ts) in the built console: the check of a schema among those ajv compiled at
 * build time for `validate()` (scripts/precompiled-validators.ts lists them: the sign-in fields, the id lists typed in
 * forms). A schema not among them throws, so a missing one fails at once rather than accepting anything.
 */
export function createPrecompiledSchemaCompiler(
  checks: Record<string, SchemaCheck>,
): (schema: AnySchema) => SchemaCheck {
  const found = new WeakMap<object, SchemaCheck>();
  return (schema) => {
    const known = typeof schema === 'object' ? found.get(schema) : undefined;
    if (known) return known;
    const check = checks[schemaKey(schema)];
    if (!check)
      throw new Error(
        `No precompiled check for the schema ${JSON.stringify(schema).slice(0, 200)}: scripts/precompiled-validators.ts lists those validate() is given`,
      );
    if (typeof schema === 'object') found.set(schema, check);
    return check;
  };
}
