import type { RJSFValidationError } from '@rjsf/utils';
import { isRecord } from '../data/pick';
import { readableError, readableText } from './messages';

const WRAPPERS = new Set(['if', 'anyOf', 'oneOf']);
const PROBE_PATH = /\/(contains|if|not)\//;

/** An error ajv-errors replaced with a schema's message: its keyword and params (`missingProperty`, `type`...). */
type Inner = { keyword: string; params: Record<string, unknown> };

const isInner = (value: unknown): value is Inner =>
  isRecord(value) && typeof value.keyword === 'string' && isRecord(value.params);

/** The errors an ajv-errors message stands for (its `params.errors`), when it has them. */
function innerErrors(params: unknown): Inner[] | undefined {
  const errors = isRecord(params) ? params.errors : undefined;
  return Array.isArray(errors) && errors.every(isInner) ? errors : undefined;
}

/** Letters in a number field: every error ajv-errors worded is a `type` error expecting a number. */
const notANumber = (inner: Inner[] | undefined) =>
  !!inner?.length &&
  inner.every((e) => e.keyword === 'type' && /\b(number|integer)\b/.test(String(e.params.type ?? '')));

/**
 * Puts each ajv-errors message on the field it is about: a `required` message declared on the parent
 * object moves to the missing property, so 'Please enter route label' shows under Route Label.
 * Errors that only say "a branch failed" are dropped, like the server does (schemas/ajv.ts).
 * No ajv default text reaches the operator: an error no schema worded gets a readable one (./messages.ts), and a
 * number field holding letters says 'Enter a number' rather than its text for a missing value.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return (
    errors
      .filter((error) => !WRAPPERS.has(error.name ?? '') && !PROBE_PATH.test(error.schemaPath ?? ''))
      .map((error) => {
        if (error.name !== 'errorMessage') return readableError(error);
        const inner = innerErrors(error.params);
        if (notANumber(inner)) {
          const message = readableText('type', inner![0].params, '');
          return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
        }
        const first = inner?.[0];
        const missing = first?.params.missingProperty;
        if (first?.keyword !== 'required' || !missing) return error;
        const property = `${error.property ?? ''}.${missing}`;
        return { ...error, property, stack: `${property} ${error.message}` };
      })
      // One text once per field: two keywords may read the same once worded.
      .filter(
        (error, at, all) =>
          all.findIndex((other) => other.property === error.property && other.message === error.message) === at,
      )
  );
}
