import { InboxOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Flex,
  Input,
  Modal,
  Progress,
  Table,
  Tag,
  Typography,
  Upload,
  theme,
  type GlobalToken,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { minTableWidth } from '../list/tableColumns';
import type { BatchRow, UploadConfig } from './types';
import { useUploadController, type UploadController } from './useUploadController';

/** The spec's batch time format (spec 002 section 2.8). */
const UPLOADED_AT = 'DD/MM/YYYY HH:mm';

const STATUS_COLOR: Record<string, string> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  DONE: 'success',
  FAILED: 'error',
};
/** The batch table's columns: ID tag (characters 5 to 12 of the id, uppercased), name, status, time, progress, result file. */
function batchColumns(upload: UploadController, token: GlobalToken): TableColumnsType<BatchRow> {
  return [
    { key: 'id', title: 'ID', width: 120, render: (_, b) => <Tag>{b.id.slice(4, 12).toUpperCase()}</Tag> },
    { key: 'filename', title: 'Batch File Name', dataIndex: 'filename', ellipsis: true },
    {
      key: 'status',
      title: 'Status',
      width: 180,
      render: (_, b) => (
        <Flex vertical gap={2}>
          {/* The tint and border say the status; the text is the theme's, which reads on every tint in light and dark
              (antd's status texts are under 4.5:1 on their tints). */}
          <Tag color={STATUS_COLOR[b.status] ?? 'default'} style={{ width: 'fit-content', color: token.colorText }}>
            {b.status}
          </Tag>
          {b.messages?.map((m) => (
            <Typography.Text key={m} type="danger" style={{ fontSize: 12 }}>
              {m}
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    { key: 'created_at', title: 'Uploaded At', width: 150, render: (_, b) => dayjs(b.created_at).format(UPLOADED_AT) },
    {
      key: 'progress',
      title: 'Progress',
      width: 220,
      render: (_, b) =>
        b.rows_total > 0 && (
          <Flex vertical gap={0}>
            <Progress
              aria-label={`${b.filename}: ${b.rows_done} of ${b.rows_total} rows`}
              percent={Math.floor((b.rows_done / b.rows_total) * 100)}
              size="small"
              status={b.status === 'FAILED' ? 'exception' : b.status === 'DONE' ? 'success' : 'active'}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {b.rows_done} of {b.rows_total} rows{b.rows_failed ? `, ${b.rows_failed} failed` : ''}
            </Typography.Text>
          </Flex>
        ),
    },
    {
      key: 'result',
      title: 'Result file',
      width: 120,
      render: (_, b) =>
        b.result_url && (
          <Button type="link" size="small" onClick={() => void upload.downloadResult(b)}>
            Download
          </Button>
        ),
    },
  ];
}

/**
 * Renders an upload config: the heading named by the component, a single-file drop area, the sample file link,
 * Cancel and Upload, the e-mail modal, and the earlier batches with their progress and result files.
 */
export function UploadView({ config }: { config: UploadConfig }) {
  const upload = useUploadController(config);
  const { token } = theme.useToken();
  const columns = batchColumns(upload, token);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            Upload {upload.label}
          </Typography.Title>
          <Typography.Link href={upload.sampleUrl} download={`${upload.component}.xlsx`}>
            Sample Excel file
          </Typography.Link>
        </Flex>
        <Upload.Dragger
          accept={config.accept.join(',')}
          multiple={false}
          maxCount={1}
          fileList={upload.file ? [{ uid: 'chosen', name: upload.file.name, status: 'done' }] : []}
          beforeUpload={(file) => {
            upload.choose(file);
            return false;
          }}
          onRemove={() => upload.choose(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag an Excel file to this area</p>
          <p className="ant-upload-hint">One file, {config.accept.join(', ')}</p>
        </Upload.Dragger>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
          <Button onClick={upload.cancel}>Cancel</Button>
          <Button type="primary" onClick={upload.start} loading={upload.sending}>
            Upload
          </Button>
        </Flex>
      </Card>
      <Card title="Batches" size="small">
        {/* Narrower than its columns, the table scrolls sideways inside its card. */}
        <div style={{ overflowX: 'auto' }}>
          <Table<BatchRow>
            rowKey="id"
            size="small"
            loading={upload.loading}
            columns={columns}
            style={{ minWidth: minTableWidth(columns) }}
            dataSource={upload.batches}
            locale={{ emptyText: config.messages.empty }}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
          />
        </div>
      </Card>
      <Modal
        title={config.messages.modalTitle}
        open={upload.asking}
        onCancel={upload.closeModal}
        footer={[
          <Button key="cancel" onClick={upload.closeModal} disabled={upload.sending}>
            Cancel
          </Button>,
          <Button key="plain" onClick={() => void upload.send(false)} disabled={upload.sending}>
            Upload without e-mail
          </Button>,
          <Button key="mail" type="primary" onClick={() => void upload.send(true)} loading={upload.sending}>
            Upload and e-mail me
          </Button>,
        ]}
      >
        <Typography.Paragraph>{config.messages.modalText}</Typography.Paragraph>
        <Input
          aria-label="Email"
          placeholder="name@example.com"
          value={upload.email}
          maxLength={254}
          status={upload.emailError ? 'error' : undefined}
          onChange={(e) => upload.setEmail(e.target.value)}
          onPressEnter={() => void upload.send(true)}
        />
        {upload.emailError && <Typography.Text type="danger">{upload.emailError}</Typography.Text>}
      </Modal>
    </Flex>
  );
}
