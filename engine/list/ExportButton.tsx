import { DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { ExportFormat } from './exportList';

/**
 * 'Export': downloads what the list shows (every row its filters and search select, not only the page) as an Excel
 * workbook or a CSV file, with the column titles it shows and the values as shown.
 */
export function ExportButton({
  disabled,
  onExport,
}: {
  disabled: boolean;
  onExport(format: ExportFormat): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await onExport(format);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      disabled={disabled || busy}
      trigger={['click']}
      menu={{
        items: [
          { key: 'xlsx', label: 'Excel workbook (.xlsx)' },
          { key: 'csv', label: 'CSV file (.csv)' },
        ],
        onClick: ({ key }) => void run(key === 'csv' ? 'csv' : 'xlsx'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Export
      </Button>
    </Dropdown>
  );
}
