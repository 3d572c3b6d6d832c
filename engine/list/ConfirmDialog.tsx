import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../views/useReturnFocus';

/** A Yes/No dialog (spec 001 section 4's 'Enable Configuration'); loaded only when a switch asks, which gets focus back. */
export function ConfirmDialog({
  title,
  children,
  busy,
  onYes,
  onNo,
}: {
  title: string;
  children?: ReactNode;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  useReturnFocus();
  return (
    <Modal
      title={title}
      open
      okText="Yes"
      cancelText="No"
      confirmLoading={busy}
      onCancel={onNo}
      onOk={onYes}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
