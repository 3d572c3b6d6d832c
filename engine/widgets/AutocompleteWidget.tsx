import { AutoComplete } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** `ui:options` of the autocomplete: the values suggested as the user types (any other text may be entered too). */
export interface AutocompleteOptions {
  suggestions: readonly string[];
  placeholder?: string;
}

/** A free text input that suggests the values of `ui:options.suggestions` containing what was typed. */
export function AutocompleteWidget({ id, value, onChange, onBlur, disabled, readonly, options, rawErrors, label }: WidgetProps) {
  const { suggestions = [], placeholder } = options as unknown as AutocompleteOptions;
  const typed = String(value ?? '').toLowerCase();
  const items = suggestions.filter((s) => s.toLowerCase().includes(typed)).map((s) => ({ value: s, label: s }));
  return (
    <AutoComplete
      id={id}
      value={value ?? ''}
      options={items}
      placeholder={placeholder}
      disabled={disabled || readonly}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(next: string) => onChange(next === '' ? undefined : next)}
      onBlur={() => onBlur(id, value)}
      aria-label={label}
      style={{ width: '100%' }}
    />
  );
}
