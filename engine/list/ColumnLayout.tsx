import { ColumnWidthOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, type TableColumnsType } from 'antd';
import { type KeyboardEvent, type PointerEvent, type ThHTMLAttributes, useRef } from 'react';
import type { ColumnConfig } from './types';
import { COLUMN_WIDTH, type ColumnPrefs } from './columnPrefs';

type Row = Record<string, unknown>;

/** How far an arrow key moves a column's edge, in pixels. */
const KEY_STEP = 16;

/** What a header cell gets to be resized (antd hands a column's `onHeaderCell` props to the header cell component). */
interface ResizeProps {
  /** The column's title, to name its handle. */
  resizeTitle?: string;
  onResize?: (width: number) => void;
}

/**
 * A header cell with a handle on its right edge: dragged (mouse, pen or touch), or moved with the arrow keys once
 * focused, it sets the column's width. Written here rather than taken from react-resizable: that package draws its
 * handle through react-draggable (and prop-types), and a handle with pointer capture is all a header needs.
 */
export function ResizableHeaderCell({
  resizeTitle,
  onResize,
  children,
  ...cell
}: ThHTMLAttributes<HTMLTableCellElement> & ResizeProps) {
  const header = useRef<HTMLTableCellElement>(null);
  const drag = useRef<{ x: number; width: number } | null>(null);
  if (!onResize) return <th {...cell}>{children}</th>;
  const width = () => header.current?.getBoundingClientRect().width ?? COLUMN_WIDTH.min;
  const start = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, width: width() };
  };
  const follow = (event: PointerEvent<HTMLSpanElement>) => {
    if (drag.current) onResize(drag.current.width + event.clientX - drag.current.x);
  };
  const stop = (event: PointerEvent<HTMLSpanElement>) => {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const step = (event: KeyboardEvent<HTMLSpanElement>) => {
    const by = event.key === 'ArrowRight' ? KEY_STEP : event.key === 'ArrowLeft' ? -KEY_STEP : 0;
    if (!by) return;
    event.preventDefault();
    event.stopPropagation();
    onResize(width() + by);
  };
  return (
    <th {...cell} ref={header}>
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter is a separator with a value (WAI-ARIA), not an <hr> */}
      <span
        className="list-column-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${resizeTitle ?? 'column'}`}
        aria-valuenow={Math.round(header.current?.getBoundingClientRect().width ?? 0)}
        aria-valuemin={COLUMN_WIDTH.min}
        aria-valuemax={COLUMN_WIDTH.max}
        tabIndex={0}
        onPointerDown={start}
        onPointerMove={follow}
        onPointerUp={stop}
        onPointerCancel={stop}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={step}
      />
    </th>
  );
}

/** The table's header cells, resizable where a column says how (antd's `components`). */
export const RESIZABLE_HEADER = { header: { cell: ResizableHeaderCell } };

/**
 * The columns a list shows on this desk: its own, without those hidden, at the widths dragged. Only visible columns
 * are counted, so a list cannot be left with none (the last one shown is always shown).
 */
export function shownColumns<C extends Pick<ColumnConfig, 'field' | 'width'>>(
  columns: readonly C[],
  prefs: ColumnPrefs,
): C[] {
  const shown = columns.filter((column) => !prefs.hidden.includes(column.field));
  return (shown.length ? shown : columns.slice(0, 1)).map((column) =>
    prefs.widths[column.field] === undefined ? column : { ...column, width: prefs.widths[column.field] },
  );
}

/** The antd columns of `shown` (built from them, in order) with their edges dragged through `onResize`. */
export function resizable(
  built: TableColumnsType<Row>,
  shown: readonly Pick<ColumnConfig, 'field' | 'title'>[],
  onResize: (field: string, width: number) => void,
): TableColumnsType<Row> {
  return built.map((column, i) => {
    const config = shown[i];
    if (!config) return column;
    // Typed as the cell's attributes too: antd hands them to the header cell component as they are.
    const props: ThHTMLAttributes<HTMLTableCellElement> & ResizeProps = {
      resizeTitle: config.title,
      onResize: (width) => onResize(config.field, width),
    };
    return { ...column, onHeaderCell: () => props };
  });
}

/**
 * The 'Columns' button: a checkbox per column to show or hide it on this desk (the last one shown cannot be hidden),
 * and 'Reset columns' back to the list's own columns and widths.
 */
export function ColumnsButton({
  columns,
  prefs,
  onShow,
  onReset,
}: {
  columns: readonly Pick<ColumnConfig, 'field' | 'title'>[];
  prefs: ColumnPrefs;
  onShow: (field: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const shownCount = columns.filter((column) => !prefs.hidden.includes(column.field)).length;
  const changed = prefs.hidden.length > 0 || Object.keys(prefs.widths).length > 0;
  const chooser = (
    <Flex vertical gap={4} role="group" aria-label="Columns shown">
      {columns.map((column) => {
        const shown = !prefs.hidden.includes(column.field);
        return (
          <Checkbox
            key={column.field}
            checked={shown}
            disabled={shown && shownCount <= 1}
            onChange={(event) => onShow(column.field, event.target.checked)}
          >
            {column.title || column.field}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" disabled={!changed} onClick={onReset} style={{ alignSelf: 'start', padding: 0 }}>
        Reset columns
      </Button>
    </Flex>
  );
  return (
    <Popover content={chooser} trigger="click" placement="bottomRight" title="Show columns">
      <Button icon={<ColumnWidthOutlined aria-hidden />}>Columns</Button>
    </Popover>
  );
}
