import { Select } from 'antd';
import { useEffect } from 'react';
import { feedback } from '../feedback';
import type { WidgetProps } from '@rjsf/utils';
import { useEndpoint } from '../data/useEndpoint';
import { useScope } from '../scope/useScope';
import type { Endpoint } from '../data/endpoint';
import { pick } from '../data/pick';

/** `ui:options` of the remote select: where the options come from and which fields label and identify them. */
export interface RemoteSelectOptions {
  endpoint: Endpoint;
  labelField: string;
  valueField: string;
  placeholder?: string;
  /** Toast when the options cannot be loaded (e.g. 'Error while fetching vehicles'). */
  fetchError?: string;
  /** Values offered before the loaded ones, labelled by themselves (e.g. built-in field names). */
  fixedOptions?: readonly string[];
  /** Prepended to each loaded value (e.g. 'custom_values.'). */
  valuePrefix?: string;
  /** Disabled while a record is edited (a choice that cannot change afterwards, like `editLockedSelect`). */
  lockOnEdit?: boolean;
}

/** A searchable select whose options are read from an endpoint in the current company scope. */
export function RemoteSelectWidget({ id, value, onChange, onBlur, disabled, readonly, options, rawErrors, registry }: WidgetProps) {
  const { endpoint, labelField, valueField, placeholder, fetchError, fixedOptions = [], valuePrefix = '', lockOnEdit } = options as unknown as RemoteSelectOptions;
  const locked = Boolean(lockOnEdit && (registry.formContext as { record?: unknown } | undefined)?.record);
  const [scope] = useScope();
  const { data, isLoading, error } = useEndpoint<Record<string, unknown>[]>(endpoint, { scope }, Boolean(scope.companyId) || endpoint.scoped === false);
  useEffect(() => {
    if (error && fetchError) feedback.error(fetchError);
  }, [error, fetchError]);
  const items = [
    ...fixedOptions.map((option) => ({ value: option, label: option })),
    ...(Array.isArray(data) ? data : []).map((row) => ({ value: `${valuePrefix}${String(pick(row, valueField))}`, label: String(pick(row, labelField)) })),
  ];
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={isLoading}
      value={value || undefined}
      placeholder={placeholder ?? 'Select'}
      options={items}
      disabled={disabled || readonly || locked}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      style={{ width: '100%' }}
    />
  );
}
