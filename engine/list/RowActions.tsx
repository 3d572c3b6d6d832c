import { DeleteOutlined, EditOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { Link } from 'react-router';
import { useKeepQuery } from '../useKeepQuery';
import { fillPath } from '../data/endpoint';
import { ConfirmPopover } from '../views/ConfirmPopover';
import { useReturnFocus } from '../views/useReturnFocus';
import type { ListConfig, RowAction, RowModalProps } from '../types';
import type { Row } from './useListController';

/** One lazy component per row action's loader, so every row (and every render) mounts the same component. */
const modals = new WeakMap<RowAction['component'], LazyExoticComponent<ComponentType<RowModalProps>>>();
const modalOf = (action: RowAction) => {
  let found = modals.get(action.component);
  if (!found) modals.set(action.component, (found = lazy(action.component)));
  return found;
};

/** A row action's modal, giving focus back to its button when it closes (it unmounts at once). */
function RowModal({ Modal, row, onClose }: { Modal: ComponentType<RowModalProps>; row: Row; onClose: () => void }) {
  useReturnFocus();
  return <Modal row={row} onClose={onClose} />;
}

/**
 * The config's row actions (`rowActions`), e.g. 'Show': each button opens its modal on the row; the modal's code
 * loads when a button is first pressed.
 */
function ModalActions({ actions, row }: { actions: RowAction[]; row: Row }) {
  const [open, setOpen] = useState<RowAction | null>(null);
  const Modal = open && modalOf(open);
  return (
    <>
      {actions.map((action) => (
        <Button key={action.label} type="link" size="small" disabled={action.disabledWhen?.(row) ?? false} onClick={() => setOpen(action)}>
          {action.label}
        </Button>
      ))}
      {Modal && (
        <Suspense fallback={null}>
          <RowModal Modal={Modal} row={row} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Edit (a link or a modal) and delete (with confirmation) of one row. A row has one obvious edit: a labelled Edit
 * (the page, else the modal); when both exist, the modal is a small secondary 'Quick edit' with its own icon.
 */
export function RowActions({ config, row, onEdit, onRemove }: { config: ListConfig; row: Row; onEdit: (row: Row) => void; onRemove: (row: Row) => Promise<boolean> }) {
  const { link } = useKeepQuery();
  const edit = config.edit;
  const locked = edit?.disabledWhen?.(row) ?? false;
  // The Delete icon's tooltip would stay over the confirmation it opens (covering its 'No'): hidden while that is open.
  const [confirming, setConfirming] = useState(false);
  return (
    <Space size="small">
      {config.rowActions && <ModalActions actions={config.rowActions} row={row} />}
      {edit?.to && locked && (
        <Button type="link" size="small" aria-label="Edit" icon={<EditOutlined />} disabled>
          Edit
        </Button>
      )}
      {edit?.to && !locked && (
        <Link to={link(fillPath(edit.to, { id: row[config.rowKey] as string, ...(row as Record<string, string>) }))} state={edit.state?.(row)} aria-label="Edit">
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
        <ConfirmPopover title={config.remove.confirm} okText="Yes" cancelText="No" onConfirm={() => onRemove(row)} onOpenChange={setConfirming}>
          <Tooltip title="Delete" open={confirming ? false : undefined}>
            <Button type="text" danger aria-label="Delete" icon={<DeleteOutlined />} />
          </Tooltip>
        </ConfirmPopover>
      )}
    </Space>
  );
}
