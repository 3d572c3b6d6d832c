import { Button, Modal, Progress, Typography } from 'antd';
import type { ExportProgress } from './serverExport';

/** Bytes as operators read them: '840 KB', '12.4 MB'. */
const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * An export under way: how many of the list's rows are written (a CSV's counted as they arrive; a workbook's size
 * received), and Cancel, which stops it (the server stops reading pages when the connection closes).
 */
export function ExportProgressDialog({
  noun,
  progress,
  onCancel,
}: {
  noun: string;
  progress: ExportProgress | null;
  onCancel(): void;
}) {
  const total = progress?.total ?? 0;
  const rows = progress?.rows ?? null;
  const all = `${progress?.estimated ? 'about ' : ''}${total.toLocaleString('en-IN')} ${noun}`;
  return (
    <Modal
      open={progress !== null}
      title="Exporting"
      closable={false}
      maskClosable={false}
      footer={<Button onClick={onCancel}>Cancel</Button>}
    >
      <Typography.Paragraph>
        {total === 0
          ? `Reading the ${noun}…`
          : rows === null
            ? `Writing ${all}: ${size(progress?.bytes ?? 0)} received`
            : `${rows.toLocaleString('en-IN')} of ${all} written`}
      </Typography.Paragraph>
      <Progress
        percent={
          rows !== null && total > 0 ? Math.min(progress?.estimated ? 99 : 100, Math.floor((100 * rows) / total)) : 100
        }
        status="active"
        showInfo={rows !== null}
        aria-label="Export progress"
      />
    </Modal>
  );
}
