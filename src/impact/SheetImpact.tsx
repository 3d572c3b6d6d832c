import { useMemo } from 'react';
import type { SheetToolProps } from '../../engine/sheet/types';
import { toAlertRow } from '../../schemas/alert-bulk';
import { ImpactPreviewModal } from './ImpactPreview';

/** The bulk alert sheet's 'Preview impact': the rows not yet saved, as Submit would send them. */
export default function SheetImpact({ rows, ctx, onClose }: SheetToolProps) {
  const proposal = useMemo(
    () => ({ rows: rows.map(({ row, values }) => ({ row, values: toAlertRow(values, ctx.scope) })) }),
    [rows, ctx.scope],
  );
  return (
    <ImpactPreviewModal
      title={`Preview impact of the sheet (${rows.length} row${rows.length === 1 ? '' : 's'})`}
      proposal={proposal}
      scope={ctx.scope}
      onClose={onClose}
    />
  );
}
