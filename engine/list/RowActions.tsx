import { DeleteOutlined, EditOutlined, FormOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useKeepQuery } from '../useKeepQuery';
import { fillPath } from '../data/endpoint';
import type { ListConfig } from '../types';
import type { Row } from './useListController';

/** Edit (a link or a modal) and delete (with confirmation) of one row. */
export function RowActions({ config, row, onEdit, onRemove }: { config: ListConfig; row: Row; onEdit: (row: Row) => void; onRemove: (row: Row) => Promise<boolean> }) {
  const { link } = useKeepQuery();
  const edit = config.edit;
  const locked = edit?.disabledWhen?.(row) ?? false;
  return (
    <Space size="small">
      {edit?.to && locked && <Button type="text" aria-label="Edit" icon={<EditOutlined />} disabled />}
      {edit?.to && !locked && (
        <Tooltip title="Edit">
          <Link to={link(fillPath(edit.to, row as Record<string, string>))} state={edit.state?.(row)} aria-label="Edit">
            <Button type="text" icon={<EditOutlined />} />
          </Link>
        </Tooltip>
      )}
      {edit?.modal && (
        <Tooltip title={edit.to ? 'Quick edit' : 'Edit'}>
          <Button type="text" aria-label={edit.to ? 'Quick edit' : 'Edit'} icon={<FormOutlined />} disabled={locked} onClick={() => onEdit(row)} />
        </Tooltip>
      )}
      {config.remove && (
        <Popconfirm title={config.remove.confirm} okText="Yes" cancelText="No" onConfirm={() => onRemove(row)}>
          <Tooltip title="Delete">
            <Button type="text" danger aria-label="Delete" icon={<DeleteOutlined />} />
          </Tooltip>
        </Popconfirm>
      )}
    </Space>
  );
}
