import { Button, Input, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { validate } from '../../schemas/ajv';

/** Props of the plain input, shared by the widget and fields that embed it. */
export interface IdListInputProps {
  id: string;
  value: string | undefined;
  /** The field's schema: its rules (and their messages) are checked while typing. */
  schema: object;
  placeholder?: string;
  disabled?: boolean;
  /** Locked: shown read-only with a Clear button that empties and unlocks it. */
  locked?: boolean;
  /** Messages from the form's own validation, shown with the live ones. */
  errors?: string[];
  /** The surrounding template already shows the form's messages: show nothing here while it does. */
  quietWhen?: boolean;
  onChange: (value: string | undefined) => void;
  onBlur?: (value: string | undefined) => void;
}

/** The messages of a typed id list against its schema ([] when valid or empty). */
export const idListErrors = (schema: object, value: string | undefined) => (value ? validate(schema, value) : []);

/** A comma-separated list of numeric ids, checked as typed (the messages come from the schema). */
export function IdListInput({
  id,
  value,
  schema,
  placeholder,
  disabled,
  locked,
  errors = [],
  quietWhen,
  onChange,
  onBlur,
}: IdListInputProps) {
  const live = idListErrors(schema, value);
  const shown = quietWhen ? [] : [...new Set([...live, ...errors])];
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value ?? ''}
          placeholder={placeholder ?? 'e.g. 101, 102'}
          disabled={disabled || locked}
          status={shown.length || quietWhen ? 'error' : undefined}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={(e) => onBlur?.(e.target.value === '' ? undefined : e.target.value)}
        />
        {locked && !disabled && <Button onClick={() => onChange(undefined)}>Clear</Button>}
      </Space.Compact>
      {shown.map((text) => (
        <Typography.Text key={text} type="danger" role="alert">
          {text}
        </Typography.Text>
      ))}
    </Space>
  );
}

/** `ui:widget: 'idList'`: a text field of comma-separated numeric ids with live messages. */
export function IdListWidget({
  id,
  value,
  schema,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  rawErrors,
}: WidgetProps) {
  return (
    <IdListInput
      id={id}
      value={typeof value === 'string' ? value : undefined}
      schema={schema}
      placeholder={options.placeholder}
      disabled={disabled || readonly}
      quietWhen={Boolean(rawErrors?.length)}
      onChange={(next) => onChange(next)}
      onBlur={(next) => onBlur(id, next)}
    />
  );
}
