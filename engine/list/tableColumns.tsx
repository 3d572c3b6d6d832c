import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnConfig } from '../types';
import { cellValue, compareBy, formatCell } from './columns';
import type { ListState } from './paging';

type Row = Record<string, unknown>;

/**
 * antd columns from column configs; `renderSwitch` draws switch cells where the list supports toggling. Text cells
 * end in an ellipsis with the full text on hover, so a table keeps to its width. Sortable columns sort the rows at
 * hand, or, given `serverSort` (a list the server pages), sort by their `sortKey` there (the sort shown is `serverSort.current`).
 */
export function tableColumns(
  columns: ColumnConfig[],
  renderSwitch?: (column: ColumnConfig, row: Row) => ReactNode,
  serverSort?: { current: ListState['sort'] },
): TableColumnsType<Row> {
  return columns.map((column) => {
    const sortKey = serverSort && column.sortKey;
    const sorted = sortKey && serverSort.current?.key === sortKey ? (serverSort.current.order === 'asc' ? 'ascend' : 'descend') : null;
    return {
      key: sortKey || column.field,
      title: column.title,
      width: column.width,
      ellipsis: column.kind === 'switch' ? undefined : { showTitle: true },
      ...(sortKey
        ? { sorter: true, sortOrder: sorted }
        : column.sortable && !serverSort
          ? { sorter: compareBy((row) => cellValue(column, row)) }
          : {}),
      render: (_: unknown, row: Row) =>
        column.kind === 'switch' && renderSwitch ? renderSwitch(column, row) : formatCell(column.kind === 'switch' ? 'boolean' : column.kind, cellValue(column, row)),
    };
  });
}
