import { isRecord } from '../data/pick';

/**
 * Reading what configs write where the compiler does not follow them: a uiSchema's `ui:options` (and rjsf's
 * `formContext`). Each widget reads its options through one accessor built from these, which checks what it takes.
 */

/** A uiSchema node's `ui:options`, as values to check one by one; {} when it has none. */
export function uiOptions(uiSchema: unknown): Record<string, unknown> {
  const options = isRecord(uiSchema) ? uiSchema['ui:options'] : undefined;
  return isRecord(options) ? options : {};
}

export const isText = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/** A list of texts (the list itself, so a widget's memos and effects keep it). */
export const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/** An object of texts by name (e.g. query values, or field → type). */
export const isTextRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every(isText);

/** A list whose every entry passes `is` (the list itself, so a widget's memos and effects keep it). */
export const isListOf =
  <T>(is: (entry: unknown) => entry is T) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(is);

/** The value when it passes `is`, else undefined (an option left out, or written with the wrong type). */
export const optional = <T>(value: unknown, is: (value: unknown) => value is T): T | undefined =>
  is(value) ? value : undefined;

/** A required option: the value when it passes `is`, else an error naming the widget and the option. */
export function required<T>(value: unknown, is: (value: unknown) => value is T, where: string): T {
  if (!is(value)) throw new Error(`${where} is missing or malformed`);
  return value;
}

/**
 * What the console's forms hand their widgets, fields and templates as rjsf's `formContext`: `FormView` the record it
 * edits, a tool page its values, both the antd theme's label layout. Widgets read it through the accessors below.
 */
export interface FormContext {
  /** The record being edited (absent while creating). */
  record?: unknown;
  /** The form's values as they stand (a tool page's remote select's `queryFrom`, a point's geofence `radiusFrom`). */
  formData?: Record<string, unknown>;
  labelAlign?: 'left' | 'right';
  colon?: boolean;
}

/** The record the form edits (`formContext.record`, set by `FormView`); undefined while it creates one. */
export const editedRecord = (formContext: unknown): unknown => (isRecord(formContext) ? formContext.record : undefined);

/** The form's values as the form hands them to its widgets (`formContext.formData`); undefined outside a form. */
export const contextValues = (formContext: unknown): unknown =>
  isRecord(formContext) ? formContext.formData : undefined;
