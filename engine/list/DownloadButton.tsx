import { DownloadOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../data/download';
import { endpointQuery, fillPath, type CallInput } from '../data/endpoint';
import { withQuery } from '../data/http';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { ColumnConfig } from './types';

/**
 * A cell's Download (see `ColumnConfig.download`): fetches the row's file in the scope of the page (busy meanwhile)
 * and saves it under the name the answer gives; a failure toasts the column's error.
 */
export function DownloadButton({
  download,
  input,
}: {
  download: NonNullable<ColumnConfig['download']>;
  input: CallInput;
}) {
  const [scope] = useScope();
  const [busy, setBusy] = useState(false);
  const { endpoint } = download;
  const fetchFile = async () => {
    setBusy(true);
    const path = withQuery(fillPath(endpoint.path, input.params), endpointQuery(endpoint, { scope, ...input }));
    const saved = await downloadFile(path, { service: endpoint.service });
    setBusy(false);
    if (!saved) feedback.error(download.error);
  };
  const label = download.label ?? 'Download';
  if (download.compact) {
    return (
      <Tooltip title={label}>
        <Button
          type="text"
          size="small"
          aria-label={label}
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void fetchFile()}
        />
      </Tooltip>
    );
  }
  return (
    <Button type="link" size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void fetchFile()}>
      {label}
    </Button>
  );
}
