import { Modal } from 'antd';
import { FormView } from '../form/FormView';
import type { FormConfig } from '../types';
import { useReturnFocus } from '../views/useReturnFocus';
import type { Row } from './useListController';

/** The quick-edit modal of a list row; loaded with the form engine only when a row is edited. Its opener gets focus back. */
export function EditModal({ config, row, onClose, onSaved }: { config: FormConfig; row: Row; onClose: () => void; onSaved: () => void }) {
  useReturnFocus();
  return (
    <Modal title={config.title.edit} open onCancel={onClose} footer={null} destroyOnHidden>
      <FormView config={config} record={row} embedded onSaved={onSaved} />
    </Modal>
  );
}
