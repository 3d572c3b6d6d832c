import { pick } from '../data/pick';
import type { ColumnConfig } from './types';
import type { Row } from '../types';
import { CELL_TEXTS } from '../../schemas/cell-texts';
import { formatCell as formatKind } from '../../schemas/column-kinds';
import { deskTimeZone } from '../timeZone';

/** The value of a column in a row: its named text, else its `value` function, else its dotted path. */
export function cellValue(column: Pick<ColumnConfig, 'field' | 'value' | 'text'>, row: Row): unknown {
  if (column.text) return CELL_TEXTS[column.text](row);
  return column.value ? column.value(row) : pick(row, column.field);
}

/**
 * Text of a cell by column kind (see `columnKinds`): a time as '29/11/2026 11:14 IST' in zone `zone` (the desk's), a day as
 * `DD/MM/YYYY`, INR with Indian grouping.
 */
export function formatCell(kind: ColumnConfig['kind'], value: unknown, zone: string = deskTimeZone()): string {
  return formatKind(kind, value, zone);
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
