import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';

/** A value an enum or oneOf offers that the select can hold (a JSON scalar). */
type Choice = string | number | boolean | null;

const isChoice = (value: unknown): value is Choice =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The select of every enum and oneOf field: antd's Select over the schema's options, with the placeholder shown as
 * a placeholder (not as a blank option one can pick, as the theme's select does) and a clear button only where
 * the field is optional.
 */
export function SelectWidget({
  id,
  options,
  value,
  required,
  disabled,
  readonly,
  multiple,
  placeholder,
  autofocus,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const choices = (options.enumOptions ?? []).flatMap((option) =>
    isChoice(option.value)
      ? [
          {
            value: option.value,
            label: option.label,
            disabled: Array.isArray(options.enumDisabled) && options.enumDisabled.some((off) => off === option.value),
          },
        ]
      : [],
  );
  const shown: Choice | Choice[] | undefined =
    value === undefined || value === null
      ? undefined
      : Array.isArray(value)
        ? value.filter(isChoice)
        : isChoice(value)
          ? value
          : undefined;
  const empty = multiple ? [] : options.emptyValue;
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={shown}
      options={choices}
      placeholder={placeholder || undefined}
      allowClear={!required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      onChange={(next: Choice | Choice[] | undefined) => onChange(next === undefined ? empty : next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-describedby={`${id}__error ${id}__description ${id}__help`}
    />
  );
}
