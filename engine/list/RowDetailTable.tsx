import { Descriptions, Flex, Table } from 'antd';
import type { RowDetail } from './types';
import { cellValue, formatCell } from './columns';
import { detailRows } from './paging';
import { tableColumns } from './tableColumns';

type Row = Record<string, unknown>;

/** What an opened row shows: its detail fields as label and value ('—' when empty), then its nested rows in the detail's columns. */
export function RowDetailTable({ detail, row }: { detail: RowDetail; row: Row }) {
  const rows = detailRows(detail, row);
  return (
    <Flex vertical gap="small">
      {detail.fields && (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={detail.fields.map((column) => ({
            key: column.field,
            label: column.title,
            children: formatCell(column.kind, cellValue(column, row)) || '—',
          }))}
        />
      )}
      {rows.length > 0 && (
        <Table<Row>
          size="small"
          rowKey={detail.rowKey}
          columns={tableColumns(detail.columns)}
          dataSource={rows}
          pagination={false}
          tableLayout="fixed"
        />
      )}
    </Flex>
  );
}
