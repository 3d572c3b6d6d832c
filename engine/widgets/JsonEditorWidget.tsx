import { CheckCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, Input, Space, Typography, theme } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { isRecord } from '../data/pick';

/** What a JSON text holds, read by parsing it: an object, or why not (empty text is neither). */
export type JsonReading =
  | { kind: 'empty' }
  | { kind: 'object'; value: Record<string, unknown> }
  | { kind: 'invalid'; reason: string };

/** Parses a JSON text for the editor: an object, or the parser's reason, or that it is JSON but no object. */
export function readJsonObject(text: string | undefined): JsonReading {
  if (!text?.trim()) return { kind: 'empty' };
  try {
    const value: unknown = JSON.parse(text);
    if (isRecord(value)) return { kind: 'object', value };
    return {
      kind: 'invalid',
      reason: `A JSON object ({ … }) is needed, not ${Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`}`,
    };
  } catch (error) {
    return { kind: 'invalid', reason: error instanceof Error ? error.message : String(error) };
  }
}

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/**
 * `ui:widget: 'jsonEditor'`: a monospace text area for a JSON object, parsed as typed. Below it, whether the text is
 * an object (with its number of keys) or the parser's reason why not, and a Format button that indents a valid
 * object. The field's schema (format `json-object`) gives the form's own message ('Invalid JSON') on submit.
 * `ui:options.rows` sets its height (default 10).
 */
export function JsonEditorWidget({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  options,
  placeholder,
  rawErrors,
}: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const reading = readJsonObject(text);
  const hintId = `${id}__json`;
  const { token } = theme.useToken();
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Input.TextArea
        id={id}
        value={text}
        rows={typeof options.rows === 'number' ? options.rows : 10}
        placeholder={placeholder || '{ "key": "value" }'}
        disabled={disabled || readonly}
        spellCheck={false}
        aria-describedby={hintId}
        status={rawErrors?.length ? 'error' : undefined}
        styles={{ textarea: { fontFamily: MONOSPACE, fontSize: 13 } }}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <Space id={hintId} size={8} wrap>
        {/* The icons carry the colour; the texts keep the body colour, which reads well on white. */}
        {reading.kind === 'object' && (
          <Typography.Text>
            <CheckCircleFilled style={{ color: token.colorSuccess, marginInlineEnd: 6 }} />
            JSON object with {Object.keys(reading.value).length}{' '}
            {Object.keys(reading.value).length === 1 ? 'key' : 'keys'}
          </Typography.Text>
        )}
        {reading.kind === 'invalid' && (
          <Typography.Text>
            <WarningFilled style={{ color: token.colorWarning, marginInlineEnd: 6 }} />
            Not a JSON object yet: {reading.reason}
          </Typography.Text>
        )}
        <Button
          size="small"
          disabled={reading.kind !== 'object' || disabled || readonly}
          onClick={() => reading.kind === 'object' && onChange(JSON.stringify(reading.value, null, 2))}
        >
          Format JSON
        </Button>
      </Space>
    </Space>
  );
}
