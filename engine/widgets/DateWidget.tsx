import { DatePicker } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** The date format of route master dates (spec 000 section 9). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/** A date picker holding its value as a DD/MM/YYYY string. */
export function DateWidget({ id, value, onChange, disabled, readonly, rawErrors }: WidgetProps) {
  const parsed = typeof value === 'string' && value ? dayjs(value, DATE_FORMAT, true) : null;
  return (
    <DatePicker
      id={id}
      format={DATE_FORMAT}
      value={parsed?.isValid() ? parsed : null}
      disabled={disabled || readonly}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(date) => onChange(date ? date.format(DATE_FORMAT) : undefined)}
      style={{ width: '100%' }}
    />
  );
}
