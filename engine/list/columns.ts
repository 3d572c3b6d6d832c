import dayjs from 'dayjs';
import type { ColumnConfig } from '../types';

/** The value of a column in a row: its `value` function, else its dotted path. */
export function cellValue(column: Pick<ColumnConfig, 'field' | 'value'>, row: unknown): unknown {
  return column.value ? column.value(row as Record<string, unknown>) : pick(row, column.field);
}

/** Reads a dotted path from a row. */
export function pick(row: unknown, field: string): unknown {
  return field.split('.').reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), row);
}

const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const inrPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });

/** Rupees with Indian grouping; paise shown only when there are any. */
export function formatInr(amount: number): string {
  return (Number.isInteger(amount) ? inrWhole : inrPaise).format(amount);
}

/** Text of a cell by column kind: date-time `YYYY-MM-DD HH:mm:ss`, date `DD/MM/YYYY`, INR with Indian grouping. */
export function formatCell(kind: ColumnConfig['kind'], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  switch (kind) {
    case 'datetime':
      return dayjs(value as number | string).format('YYYY-MM-DD HH:mm:ss');
    case 'date':
      return dayjs(value as number | string).format('DD/MM/YYYY');
    case 'inr':
      return Number.isFinite(Number(value)) ? formatInr(Number(value)) : String(value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** Comparator for a sortable column: numbers and dates by value, text by locale. */
export function compareBy(read: (row: unknown) => unknown) {
  return (a: unknown, b: unknown): number => {
    const x = read(a);
    const y = read(b);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x ?? '').localeCompare(String(y ?? ''));
  };
}
