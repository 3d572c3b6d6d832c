import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { feedback } from '../feedback';
import type { WidgetProps } from '@rjsf/utils';
import { useEndpoint } from '../data/useEndpoint';
import { useScope } from '../scope/useScope';
import { isEndpoint, type Endpoint } from '../data/endpoint';
import type { QueryValue } from '../data/http';
import { isRecord, pick } from '../data/pick';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../search';
import {
  contextValues,
  editedRecord,
  isBoolean,
  isNumber,
  isText,
  isTextList,
  isTextRecord,
  optional,
  required,
} from './uiOptions';

/** `ui:options` of the remote select: where the options come from and which fields label and identify them. */
export interface RemoteSelectOptions {
  endpoint: Endpoint;
  labelField: string;
  valueField: string;
  /** What the empty select says (as `ui:placeholder`, which rjsf hands the widget apart from these options). */
  placeholder?: string;
  /** Toast when the options cannot be loaded (e.g. 'Error while fetching vehicles'). */
  fetchError?: string;
  /** Values offered before the loaded ones, labelled by themselves (e.g. built-in field names). */
  fixedOptions?: readonly string[];
  /** Prepended to each loaded value (e.g. 'custom_values.'). */
  valuePrefix?: string;
  /** Disabled while a record is edited (a choice that cannot change afterwards, like `editLockedSelect`). */
  lockOnEdit?: boolean;
  /**
   * Search as the operator types: the typed text is sent as the query value `param` (debounced) once it has
   * `minChars` characters (default 3); with 0 the options load at once (the empty text) and typing narrows them. The
   * server filters, so the options are not filtered again here. A value the options do not hold (set by a link or a
   * record) is looked up by searching for the value itself.
   */
  search?: { param: string; minChars?: number };
  /**
   * Query values read from other fields of the form (query key → top-level field name, read from
   * `formContext.formData`): while one of them is empty the select is disabled and loads nothing, and when one of them
   * changes the value is cleared (a branch of another company is no choice).
   */
  queryFrom?: Record<string, string>;
  /** Query values sent with every request (e.g. `{ type: 'CONSIGNOR' }` of a company search: the server filters). */
  query?: Record<string, string>;
}

const isSearch = (value: unknown): value is NonNullable<RemoteSelectOptions['search']> =>
  isRecord(value) && isText(value.param) && (value.minChars === undefined || isNumber(value.minChars));

/**
 * A remote select's options as its config wrote them (`widget` names it in the error): without an endpoint and the
 * fields that label and identify a row it cannot work, and says so; another option left out or malformed is not set.
 */
export const remoteSelectOptions = (
  options: Record<string, unknown>,
  widget = 'remoteSelect',
): RemoteSelectOptions => ({
  endpoint: required(options.endpoint, isEndpoint, `${widget}: ui:options.endpoint`),
  labelField: required(options.labelField, isText, `${widget}: ui:options.labelField`),
  valueField: required(options.valueField, isText, `${widget}: ui:options.valueField`),
  placeholder: optional(options.placeholder, isText),
  fetchError: optional(options.fetchError, isText),
  fixedOptions: optional(options.fixedOptions, isTextList),
  valuePrefix: optional(options.valuePrefix, isText),
  lockOnEdit: optional(options.lockOnEdit, isBoolean),
  search: optional(options.search, isSearch),
  queryFrom: optional(options.queryFrom, isTextRecord),
  query: optional(options.query, isTextRecord),
});

const filled = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

/** The query values `queryFrom` reads from the form's data, or null while one of them is empty. */
export function queryFromValues(
  queryFrom: Record<string, string> | undefined,
  formData: unknown,
): Record<string, QueryValue> | null {
  const data = isRecord(formData) ? formData : {};
  const query: Record<string, QueryValue> = {};
  for (const [key, field] of Object.entries(queryFrom ?? {})) {
    if (!filled(data[field])) return null;
    query[key] = String(data[field]).trim();
  }
  return query;
}

/** The text typed into a search box, as sent: after the debounce, trimmed. */
function useDebounced(text: string): string {
  const [sent, setSent] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSent(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return sent;
}

/**
 * A searchable select whose options are read from an endpoint in the current company scope; optionally searching the
 * server as the operator types (`search`), with query values from other fields (`queryFrom`) and fixed ones (`query`).
 */
export function RemoteSelectWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
  registry,
  placeholder: shownPlaceholder,
}: WidgetProps) {
  const {
    endpoint,
    labelField,
    valueField,
    placeholder,
    fetchError,
    fixedOptions = [],
    valuePrefix = '',
    lockOnEdit,
    search,
    queryFrom,
    query: fixedQuery,
  } = remoteSelectOptions(options);
  const locked = Boolean(lockOnEdit && editedRecord(registry.formContext));
  const [scope] = useScope();
  const fromFields = queryFromValues(queryFrom, contextValues(registry.formContext));
  const dependencyKey = JSON.stringify(fromFields);
  const minChars = search?.minChars ?? SEARCH_MIN_CHARS;
  const [typed, setTyped] = useState('');
  const sent = useDebounced(typed.trim());
  const searching = Boolean(search) && sent.length >= minChars;
  // A value the options may not hold is looked up by itself (a search for an id finds it) until it is labelled.
  const [labels, setLabels] = useState<Record<string, string>>({});
  const text = value ? String(value) : '';
  const lookUp = Boolean(search) && text !== '' && labels[text] === undefined && sent === '';
  const query = { ...fixedQuery, ...fromFields, ...(search ? { [search.param]: lookUp ? text : sent } : {}) };
  const ready =
    fromFields !== null && (Boolean(scope.companyId) || endpoint.scoped === false) && (!search || searching || lookUp);
  const { data, isLoading, error } = useEndpoint(endpoint, { scope, query }, ready);
  useEffect(() => {
    if (error && fetchError) feedback.error(fetchError);
  }, [error, fetchError]);

  // Another company (branch...) in a field this one reads: the value chosen for the one before is no choice any more.
  const dependency = useRef(dependencyKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the fields read clears the value, not a new value or onChange
  useEffect(() => {
    if (dependency.current === dependencyKey) return;
    dependency.current = dependencyKey;
    if (filled(value)) onChange(undefined);
  }, [dependencyKey]);

  const rows = Array.isArray(data) ? data : [];
  const loaded = rows.map((row) => ({
    value: `${valuePrefix}${String(pick(row, valueField))}`,
    label: String(pick(row, labelField)),
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` is a new array each render: its JSON text stands for it
  useEffect(() => {
    if (!search || loaded.length === 0) return;
    setLabels((known) => {
      const added = loaded.filter((option) => known[option.value] !== option.label);
      return added.length === 0
        ? known
        : { ...known, ...Object.fromEntries(added.map((option) => [option.value, option.label])) };
    });
  }, [search, JSON.stringify(loaded)]);

  const items = [
    ...fixedOptions.map((option) => ({ value: option, label: option })),
    ...(search && lookUp ? [] : loaded),
  ];
  // The chosen value stays labelled while the options are those of another search (or none), and out of the list
  // while the operator types a search of their own.
  if (search && text && typed.trim() === '' && !items.some((item) => item.value === text))
    items.unshift({ value: text, label: labels[text] ?? text });
  const waiting = Boolean(search) && typed.trim() !== sent;
  const notFound =
    isLoading || waiting ? (
      <Spin size="small" />
    ) : search && typed.trim().length < minChars ? (
      `Type at least ${minChars} characters`
    ) : (
      'No matches'
    );

  return (
    <Select
      id={id}
      showSearch={
        search ? { filterOption: false, onSearch: setTyped, searchValue: typed } : { optionFilterProp: 'label' }
      }
      allowClear
      loading={isLoading || waiting}
      value={value || undefined}
      placeholder={placeholder || shownPlaceholder || 'Select'}
      options={items}
      notFoundContent={search ? notFound : undefined}
      disabled={disabled || readonly || locked || fromFields === null}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next) => {
        setTyped('');
        onChange(next ?? undefined);
      }}
      onBlur={() => {
        setTyped('');
        onBlur(id, value);
      }}
      style={{ width: '100%' }}
    />
  );
}
