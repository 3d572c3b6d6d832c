import { pick } from '../data/pick';
import type { ColumnConfig } from './types';
import type { Row } from '../types';
import { columnKinds } from '../columnKinds';

/** The value of a column in a row: its `value` function, else its dotted path. */
export function cellValue(column: Pick<ColumnConfig, 'field' | 'value'>, row: Row): unknown {
  return column.value ? column.value(row) : pick(row, column.field);
}

/** Text of a cell by column kind (see `columnKinds`): date-time `YYYY-MM-DD HH:mm:ss`, date `DD/MM/YYYY`, INR with Indian grouping. */
export function formatCell(kind: ColumnConfig['kind'], value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  return (columnKinds[kind ?? 'text'] ?? columnKinds.text)(value);
}

/** Comparator for a sortable column: numbers and dates by value, text by locale. */
export function compareBy<R>(read: (row: R) => unknown) {
  return (a: R, b: R): number => {
    const x = read(a);
    const y = read(b);
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x ?? '').localeCompare(String(y ?? ''));
  };
}
