import { Alert, Modal } from 'antd';
import { useMemo } from 'react';
import type { SheetToolProps } from '../../engine/sheet/types';
import { toAlertRow } from '../../schemas/alert-bulk';
import { alertRowItems } from './alertProposals';
import { ProposeModal } from './ProposeModal';

/**
 * The bulk alert sheet's 'Propose change' (issue 39): its rows, as Submit would send them, proposed as new alert
 * configs of the company chosen above for a second desk's review; nothing is saved now.
 */
export default function SheetPropose({ rows, ctx, onClose }: SheetToolProps) {
  const items = useMemo(
    () =>
      alertRowItems(
        rows.map(({ row, values }) => ({ row, values: toAlertRow(values, ctx.scope) })),
        ctx.scope.companyId,
      ),
    [rows, ctx.scope],
  );
  if (typeof items === 'string')
    return (
      <Modal open title="Propose change" onCancel={onClose} onOk={onClose} cancelButtonProps={{ hidden: true }}>
        <Alert type="warning" showIcon title={items} />
      </Modal>
    );
  return (
    <ProposeModal
      items={items}
      title={`New alert configs (${items.length})`}
      summary={`The sheet's ${items.length} row${items.length === 1 ? '' : 's'} are proposed as new alert configs.`}
      onClose={onClose}
    />
  );
}
