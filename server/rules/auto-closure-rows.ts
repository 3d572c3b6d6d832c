import { AUTO_CLOSURE_TEXT as T, CUSTOM_VALUE_PREFIX } from '../../schemas/auto-closure';
import { DISTANCE_ARRAYS, RULE_ARRAYS } from '../../schemas/auto-closure-payload';
import { isRecord } from '../../schemas/guards';
import { RuleRefusal } from './refusal';
import { autoClosureRepository } from '../repos/auto-closure-repository';
import type { Queryable } from '../store/store';

/**
 * How long a field's list is (its `length`), undefined when it has none: the schema checks the lists only for their
 * own type, so another type's body may carry anything there (a text's length counts, as a list's would).
 */
function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return isRecord(value) && typeof value.length === 'number' ? value.length : undefined;
}

const isNumbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((n) => typeof n === 'number');

/**
 * STA breach bands (the schema typed each list's entries as numbers): in each band max distance above min distance,
 * and no two bands overlapping (touching is fine: 0-500 and 500-2000), so a trip's distance picks one transit buffer.
 * In any order. 400 otherwise.
 */
function checkDistanceBands(mins: readonly number[], maxes: readonly number[]): void {
  const bands = mins.map((min, i) => ({ min, max: maxes[i] }));
  if (bands.some((b) => !(b.max > b.min))) throw new RuleRefusal([T.bandOrder]);
  bands.sort((a, b) => a.min - b.min);
  if (bands.some((b, i) => i > 0 && b.min < bands[i - 1].max)) throw new RuleRefusal([T.bandsOverlap]);
}

/**
 * What the body schema cannot state of a rule's rows (spec 001 section 3): the parallel lists of one row kind have
 * equal lengths (the optional second condition no more entries than rows), and each `custom_values.<field>` names
 * a custom field of the company, and STA breach bands are sound ({@link checkDistanceBands}). 400 otherwise.
 */
export async function checkRuleRows(q: Queryable, body: Record<string, unknown>, companyId: string): Promise<void> {
  for (const names of [RULE_ARRAYS.slice(0, 6), DISTANCE_ARRAYS]) {
    const lengths = names.map((n) => lengthOf(body[n])).filter((n) => n !== undefined);
    if (new Set(lengths).size > 1) throw new RuleRefusal([T.sameLength]);
  }
  // The schema makes both lists of numbers for this type.
  if (body.autoClosureType === 'STA_BREACH' && isNumbers(body.minDistance) && isNumbers(body.maxDistance))
    checkDistanceBands(body.minDistance, body.maxDistance);
  const rows = lengthOf(body.firstCustomValue) ?? 0;
  for (const name of RULE_ARRAYS.slice(6)) {
    if ((lengthOf(body[name]) ?? 0) > rows) throw new RuleRefusal([T.sameLength]);
  }
  // The schema checks these lists only for RULE_BASED; another type's body may carry anything in them.
  const custom = [body.firstCustomValue, body.secondCustomValue]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .filter((v): v is string => typeof v === 'string' && v.startsWith(CUSTOM_VALUE_PREFIX))
    .map((v) => v.slice(CUSTOM_VALUE_PREFIX.length));
  for (const field of new Set(custom)) {
    if (!(await autoClosureRepository.hasCustomField(q, companyId, field))) throw new RuleRefusal([T.customField]);
  }
}
