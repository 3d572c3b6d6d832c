import { Modal } from 'antd';

interface StaleRecordModalProps {
  /** The server's refusal of the save (e.g. 'This record was changed by someone else. ...'); closed when null. */
  message: string | null;
  reloading: boolean;
  onReload: () => void;
  onClose: () => void;
}

/**
 * Tells the operator that someone else changed the record since the form loaded it, so the save was refused, and
 * offers to load their version into the form ('Reload'); 'Cancel' keeps the form as typed.
 */
export function StaleRecordModal({ message, reloading, onReload, onClose }: StaleRecordModalProps) {
  return (
    <Modal
      open={message !== null}
      title="Record changed"
      okText="Reload"
      onOk={onReload}
      confirmLoading={reloading}
      onCancel={onClose}
      destroyOnHidden
    >
      {message}
    </Modal>
  );
}
