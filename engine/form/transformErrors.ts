import type { RJSFValidationError } from '@rjsf/utils';
import { readableError, readableText } from './messages';

const WRAPPERS = new Set(['if', 'anyOf', 'oneOf']);
const PROBE_PATH = /\/(contains|if|not)\//;

type Inner = { keyword: string; params: { missingProperty?: string; type?: string } };

/** Letters in a number field: every error ajv-errors worded is a `type` error expecting a number. */
const notANumber = (inner: Inner[] | undefined) =>
  !!inner?.length && inner.every((e) => e.keyword === 'type' && /\b(number|integer)\b/.test(String(e.params.type ?? '')));

/**
 * Puts each ajv-errors message on the field it is about: a `required` message declared on the parent
 * object moves to the missing property, so 'Please enter route label' shows under Route Label.
 * Errors that only say "a branch failed" are dropped, like the server does (schemas/ajv.ts).
 * No ajv default text reaches the operator: an error no schema worded gets a readable one (./messages.ts), and a
 * number field holding letters says 'Enter a number' rather than its text for a missing value.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors
    .filter((error) => !WRAPPERS.has(error.name ?? '') && !PROBE_PATH.test(error.schemaPath ?? ''))
    .map((error) => {
      if (error.name !== 'errorMessage') return readableError(error);
      const inner = (error.params as { errors?: Inner[] } | undefined)?.errors;
      if (notANumber(inner)) {
        const message = readableText('type', inner![0].params, '');
        return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
      }
      const first = inner?.[0];
      if (first?.keyword !== 'required' || !first.params.missingProperty) return error;
      const property = `${error.property ?? ''}.${first.params.missingProperty}`;
      return { ...error, property, stack: `${property} ${error.message}` };
    })
    // One text once per field: two keywords may read the same once worded.
    .filter((error, at, all) => all.findIndex((other) => other.property === error.property && other.message === error.message) === at);
}
