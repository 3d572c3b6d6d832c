import { pick } from '../data/pick';
import type { ColumnConfig } from './types';
import type { Row } from '../types';
import { CELL_TEXTS } from '../../schemas/cell-texts';
import { formatCell as formatKind } from '../../schemas/column-kinds';

/** The value of a column in a row: its named text, else its `value` function, else its dotted path. */
export function cellValue(column: Pick<ColumnConfig, 'field' | 'value' | 'text'>, row: Row): unknown {
  if (column.text) return CELL_TEXTS[column.text](row);
  return column.value ? column.value(row) : pick(row, column.field);
}

/** Text of a cell by column kind (see `columnKinds`): date-time `YYYY-MM-DD HH:mm:ss`, date `DD/MM/YYYY`, INR with Indian grouping. */
export function formatCell(kind: ColumnConfig['kind'], value: unknown): string {
  return formatKind(kind, value);
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
