import type { AnySchema } from 'ajv';
import { validate } from '../../schemas/ajv';

/** An antd Form rule that validates one field with a shared schema, so the login forms show the schema's text. */
export function schemaRule(schema: { properties: Record<string, unknown> }, field: string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const messages = validate(schema.properties[field] as AnySchema, value ?? '');
      if (messages.length) throw new Error(messages[0]);
    },
  };
}
