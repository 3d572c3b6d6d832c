import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlayCircleOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Modal, Space, Tooltip } from 'antd';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { lazyOnce } from '../views/lazyOnce';
import { Link } from 'react-router';
import { useKeepQuery } from '../useKeepQuery';
import { callEndpoint, fillPath } from '../data/endpoint';
import { feedback } from '../feedback';
import type { Scope } from '../scope/scope';
import type { ActionQuestion } from '../types';
import { useScope } from '../scope/useScope';
import { ConfirmPopover } from '../views/ConfirmPopover';
import { useReturnFocus } from '../views/useReturnFocus';
import type { ListConfig } from './types';
import type {
  RowAction,
  RowActionIcon,
  RowCallAction,
  RowModalAction,
  RowModalProps,
  RowRowsAction,
} from './rowActionTypes';
import type { Row } from './useListController';

/** The path parameters a row gives its edit link: each defined field as text, and its key as `id` unless it has one. */
const linkParams = (row: Row, rowKey: string): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries({ id: row[rowKey], ...row }).map(([name, value]) => [
      name,
      value === undefined ? undefined : String(value),
    ]),
  );

/** The modal of rows (`kind: 'rows'`) loads when such a button is first pressed. */
const RowsModal = lazy(() => import('./RowsModal').then((m) => ({ default: m.RowsModal })));

/** A row action's modal, giving focus back to its button when it closes (it unmounts at once). */
function RowModal({ Modal, row, onClose }: { Modal: ComponentType<RowModalProps>; row: Row; onClose: () => void }) {
  useReturnFocus();
  return <Modal row={row} onClose={onClose} />;
}

/**
 * Makes a call action's call for the row in the scope, toasts its outcome (the answer's, else the server's message;
 * a failure the server's first message, else the action's error) and reads the list again. True when the call succeeded.
 */
export async function runRowCall(
  action: RowCallAction,
  row: Row,
  scope: Scope,
  reload: () => unknown,
): Promise<boolean> {
  const result = await callEndpoint(action.endpoint, { scope, ...action.input(row) }, { quiet: true });
  // The server's own text when its answer carries one (not a bare status), else the action's error.
  const told =
    !result.ok && typeof result.body === 'object' && result.body !== null && 'message' in result.body
      ? result.messages[0]
      : undefined;
  if (!result.ok) feedback.error(told ?? action.error);
  else {
    const outcome = action.outcome?.(result.data, row);
    if (outcome) (outcome.ok ? feedback.success : feedback.error)(outcome.text);
    else if (result.messages[0]) feedback.success(result.messages[0]);
  }
  await reload();
  return result.ok;
}

const ICONS: Record<RowActionIcon, ReactNode> = { run: <PlayCircleOutlined />, history: <HistoryOutlined /> };

/** A row action's button: its label, or its icon alone with the label as name and tooltip. */
function ActionButton({
  label,
  icon,
  ...props
}: {
  label: string;
  icon?: RowActionIcon;
  loading?: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  if (!icon) {
    return (
      <Button type="link" size="small" {...props}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={ICONS[icon]} {...props} />
    </Tooltip>
  );
}

/** A call action's button: busy (and not pressable again) while its call runs. */
function CallButton({ action, row, onReload }: { action: RowCallAction; row: Row; onReload: () => unknown }) {
  const [scope] = useScope();
  const [busy, setBusy] = useState(false);
  // A call that mails or calls out says what it will do first, and runs only on its OK.
  const [question, setQuestion] = useState<ActionQuestion | null>(null);
  const run = async () => {
    setQuestion(null);
    setBusy(true);
    try {
      await runRowCall(action, row, scope, onReload);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ActionButton
        label={action.label}
        icon={action.icon}
        loading={busy}
        disabled={action.disabledWhen?.(row) ?? false}
        onClick={() => {
          const asked = action.confirm?.(row) ?? null;
          if (asked) setQuestion(asked);
          else void run();
        }}
      />
      <Modal
        open={question !== null}
        title={question?.title}
        okText={question?.okText}
        cancelText="Cancel"
        onOk={() => void run()}
        onCancel={() => setQuestion(null)}
        destroyOnHidden
      >
        {question?.content}
      </Modal>
    </>
  );
}

/**
 * The config's row actions (`rowActions`) the row offers (not `hiddenWhen`): 'Show' opens its modal on the row (its
 * code loads when a button is first pressed), a call action makes its call and reloads the list, a rows action opens
 * the modal of its rows.
 */
function MoreActions({ actions, row, onReload }: { actions: RowAction[]; row: Row; onReload: () => unknown }) {
  const [open, setOpen] = useState<RowModalAction | RowRowsAction | null>(null);
  const Modal = open?.kind === 'modal' && lazyOnce(open.component);
  return (
    <>
      {actions
        .filter((action) => !action.hiddenWhen?.(row))
        .map((action) =>
          action.kind === 'call' ? (
            <CallButton key={action.label} action={action} row={row} onReload={onReload} />
          ) : (
            <ActionButton
              key={action.label}
              label={action.label}
              icon={action.kind === 'rows' ? action.icon : undefined}
              disabled={action.disabledWhen?.(row) ?? false}
              onClick={() => setOpen(action)}
            />
          ),
        )}
      {Modal && (
        <Suspense fallback={null}>
          <RowModal Modal={Modal} row={row} onClose={() => setOpen(null)} />
        </Suspense>
      )}
      {open?.kind === 'rows' && (
        <Suspense fallback={null}>
          <RowsModal action={open} row={row} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Edit (a link or a modal) and delete (with confirmation) of one row. A row has one obvious edit: a labelled Edit
 * (the page, else the modal); when both exist, the modal is a small secondary 'Quick edit' with its own icon.
 */
export function RowActions({
  config,
  row,
  onEdit,
  onRemove,
  onReload = () => {},
}: {
  config: ListConfig;
  row: Row;
  onEdit: (row: Row) => void;
  onRemove: (row: Row) => Promise<boolean> /** Reads the list again (after a call action). */;
  onReload?: () => unknown;
}) {
  const { link } = useKeepQuery();
  const edit = config.edit;
  const locked = edit?.disabledWhen?.(row) ?? false;
  // The Delete icon's tooltip would stay over the confirmation it opens (covering its 'No'): hidden while that is open.
  const [confirming, setConfirming] = useState(false);
  return (
    <Space size="small">
      {config.rowActions && <MoreActions actions={config.rowActions} row={row} onReload={onReload} />}
      {edit?.to && locked && (
        <Button type="link" size="small" aria-label="Edit" icon={<EditOutlined />} disabled>
          Edit
        </Button>
      )}
      {edit?.to && !locked && (
        <Link to={link(fillPath(edit.to, linkParams(row, config.rowKey)))} state={edit.state?.(row)} aria-label="Edit">
          <Button type="link" size="small" icon={<EditOutlined />} tabIndex={-1}>
            Edit
          </Button>
        </Link>
      )}
      {edit?.modal && edit.to && (
        <Tooltip title="Quick edit">
          <Button
            type="text"
            size="small"
            aria-label="Quick edit"
            icon={<ThunderboltOutlined />}
            disabled={locked}
            onClick={() => onEdit(row)}
          />
        </Tooltip>
      )}
      {edit?.modal && !edit.to && (
        <Button
          type="link"
          size="small"
          aria-label="Edit"
          icon={<EditOutlined />}
          disabled={locked}
          onClick={() => onEdit(row)}
        >
          Edit
        </Button>
      )}
      {config.remove && (
        <ConfirmPopover
          title={config.remove.confirm}
          okText="Yes"
          cancelText="No"
          onConfirm={() => onRemove(row)}
          onOpenChange={setConfirming}
        >
          <Tooltip title="Delete" open={confirming ? false : undefined}>
            <Button type="text" danger aria-label="Delete" icon={<DeleteOutlined />} />
          </Tooltip>
        </ConfirmPopover>
      )}
    </Space>
  );
}
