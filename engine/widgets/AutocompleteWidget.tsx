import { AutoComplete } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { isText, isTextList, optional } from './uiOptions';

/** `ui:options` of the autocomplete: the values suggested as the user types (any other text may be entered too). */
export interface AutocompleteOptions {
  suggestions: readonly string[];
  placeholder?: string;
}

/** The autocomplete's options as its config wrote them (no suggestions: none). */
const autocompleteOptions = (options: Record<string, unknown>): AutocompleteOptions => ({
  suggestions: optional(options.suggestions, isTextList) ?? [],
  placeholder: optional(options.placeholder, isText),
});

/** A free text input that suggests the values of `ui:options.suggestions` containing what was typed. */
export function AutocompleteWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
  label,
}: WidgetProps) {
  const { suggestions, placeholder } = autocompleteOptions(options);
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
