import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Flex, Input, InputNumber, Space, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import Sortable from 'sortablejs';
import { flushSync } from 'react-dom';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { minTableWidth } from '../../engine/list/tableColumns';
import { searchRows } from '../../engine/list/paging';
import { ConfirmPopover } from '../../engine/views/ConfirmPopover';
import { PlaceSearchInput } from './PlaceSearchInput';
import type { WaypointEditor } from './useWaypointEditor';
import { formatGeoCode, formatRadius, rowMode, saveBlock, saveHint, type WaypointRow } from './waypointModel';

/** The class of the drag handle: only it starts a drag, so the row's inputs and buttons stay usable. */
const HANDLE = 'waypoint-drag-handle';

/**
 * antd's `shouldCellUpdate` for a cell that shows only `fields` of a saved row: a drag renumbers every row, and only
 * the Sequence cells need drawing again (the temporary row's cells always update).
 */
const unlessSame =
  (...fields: (keyof WaypointRow)[]) =>
  (row: WaypointRow, before: WaypointRow) =>
    !row.id || row.id !== before.id || fields.some((field) => row[field] !== before[field]);

/** Where the keyboard focus goes after a move: the same button of the moved row. */
type FocusTarget = { key: string; direction: 'up' | 'down' } | null;

/**
 * Makes the rows of the table's body draggable by their handle (sortablejs). React owns the rows, so a drop is put
 * back in the DOM at once and reported as a move; the controller reorders the rows and React draws them again.
 * The fallback (mouse and touch events, not HTML drag and drop) behaves the same in every browser and under test.
 */
function useSortableRows(
  container: RefObject<HTMLDivElement | null>,
  disabled: boolean,
  rowCount: number,
  onMove: (from: number, to: number) => void,
  onPreview: (from: number, to: number) => void,
) {
  const move = useRef(onMove);
  move.current = onMove;
  const preview = useRef(onPreview);
  preview.current = onPreview;
  useEffect(() => {
    const body = container.current?.querySelector<HTMLElement>('.ant-table-tbody');
    if (!body || !rowCount) return;
    const sortable = Sortable.create(body, {
      handle: `.${HANDLE}`,
      draggable: 'tr.ant-table-row',
      forceFallback: true,
      animation: 120,
      disabled,
      // The order under the dragged row (the closed gap alone at the start): its directions are asked for ahead.
      onStart: ({ oldDraggableIndex }) =>
        oldDraggableIndex !== undefined && preview.current(oldDraggableIndex, oldDraggableIndex),
      onChange: ({ oldDraggableIndex, newDraggableIndex }) =>
        oldDraggableIndex !== undefined &&
        newDraggableIndex !== undefined &&
        preview.current(oldDraggableIndex, newDraggableIndex),
      onEnd: ({ item, from, oldIndex, oldDraggableIndex, newDraggableIndex }) => {
        if (oldIndex === undefined || oldDraggableIndex === undefined || newDraggableIndex === undefined) return;
        from.removeChild(item);
        from.insertBefore(item, from.children[oldIndex] ?? null);
        // Drawn at once, as a click would be (sortablejs's event is not React's): the rows and the map's markers change
        // in the frame after the drop, not a frame or two later.
        if (oldDraggableIndex !== newDraggableIndex)
          flushSync(() => move.current(oldDraggableIndex, newDraggableIndex));
      },
    });
    return () => sortable.destroy();
  }, [container, disabled, rowCount]);
}

/** What the search box looks in: a waypoint's label, code and address, as shown. */
const SEARCHED = [(row: WaypointRow) => row.label, (row: WaypointRow) => row.cpCode, (row: WaypointRow) => row.address];

/**
 * The waypoints of the chosen route (spec 000 section 2.5): Label, Code, Geo-Code, Address, Geo Fence Radius (in
 * kms), Sequence and Action. Saved rows are viewed and can be deleted (after a confirmation) or moved, by dragging
 * their handle or by their Move up / Move down buttons (the keyboard's way); the temporary row is edited, with Save
 * and Cancel. A `search` keeps the saved rows with its text (any case) in their label, code or address, and the row
 * being added; while it does, the rows cannot be moved (a move is among all of them, not among those shown).
 */
export function WaypointTable({ editor, search = '' }: { editor: WaypointEditor; search?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef<FocusTarget>(null);
  // Read at the click: a saved row's Action cell is not drawn again (see unlessSame), so it must not keep an old `remove`.
  const remove = useRef(editor.remove);
  remove.current = editor.remove;
  const { adding } = editor;
  const searching = search.trim() !== '';
  const rows = searching
    ? editor.rows.filter((row) => rowMode(row) === 'editing' || searchRows([row], search, SEARCHED).length > 0)
    : editor.rows;
  useSortableRows(container, adding || searching || rows.length < 2, rows.length, editor.move, editor.preview);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` is the trigger: the focus moves once a move has drawn the rows again
  useLayoutEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = container.current?.querySelector<HTMLButtonElement>(
      `[data-move="${target.key}:${target.direction}"]`,
    );
    const other = container.current?.querySelector<HTMLButtonElement>(
      `[data-move="${target.key}:${target.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (button && !button.disabled ? button : other)?.focus();
  }, [rows]);

  const moveBy = (row: WaypointRow, index: number, direction: 'up' | 'down') => {
    focusAfterMove.current = { key: row.key, direction };
    editor.move(index, direction === 'up' ? index - 1 : index + 1);
  };

  const columns: TableColumnsType<WaypointRow> = [
    {
      title: 'Label',
      key: 'label',
      width: 150,
      shouldCellUpdate: unlessSame('label'),
      ellipsis: true,
      render: (_, row) =>
        rowMode(row) === 'editing' ? (
          <Input
            aria-label="Label"
            value={row.label}
            maxLength={200}
            onChange={(e) => editor.edit({ label: e.target.value })}
          />
        ) : (
          row.label
        ),
    },
    {
      title: 'Code',
      key: 'cpCode',
      width: 100,
      shouldCellUpdate: unlessSame('cpCode'),
      ellipsis: true,
      render: (_, row) =>
        rowMode(row) === 'editing' ? (
          <Input
            aria-label="Code"
            value={row.cpCode}
            maxLength={100}
            onChange={(e) => editor.edit({ cpCode: e.target.value })}
          />
        ) : (
          row.cpCode
        ),
    },
    {
      title: 'Geo-Code',
      key: 'geoCode',
      width: 150,
      shouldCellUpdate: unlessSame('location'),
      render: (_, row) => formatGeoCode(row.location),
    },
    {
      title: 'Address',
      key: 'address',
      ellipsis: true,
      shouldCellUpdate: unlessSame('address'),
      render: (_, row) =>
        rowMode(row) === 'editing' ? (
          <PlaceSearchInput
            value={row.address}
            onChoose={(place) =>
              editor.edit(
                place
                  ? {
                      placeId: place.placeId,
                      address: place.address,
                      location: place.location,
                      ...(row.label.trim() ? {} : { label: place.name || place.address.split(',')[0] }),
                    }
                  : { placeId: undefined, address: '', location: undefined },
              )
            }
          />
        ) : (
          <span title={row.address}>{row.address}</span>
        ),
    },
    {
      title: 'Geo Fence Radius (in kms)',
      key: 'geofenceRadius',
      width: 115,
      shouldCellUpdate: unlessSame('geofenceRadius'),
      render: (_, row) => {
        if (rowMode(row) === 'view') return formatRadius(row.geofenceRadius);
        const problem = saveBlock(row);
        return (
          <Flex vertical gap={2}>
            <InputNumber
              aria-label="Geo Fence Radius (in kms)"
              value={row.geofenceRadius}
              precision={2}
              step={0.5}
              status={problem?.reason === 'radius' ? 'error' : undefined}
              onChange={(next) => editor.edit({ geofenceRadius: typeof next === 'number' ? next : null })}
              style={{ width: '100%' }}
            />
            {problem?.message && <Typography.Text type="danger">{problem.message}</Typography.Text>}
          </Flex>
        );
      },
    },
    {
      title: 'Sequence',
      key: 'sequence',
      width: 125,
      render: (_, row, index) => {
        const still = adding || searching || rowMode(row) === 'editing';
        return (
          <Space size={4}>
            {rowMode(row) === 'view' && !adding && !searching && (
              <span className={HANDLE} title="Drag to reorder" style={{ cursor: 'grab', padding: '0 4px' }}>
                <HolderOutlined />
              </span>
            )}
            <span data-testid="waypoint-sequence">{row.sequence}</span>
            {rowMode(row) === 'view' && (
              <>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${row.label} up`}
                  data-move={`${row.key}:up`}
                  disabled={still || index === 0}
                  onClick={() => moveBy(row, index, 'up')}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${row.label} down`}
                  data-move={`${row.key}:down`}
                  disabled={still || index === rows.length - 1}
                  onClick={() => moveBy(row, index, 'down')}
                />
              </>
            )}
          </Space>
        );
      },
    },
    {
      title: 'Action',
      key: 'action',
      width: 140,
      shouldCellUpdate: unlessSame('label'),
      render: (_, row) =>
        rowMode(row) === 'editing' ? (
          <Space size={4}>
            <Tooltip title={saveHint(row)}>
              <Button
                type="primary"
                size="small"
                disabled={Boolean(saveBlock(row)) || editor.saving}
                loading={editor.saving}
                onClick={() => void editor.save()}
              >
                Save
              </Button>
            </Tooltip>
            <Button size="small" onClick={editor.cancel} disabled={editor.saving}>
              Cancel
            </Button>
          </Space>
        ) : (
          <ConfirmPopover
            title="Are you sure to delete this waypoint ?"
            okText="Yes"
            cancelText="No"
            onConfirm={() => remove.current(row.id!)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${row.label}`}>
              Delete
            </Button>
          </ConfirmPopover>
        ),
    },
  ];

  return (
    // Narrower than its columns, the table scrolls sideways inside its card.
    <div ref={container} style={{ overflowX: 'auto' }}>
      <Table<WaypointRow>
        style={{ minWidth: minTableWidth(columns) }}
        rowKey="key"
        columns={columns}
        dataSource={rows}
        loading={editor.loading}
        pagination={false}
        tableLayout="fixed"
        size="middle"
        locale={{
          emptyText: !editor.routeId
            ? 'Select a route to see its waypoints'
            : searching && editor.rows.length > 0
              ? 'No waypoints of this route match the search'
              : 'No waypoints on this route',
        }}
      />
    </div>
  );
}
