import { TYPE_FIELDS, type AutoClosureType } from './auto-closure';

/**
 * How an auto closure rule travels: the form edits rows, the call and the store use section 3's parallel arrays
 * (the n-th entries of each list form row n) with field values wrapped in single quotes.
 */

type Row = Record<string, unknown>;

/** Parallel-array fields of the rule-based rows and of the STA breach rows. */
export const RULE_ARRAYS = ['autoClosureRuleSubject', 'min_time_at_destination', 'min_time_after_destination', 'firstCustomValue', 'firstCustomOperator', 'firstFieldValue', 'joinOperator', 'secondCustomValue', 'secondCustomOperator', 'secondFieldValue'] as const;
export const DISTANCE_ARRAYS = ['minDistance', 'maxDistance', 'transitTimeBuffers'] as const;
const QUOTED = new Set(['firstFieldValue', 'secondFieldValue']);

/** Wraps a field value in single quotes, as it is stored; '' stays ''. */
export const quote = (value: unknown) => (value === undefined || value === null || value === '' ? '' : `'${String(value)}'`);
/** Removes the stored single quotes for display. */
export const unquote = (value: unknown) => String(value ?? '').replace(/^'(.*)'$/, '$1');

/** Rows → parallel arrays (field values quoted; optional entries of a row left as ''). */
function toArrays(rowsIn: Row[], names: readonly string[]): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const name of names) {
    out[name] = rowsIn.map((r) => (QUOTED.has(name) ? quote(r[name]) : (r[name] ?? '')));
  }
  return out;
}

/** Parallel arrays → rows (field values unquoted, '' entries left out). */
function toRows(record: Row, names: readonly string[]): Row[] {
  const length = Array.isArray(record[names[0]]) ? (record[names[0]] as unknown[]).length : 0;
  return Array.from({ length }, (_, i) => {
    const row: Row = {};
    for (const name of names) {
      const value = (record[name] as unknown[] | undefined)?.[i];
      if (value === undefined || value === '' || value === null) continue;
      row[name] = QUOTED.has(name) ? unquote(value) : value;
    }
    return row;
  });
}

const SECOND_CONDITION = ['joinOperator', 'secondCustomOperator', 'secondCustomValue', 'secondFieldValue'] as const;

/**
 * A rule row without its second condition unless one was given (a custom value and a field value): the form's
 * selects show AND and Equal To before anything is chosen, which alone must not add an empty `&& x == ''` clause.
 */
function withoutUnsetSecond(row: Row): Row {
  if (row.secondCustomValue && row.secondFieldValue) return row;
  const rest = { ...row };
  for (const name of SECOND_CONDITION) delete rest[name];
  return rest;
}

/** The call's body from the form's data (spec 001 section 7). */
export function toAutoClosureBody(form: Row, scope: { companyId?: string; branchId?: string }, edit: { editing: boolean; id?: string }): Row {
  const { rules, distances, ...plain } = form;
  const rowsOf = (rules as Row[] | undefined)?.map(withoutUnsetSecond);
  const bands = distances as Row[] | undefined;
  return {
    ...plain,
    ...(rowsOf ? toArrays(rowsOf, RULE_ARRAYS) : {}),
    ...(bands ? toArrays(bands, DISTANCE_ARRAYS) : {}),
    companyId: scope.companyId,
    branchId: scope.branchId || null,
    edit: edit.editing,
    ...(edit.editing ? { customerConfigId: edit.id } : {}),
  };
}

/** The form's data from a stored rule (getAutoClosureById). */
export function toAutoClosureForm(record: Row): Row {
  const type = record.identifier as AutoClosureType;
  const form: Row = { autoClosureType: type };
  for (const field of TYPE_FIELDS[type] ?? []) {
    if (field === 'rules') form.rules = toRows(record, RULE_ARRAYS);
    else if (field === 'distances') form.distances = toRows(record, DISTANCE_ARRAYS);
    else if (record[field] !== undefined && record[field] !== null) form[field] = record[field];
  }
  return form;
}

/** The stored fields of a type (section 3's names), picked from a validated body. */
export function storedFields(body: Row): Row {
  const type = body.autoClosureType as AutoClosureType;
  const out: Row = {};
  for (const field of TYPE_FIELDS[type]) {
    const names = field === 'rules' ? RULE_ARRAYS : field === 'distances' ? DISTANCE_ARRAYS : [field];
    for (const name of names) if (body[name] !== undefined) out[name] = body[name];
  }
  return out;
}
