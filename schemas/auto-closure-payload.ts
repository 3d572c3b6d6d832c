import { TYPE_FIELDS, type AutoClosureType } from './auto-closure';

/**
 * How an auto closure rule is stored (spec 001 section 3): the call and the store use parallel arrays (the n-th
 * entries of each list form row n) with field values wrapped in single quotes. The screen's mapping from and to
 * the form's rows is in `screens/auto-closure.ts`.
 */

/** Parallel-array fields of the rule-based rows and of the STA breach rows. */
export const RULE_ARRAYS = [
  'autoClosureRuleSubject',
  'min_time_at_destination',
  'min_time_after_destination',
  'firstCustomValue',
  'firstCustomOperator',
  'firstFieldValue',
  'joinOperator',
  'secondCustomValue',
  'secondCustomOperator',
  'secondFieldValue',
] as const;
export const DISTANCE_ARRAYS = ['minDistance', 'maxDistance', 'transitTimeBuffers'] as const;

/** Wraps a field value in single quotes, as it is stored; '' stays ''. */
export const quote = (value: unknown) =>
  value === undefined || value === null || value === '' ? '' : `'${String(value)}'`;
/** Removes the stored single quotes for display. */
export const unquote = (value: unknown) => String(value ?? '').replace(/^'(.*)'$/, '$1');

/** The stored fields of a type (section 3's names), picked from a validated body. */
export function storedFields(body: {
  autoClosureType: AutoClosureType;
  [field: string]: unknown;
}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of TYPE_FIELDS[body.autoClosureType]) {
    const names = field === 'rules' ? RULE_ARRAYS : field === 'distances' ? DISTANCE_ARRAYS : [field];
    for (const name of names) if (body[name] !== undefined) out[name] = body[name];
  }
  return out;
}
