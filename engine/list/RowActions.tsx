import { DeleteOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { Link } from 'react-router';
import { useKeepQuery } from '../useKeepQuery';
import { fillPath } from '../data/endpoint';
import type { ListConfig } from '../types';
import type { Row } from './useListController';

/**
 * Edit (a link or a modal) and delete (with confirmation) of one row. A row has one obvious edit: a labelled Edit
 * (the page, else the modal); when both exist, the modal is a small secondary 'Quick edit' with its own icon.
 */
export function RowActions({ config, row, onEdit, onRemove }: { config: ListConfig; row: Row; onEdit: (row: Row) => void; onRemove: (row: Row) => Promise<boolean> }) {
  const { link } = useKeepQuery();
  const edit = config.edit;
  const locked = edit?.disabledWhen?.(row) ?? false;
  return (
    <Space size="small">
      {edit?.to && locked && (
        <Button type="link" size="small" aria-label="Edit" icon={<EditOutlined />} disabled>
          Edit
        </Button>
      )}
      {edit?.to && !locked && (
        <Link to={link(fillPath(edit.to, row as Record<string, string>))} state={edit.state?.(row)} aria-label="Edit">
          <Button type="link" size="small" icon={<EditOutlined />} tabIndex={-1}>
            Edit
          </Button>
        </Link>
      )}
      {edit?.modal && edit.to && (
        <Tooltip title="Quick edit">
          <Button type="text" size="small" aria-label="Quick edit" icon={<ThunderboltOutlined />} disabled={locked} onClick={() => onEdit(row)} />
        </Tooltip>
      )}
      {edit?.modal && !edit.to && (
        <Button type="link" size="small" aria-label="Edit" icon={<EditOutlined />} disabled={locked} onClick={() => onEdit(row)}>
          Edit
        </Button>
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
