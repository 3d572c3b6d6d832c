import { Select, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { feedback } from '../feedback';
import type { WidgetProps } from '@rjsf/utils';
import { useScope } from '../scope/useScope';
import { isEndpoint, type Endpoint } from '../data/endpoint';
import type { QueryValue } from '../data/http';
import { isRecord, pick } from '../data/pick';
import { useRemoteOptions, type RemoteSearch } from './useRemoteOptions';
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
   * Search as the operator types (see `RemoteSearch`): the server filters and answers a page, so the options are not
   * filtered again here; a chosen value the page does not hold is looked up by its id (`byId`) or by itself.
   */
  search?: RemoteSearch;
  /**
   * Query values read from other fields of the form (query key → top-level field name, read from
   * `formContext.formData`): while one of them is empty the select is disabled and loads nothing, and when one of them
   * changes the value is cleared (a branch of another company is no choice).
   */
  queryFrom?: Record<string, string>;
  /** Query values sent with every request (e.g. `{ type: 'CONSIGNOR' }` of a company search: the server filters). */
  query?: Record<string, string>;
}

const isSearch = (value: unknown): value is RemoteSearch =>
  isRecord(value) &&
  isText(value.param) &&
  (value.minChars === undefined || isNumber(value.minChars)) &&
  (value.byId === undefined || isText(value.byId));

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
  const text = value ? String(value) : '';
  const remote = useRemoteOptions({
    endpoint,
    scope,
    query: fromFields && { ...fixedQuery, ...fromFields },
    search,
    value: text,
    toOption: (row) => ({
      value: `${valuePrefix}${String(pick(row, valueField))}`,
      label: String(pick(row, labelField)),
    }),
  });
  useEffect(() => {
    if (remote.error && fetchError) feedback.error(fetchError);
  }, [remote.error, fetchError]);

  // Another company (branch...) in a field this one reads: the value chosen for the one before is no choice any more.
  const dependency = useRef(dependencyKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the fields read clears the value, not a new value or onChange
  useEffect(() => {
    if (dependency.current === dependencyKey) return;
    dependency.current = dependencyKey;
    if (filled(value)) onChange(undefined);
  }, [dependencyKey]);

  const items = [...fixedOptions.map((option) => ({ value: option, label: option })), ...remote.options];

  return (
    <Select
      id={id}
      showSearch={
        search
          ? { filterOption: false, onSearch: remote.setTyped, searchValue: remote.typed }
          : { optionFilterProp: 'label' }
      }
      allowClear
      loading={remote.loading}
      value={value || undefined}
      placeholder={placeholder || shownPlaceholder || 'Select'}
      options={items}
      notFoundContent={search ? (remote.emptyText ?? <Spin size="small" />) : undefined}
      disabled={disabled || readonly || locked || fromFields === null}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next) => {
        remote.setTyped('');
        onChange(next ?? undefined);
      }}
      onBlur={() => {
        remote.setTyped('');
        onBlur(id, value);
      }}
      style={{ width: '100%' }}
    />
  );
}
