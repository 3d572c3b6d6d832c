import { Input } from 'antd';
import { Templates } from '@rjsf/antd';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';

const AntdBaseInput = Templates.BaseInputTemplate!;

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Typed text to the field's value: a finite number when it reads as one, else the text itself, blank as empty. */
export function numberValue(text: string, emptyValue: unknown): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return emptyValue;
  const n = Number(trimmed);
  return NUMBER.test(trimmed) && Number.isFinite(n) ? n : text;
}

/**
 * A number field that keeps what was typed: antd's InputNumber would clamp -5 to the minimum and drop 'abc' or
 * '1,5' on blur, saving the form without a word. Here the value stays (as text when it is not a number) and the
 * form says so: 'Enter a number' (./transformErrors.ts), not the schema's text for a missing value; out of range, the
 * schema's own message, e.g. 'Please enter a number greater than 0'.
 */
function NumberInput({
  id,
  value,
  disabled,
  readonly,
  placeholder,
  autofocus,
  options,
  onChange,
  onBlur,
  onFocus,
  schema,
  htmlName,
}: BaseInputTemplateProps) {
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  // A value set from outside (a loaded record, a reset) replaces the text; the field's own edits do not.
  useEffect(() => {
    setText((current) =>
      numberValue(current, undefined) === value ? current : value === undefined || value === null ? '' : String(value),
    );
  }, [value]);
  return (
    <Input
      id={id}
      name={htmlName || id}
      inputMode="decimal"
      value={text}
      disabled={disabled || readonly}
      placeholder={placeholder}
      autoFocus={autofocus}
      onChange={(event) => {
        setText(event.target.value);
        onChange(numberValue(event.target.value, options.emptyValue));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-describedby={ariaDescribedByIds(id, Boolean(schema.examples))}
    />
  );
}

/** antd's text input for text fields; {@link NumberInput} for number and integer fields. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const type = props.schema.type;
  const numeric =
    type === 'number' ||
    type === 'integer' ||
    (Array.isArray(type) && type.some((t) => t === 'number' || t === 'integer'));
  return numeric ? <NumberInput {...props} /> : <AntdBaseInput {...props} />;
}
