import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DAY_FORMAT } from '../../schemas/time-format';

dayjs.extend(customParseFormat);

/** The date format of route master dates (spec 000 section 9). */
export const DATE_FORMAT = DAY_FORMAT;

/**
 * A date picker shown as DD/MM/YYYY, holding its value as a DD/MM/YYYY string, or in the format `ui:options`
 * `valueFormat` names (a declared resource's date field: `YYYY-MM-DD`, JSON Schema's `date`).
 */
export function DateWidget({ id, value, onChange, disabled, readonly, rawErrors, options }: WidgetProps) {
  const valueFormat = typeof options.valueFormat === 'string' ? options.valueFormat : DATE_FORMAT;
  const parsed = typeof value === 'string' && value ? dayjs(value, valueFormat, true) : null;
  return (
    <DatePicker
      id={id}
      format={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled || readonly}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(date) => onChange(date ? date.format(valueFormat) : undefined)}
      style={{ width: '100%' }}
    />
  );
}
