import type { RJSFValidationError } from '@rjsf/utils';

const WRAPPERS = new Set(['if', 'anyOf', 'oneOf']);
const PROBE_PATH = /\/(contains|if|not)\//;

/**
 * Puts each ajv-errors message on the field it is about: a `required` message declared on the parent
 * object moves to the missing property, so 'Please enter route label' shows under Route Label.
 * Errors that only say "a branch failed" are dropped, like the server does (schemas/ajv.ts).
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors
    .filter((error) => !WRAPPERS.has(error.name ?? '') && !PROBE_PATH.test(error.schemaPath ?? ''))
    .map((error) => {
      const inner = (error.params as { errors?: { keyword: string; params: { missingProperty?: string } }[] } | undefined)?.errors?.[0];
      if (error.name !== 'errorMessage' || inner?.keyword !== 'required' || !inner.params.missingProperty) return error;
      const property = `${error.property ?? ''}.${inner.params.missingProperty}`;
      return { ...error, property, stack: `${property} ${error.message}` };
    });
}
