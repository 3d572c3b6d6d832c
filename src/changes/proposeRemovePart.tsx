import { DeleteOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { AppListPart, AppListPartView, Row } from '../../engine/types';
import type { ProposalItem } from '../../schemas/proposal';
import { useReviewAreas } from './reviewAreas';

const ProposeModal = lazy(() => import('./ProposeModal').then((m) => ({ default: m.ProposeModal })));

/** A list whose deletes are not reviewed: nothing added (the same object, so the table is not built again). */
const NOTHING: AppListPartView = {};

/**
 * A row's Delete where the company reviews the list's area (issue 39): 'Propose delete' stands for it, proposing the
 * row's removal (held to its version now) for a second desk to approve. Where deletes are not reviewed the list is as
 * it was: Delete, at once.
 */
export const proposeRemove: AppListPart = ({ scope, remove }) => {
  const areas = useReviewAreas(scope);
  const [proposing, setProposing] = useState<{ row: Row; item: ProposalItem } | null>(null);
  const area = areas.data?.find(
    (candidate) => candidate.required && candidate.resource === remove?.endpoint.call?.area,
  );
  return useMemo((): AppListPartView => {
    if (!area || !remove) return NOTHING;
    const itemOf = (row: Row): ProposalItem => {
      const input = remove.input(row);
      const id = input.params?.id ?? input.query?.id ?? row.id;
      return { resource: area.resource, action: 'remove', id: typeof id === 'number' ? id : String(id ?? '') };
    };
    return {
      replacesRemove: true,
      actionsWidth: 40,
      rowActions: (row) => (
        <>
          <Tooltip title={`Propose delete: ${area.title} of this company are changed by review`}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label="Propose delete"
              onClick={() => setProposing({ row, item: itemOf(row) })}
            />
          </Tooltip>
          {proposing?.row === row && (
            <Suspense fallback={null}>
              <ProposeModal
                items={[proposing.item]}
                title={`${area.title}: delete`}
                summary={`Deleting this record of ${area.title} is proposed; it stays until a second desk approves it.`}
                onClose={() => setProposing(null)}
              />
            </Suspense>
          )}
        </>
      ),
    };
  }, [area, remove, proposing]);
};
