import { Modal } from 'antd';
import { FormView } from '../form/FormView';
import type { FormConfig } from '../form/types';
import { useReturnFocus } from '../views/useReturnFocus';
import type { Row } from './useListController';

/**
 * A form in a modal: the quick edit of a list row (`row`), or a create form opened by a header button (no row), each
 * under its title. Loaded with the form engine only when one opens; its opener gets focus back.
 */
export function EditModal({
  config,
  row,
  onClose,
  onSaved,
}: {
  config: FormConfig;
  row?: Row;
  onClose: () => void;
  onSaved: () => void;
}) {
  useReturnFocus();
  const title = row ? (config.title.edit ?? config.title.create) : config.title.create;
  return (
    <Modal title={title} open onCancel={onClose} footer={null} destroyOnHidden>
      <FormView config={config} record={row} embedded onSaved={onSaved} />
    </Modal>
  );
}
