import { Alert, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { CheckResult } from './types';

type CheckedRow = CheckResult['rows'][number];

/** The check's columns: the row under the header (as in the result file) and OK or the row's errors. */
const COLUMNS: TableColumnsType<CheckedRow> = [
  { key: 'row', title: 'Row', dataIndex: 'row_no', width: 80 },
  {
    key: 'result',
    title: 'Result',
    render: (_, r) =>
      r.ok ? (
        <Tag color="success" style={{ color: '#135200' }}>
          OK
        </Tag>
      ) : (
        <Flex vertical gap={2}>
          {r.errors.map((message) => (
            <Typography.Text key={message} type="danger">
              {message}
            </Typography.Text>
          ))}
        </Flex>
      ),
  },
];

/**
 * What 'Check file' found, row by row (Odoo's import "Test"): a summary saying nothing was stored, then each row
 * OK or with the errors the upload would give it.
 */
export function CheckResultCard({
  filename,
  result,
  summary,
}: {
  filename: string;
  result: CheckResult;
  summary: (rows: number, failed: number) => string;
}) {
  return (
    <Card title={`Check of ${filename}`} size="small">
      <Alert
        type={result.rows_failed ? 'warning' : 'success'}
        showIcon
        title={summary(result.rows_total, result.rows_failed)}
        style={{ marginBottom: 12 }}
      />
      <Table<CheckedRow>
        rowKey="row_no"
        size="small"
        columns={COLUMNS}
        dataSource={result.rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </Card>
  );
}
