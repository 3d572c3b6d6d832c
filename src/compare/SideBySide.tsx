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

/** What a write changes in one record: each field's value now and after. */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** The fields a copy or a revert changes in a record, now and after, under the given column titles. */
export function FieldChanges({ changes, now, after }: { changes: readonly FieldChange[]; now: string; after: string }) {
  return (
    <Table<FieldChange>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={[...changes]}
      columns={[
        { title: 'Field', dataIndex: 'field', width: '30%' },
        { title: now, dataIndex: 'before', render: shown },
        { title: after, dataIndex: 'after', render: shown },
      ]}
    />
  );
}
