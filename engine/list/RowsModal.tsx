import { Modal, Table } from 'antd';
import { useEffect } from 'react';
import { useEndpoint } from '../data/useEndpoint';
import { feedback } from '../feedback';
import { useScope } from '../scope/useScope';
import type { RowRowsAction } from './rowActionTypes';
import { useReturnFocus } from '../views/useReturnFocus';
import { minTableWidth, tableColumns } from './tableColumns';
import type { Row } from './useListController';

/**
 * A row action's modal of rows (see `RowRowsAction`): the rows its call answers for the list's row, read in the
 * scope when it opens, in a table of the action's columns (downloads and tags included); its button gets focus back.
 */
export function RowsModal({ action, row, onClose }: { action: RowRowsAction; row: Row; onClose: () => void }) {
  useReturnFocus();
  const [scope] = useScope();
  const { data, error, isLoading } = useEndpoint(action.endpoint, { scope, ...action.input(row) });
  useEffect(() => {
    if (error) feedback.error(action.fetchError);
  }, [error, action.fetchError]);
  const columns = tableColumns(action.columns);
  return (
    <Modal title={action.title(row)} open onCancel={onClose} footer={null} width={960} destroyOnHidden>
      <div style={{ overflowX: 'auto' }}>
        <Table<Row>
          style={{ minWidth: minTableWidth(columns) }}
          rowKey={action.rowKey}
          loading={isLoading}
          dataSource={Array.isArray(data) ? data : []}
          columns={columns}
          tableLayout="fixed"
          locale={{ emptyText: action.emptyText }}
          pagination={false}
          size="small"
        />
      </div>
    </Modal>
  );
}
