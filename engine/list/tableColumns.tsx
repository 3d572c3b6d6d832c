import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnConfig } from '../types';
import { cellValue, compareBy, formatCell } from './columns';

type Row = Record<string, unknown>;

/** antd columns from column configs; `renderSwitch` draws switch cells where the list supports toggling. */
export function tableColumns(columns: ColumnConfig[], renderSwitch?: (column: ColumnConfig, row: Row) => ReactNode): TableColumnsType<Row> {
  return columns.map((column) => ({
    key: column.field,
    title: column.title,
    width: column.width,
    ellipsis: column.width ? { showTitle: true } : undefined,
    sorter: column.sortable ? compareBy((row) => cellValue(column, row)) : undefined,
    render: (_: unknown, row: Row) =>
      column.kind === 'switch' && renderSwitch ? renderSwitch(column, row) : formatCell(column.kind === 'switch' ? 'boolean' : column.kind, cellValue(column, row)),
  }));
}
