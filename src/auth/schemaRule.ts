import type { AnySchema } from 'ajv';
import { validate } from '../../schemas/ajv';

/** What an empty field of the login forms asks for; a filled but malformed one gets the shared schema's text instead. */
export const BLANK = {
  identifier: 'Please enter your e-mail or phone number',
  code: 'Please enter the one-time code',
  password: 'Please enter a new password',
  confirm: 'Please confirm the new password',
} as const;

/**
 * An antd Form rule that validates one field with a shared schema, so the login forms show the schema's text.
 * With `blank`, an empty (or all-blank) field is asked for with that text rather than called malformed.
 */
export function schemaRule(schema: { properties: Record<string, unknown> }, field: string, blank?: string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (
        blank !== undefined &&
        (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      )
        throw new Error(blank);
      const messages = validate(schema.properties[field] as AnySchema, value ?? '');
      if (messages.length) throw new Error(messages[0]);
    },
  };
}
