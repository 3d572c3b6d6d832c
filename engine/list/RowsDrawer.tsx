import { Drawer, Table } from 'antd';
import { useEndpoint } from '../data/useEndpoint';
import { useScope } from '../scope/useScope';
import type { HeaderButton } from './types';
import { tableColumns } from './tableColumns';
import { useReturnFocus } from '../views/useReturnFocus';

export type DrawerSpec = Extract<HeaderButton, { drawer: unknown }>['drawer'];

/** A drawer listing rows of another call (e.g. the transporters linked to the company); its button gets focus back. */
export function RowsDrawer({ spec, open, onClose }: { spec: DrawerSpec; open: boolean; onClose: () => void }) {
  useReturnFocus();
  const [scope] = useScope();
  const { data, isLoading } = useEndpoint(spec.endpoint, { scope }, open && Boolean(scope.companyId));
  return (
    <Drawer title={spec.title} open={open} onClose={onClose} size="large">
      <Table
        rowKey={spec.rowKey}
        loading={isLoading}
        dataSource={Array.isArray(data) ? data : []}
        columns={tableColumns(spec.columns)}
        locale={{ emptyText: spec.emptyText }}
        pagination={false}
      />
    </Drawer>
  );
}
