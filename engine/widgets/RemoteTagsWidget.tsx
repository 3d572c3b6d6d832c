import { Select } from 'antd';
import { useEffect } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { feedback } from '../feedback';
import { useEndpoint } from '../data/useEndpoint';
import { useScope } from '../scope/useScope';
import { pick } from '../data/pick';
import { remoteSelectOptions, type RemoteSelectOptions } from './RemoteSelectWidget';
import { isTextList, optional } from './uiOptions';

/** `ui:options` of the remote tags select: the remote select's, plus the separators that split typed text. */
export interface RemoteTagsOptions extends RemoteSelectOptions {
  /** Default `[',']` (spec 001: "multi-select tags, comma separator"). */
  separators?: string[];
}

/** The tags select's options as its config wrote them (see `remoteSelectOptions`). */
const remoteTagsOptions = (options: Record<string, unknown>): RemoteTagsOptions => ({
  ...remoteSelectOptions(options, 'remoteTags'),
  separators: optional(options.separators, isTextList),
});

/**
 * A multi-select in tags mode for an array of texts: options read from an endpoint (in the company scope unless
 * the endpoint is unscoped), typed values split on the separators. An empty choice is `[]`, so the
 * array's minItems message shows.
 */
export function RemoteTagsWidget({ id, value, onChange, onBlur, disabled, readonly, options, rawErrors }: WidgetProps) {
  const { endpoint, labelField, valueField, placeholder, fetchError, separators } = remoteTagsOptions(options);
  const [scope] = useScope();
  const { data, isLoading, error } = useEndpoint(
    endpoint,
    { scope },
    Boolean(scope.companyId) || endpoint.scoped === false,
  );
  useEffect(() => {
    if (error && fetchError) feedback.error(fetchError);
  }, [error, fetchError]);
  const items = (Array.isArray(data) ? data : []).map((row) => ({
    value: String(pick(row, valueField)),
    label: String(pick(row, labelField)),
  }));
  // rjsf fills an array up to minItems with empty items; those are not choices.
  const chosen = Array.isArray(value) ? value.filter((v) => v !== undefined && v !== null && v !== '').map(String) : [];
  return (
    <Select
      id={id}
      mode="tags"
      tokenSeparators={separators ?? [',']}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      value={chosen}
      placeholder={placeholder ?? 'Select'}
      options={items}
      disabled={disabled || readonly}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next: string[]) => onChange(next.length ? next : [])}
      onBlur={() => onBlur(id, value)}
      style={{ width: '100%' }}
    />
  );
}
