import { lazy, Suspense, useMemo, useRef } from 'react';
import type { Row } from '../types';
import { opens } from './paging';
import type { InlineEdit, ListPart, ListPartProps, ListPartView, RowDetail } from './types';
import { useInlineEdit } from './useInlineEdit';

/** What a part of the list shows while its code loads: nothing, marked busy for assistive technology (and tests). */
export const PENDING = <span aria-busy="true" />;

/** In-place row editing (antd's Select and its kin) and row details load only with a list that has them. */
const InlineEditCell = lazy(() => import('./InlineEdit').then((m) => ({ default: m.InlineEditCell })));
const InlineEditActions = lazy(() => import('./InlineEdit').then((m) => ({ default: m.InlineEditActions })));
const RowDetailTable = lazy(() => import('./RowDetailTable').then((m) => ({ default: m.RowDetailTable })));

/**
 * Rows that open onto what they hold (see {@link RowDetail}): some of the row's own values as label and value, and a
 * small table of its nested rows; rows with neither do not open.
 */
export function rowDetail(detail: RowDetail): ListPart {
  const view: ListPartView = {
    expandable: {
      rowExpandable: (row) => opens(detail, row),
      expandedRowRender: (row) => (
        <Suspense fallback={PENDING}>
          <RowDetailTable detail={detail} row={row} />
        </Suspense>
      ),
    },
  };
  return () => view;
}

/**
 * Rows edited in place (see {@link InlineEdit}): Edit turns the row's `editor` columns into inputs, with Save and
 * Cancel in its action column instead (`useInlineEdit`, `InlineEdit.tsx`).
 */
export function inlineEdit<R extends Row>(edit: InlineEdit<R>): ListPart {
  return (list) => {
    const state = useInlineEdit(edit, list.columns, list.rowKey, list.scope, list.reload);
    // One object while the edit stays as it is: the list's columns (and its memoized table) depend on it.
    return useMemo(
      () => ({
        renderCell: (column, row) =>
          column.editor && state.isEditing(row) ? (
            <Suspense fallback={PENDING}>
              <InlineEditCell column={column} state={state} />
            </Suspense>
          ) : undefined,
        rowActions: (row) => (
          <Suspense fallback={PENDING}>
            <InlineEditActions edit={edit} row={row} state={state} />
          </Suspense>
        ),
        // Room for Save and Cancel.
        actionsWidth: 150,
      }),
      [state],
    );
  };
}

/**
 * Runs a list's parts in their order (each may use hooks: a list's parts stay the same from render to render); the
 * same array while every part's view is the same, so the table's columns are built again only when one changes.
 */
export function useListParts(parts: readonly ListPart[] | undefined, list: ListPartProps): readonly ListPartView[] {
  const views = (parts ?? []).map((part) => part(list));
  const kept = useRef(views);
  if (views.length !== kept.current.length || views.some((view, i) => view !== kept.current[i])) kept.current = views;
  return kept.current;
}
