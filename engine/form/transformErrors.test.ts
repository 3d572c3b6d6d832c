import { describe, expect, it } from 'vitest';
import { toErrorSchema } from '@rjsf/utils';
import { validator } from './validator';
import { transformErrors } from './transformErrors';
import { routeBodySchema, customMaterialSchema } from '../../schemas';

describe('form validation uses the schema messages on the right fields', () => {
  it('route form: required messages land under each field', () => {
    const { errors } = validator.validateFormData({}, routeBodySchema as never, undefined, transformErrors);
    const schema = toErrorSchema(errors) as Record<string, { __errors?: string[] }>;
    expect(schema.label.__errors).toEqual(['Please enter route label']);
    expect(schema.origin.__errors).toEqual(['Please enter loading point']);
    expect(schema.destination.__errors).toEqual(['Please enter unloading point']);
  });

  it('material: 65 characters', () => {
    const { errors } = validator.validateFormData(
      { label: 'x'.repeat(65) },
      customMaterialSchema as never,
      undefined,
      transformErrors,
    );
    expect(errors.map((e) => e.message)).toEqual(['Maximum 64 character allowed']);
  });
});
