import { Table, Typography } from 'antd';

/** One field of an item on both sides. */
export interface FieldPair {
  field: string;
  left: string | null;
  right: string | null;
  differs: boolean;
}

/** A value as the table shows it: '—' for none. */
const shown = (value: string | null) =>
  value === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <span style={{ wordBreak: 'break-word' }}>{value}</span>
  );

/**
 * An item's fields side by side (field, left, right), the rows that differ marked with `marked` (a background) and
 * in bold, so a reader sees at once what a copy would change.
 */
export function SideBySide({
  fields,
  left,
  right,
  marked,
}: {
  fields: readonly FieldPair[];
  left: string;
  right: string;
  marked: string;
}) {
  const mark = (pair: FieldPair) => (pair.differs ? { style: { background: marked, fontWeight: 600 } } : {});
  return (
    <Table<FieldPair>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={[...fields]}
      columns={[
        { title: 'Field', dataIndex: 'field', width: '30%', onCell: mark },
        { title: left, dataIndex: 'left', render: shown, onCell: mark },
        { title: right, dataIndex: 'right', render: shown, onCell: mark },
      ]}
    />
  );
}
