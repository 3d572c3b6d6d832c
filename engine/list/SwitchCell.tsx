import { Switch } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { ColumnConfig } from './types';

const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * An enable switch that asks first in a dialog (spec 001 section 4: 'Enable Configuration'), then stores
 * through the column's call; the dialog closes and the list reloads after success.
 */
export function SwitchCell({
  column,
  checked,
  onConfirm,
}: {
  column: ColumnConfig;
  checked: boolean;
  onConfirm: (next: boolean) => Promise<boolean>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const toggle = column.toggle!;
  return (
    <>
      <Switch checked={checked} loading={busy} aria-label={column.title} onClick={() => setAsking(true)} />
      {asking && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={toggle.confirmTitle ?? 'Enable Configuration'}
            busy={busy}
            onNo={() => setAsking(false)}
            onYes={async () => {
              setBusy(true);
              const done = await onConfirm(!checked);
              setBusy(false);
              if (done) setAsking(false);
            }}
          >
            {toggle.confirmText}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
