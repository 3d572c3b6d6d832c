import { Popconfirm, Switch } from 'antd';
import { useState } from 'react';
import type { ColumnConfig } from '../types';

/** An enable switch that asks first (DESIGN.md: switches always confirm) and stores through the column's call. */
export function SwitchCell({ column, checked, onConfirm }: { column: ColumnConfig; checked: boolean; onConfirm: (next: boolean) => Promise<boolean> }) {
  const [busy, setBusy] = useState(false);
  const toggle = column.toggle!;
  return (
    <Popconfirm
      title={toggle.confirmTitle}
      description={toggle.confirmText}
      okText="Yes"
      cancelText="No"
      onConfirm={async () => {
        setBusy(true);
        await onConfirm(!checked);
        setBusy(false);
      }}
    >
      <Switch checked={checked} loading={busy} aria-label={column.title} />
    </Popconfirm>
  );
}
