import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { Flex, Tag, theme, type TableColumnsType } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import type { CellTag as CellTagValue, ColumnConfig } from './types';
import { cellValue, compareBy, formatCell } from './columns';
import { searchTextOf, type ColumnFilterValues } from './columnFilters';
import { ColumnSearch, FilterTriggerIcon, Highlighted } from './ColumnSearch';
import { JsonCell } from './JsonCell';
import { DownloadButton } from './DownloadButton';
import type { ListState } from './paging';

type Row = Record<string, unknown>;

/** What a list adds to its columns besides switches and the server's sort: the header filters' values, cells drawn otherwise. */
export interface TableColumnsExtras {
  /** The values of the header filters (`searchable` and `filterOptions` columns); the list filters the rows by them. */
  filters?: ColumnFilterValues;
  /** A cell drawn otherwise (e.g. an editor of the row being edited), or undefined for the usual text. */
  renderCell?: (column: ColumnConfig, row: Row) => ReactNode | undefined;
  /** The zone times are shown in (the desk's, read when the cell is drawn, if not given). */
  zone?: string;
  /** The sort shown in a list the table sorts itself (by a column's field), so it can come from the address. */
  sort?: ListState['sort'];
}

/** The header filter of a column: a search menu, or a choice of its options; the list filters the rows itself. */
function headerFilter(column: ColumnConfig, filters: ColumnFilterValues | undefined) {
  const filteredValue = filters?.[column.field]?.length ? filters[column.field] : null;
  if (column.searchable) {
    return {
      filteredValue,
      filterDropdown: (props: FilterDropdownProps) => <ColumnSearch {...props} title={column.title} />,
      filterIcon: (filtered: boolean) => (
        <FilterTriggerIcon label={`Search ${column.title}`}>
          <SearchOutlined style={{ color: filtered ? '#1677ff' : undefined }} />
        </FilterTriggerIcon>
      ),
    };
  }
  if (column.filterOptions) {
    return {
      filteredValue,
      filters: column.filterOptions.map(({ value, label }) => ({ value, text: label })),
      filterIcon: (filtered: boolean) => (
        <FilterTriggerIcon label={`Filter ${column.title}`}>
          <FilterFilled style={{ color: filtered ? '#1677ff' : undefined }} />
        </FilterTriggerIcon>
      ),
    };
  }
  return {};
}

/**
 * A cell's tag: its colour's tint and border say what it means, its text is the theme's, which reads on every tint in
 * light and dark (antd's tag texts, e.g. orange on its tint, are under 4.5:1).
 */
function CellTag({ tag }: { tag: CellTagValue }) {
  const { token } = theme.useToken();
  return (
    <Tag color={tag.color} title={tag.title} style={{ marginInlineEnd: 0, color: token.colorText }}>
      {tag.text}
    </Tag>
  );
}

/**
 * antd columns from column configs; `renderSwitch` draws switch cells where the list supports toggling. Text cells
 * end in an ellipsis with the full text on hover, so a table keeps to its width; a searched column marks the text
 * searched. Sortable columns sort the rows at hand, or, given `serverSort` (a list the server pages), sort by their
 * `sortKey` there (the sort shown is `serverSort.current`). `extras` adds the header filters and cells drawn otherwise.
 */
export function tableColumns(
  columns: ColumnConfig[],
  renderSwitch?: (column: ColumnConfig, row: Row) => ReactNode,
  serverSort?: { current: ListState['sort'] },
  extras: TableColumnsExtras = {},
): TableColumnsType<Row> {
  const { filters, renderCell, zone, sort } = extras;
  const orderOf = (current: ListState['sort'], key: string | undefined): 'ascend' | 'descend' | null =>
    key && current?.key === key ? (current.order === 'asc' ? 'ascend' : 'descend') : null;
  return columns.map((column) => {
    const sortKey = serverSort && column.sortKey;
    const search = column.searchable && filters ? searchTextOf(filters, column.field) : '';
    return {
      key: sortKey || column.field,
      title: column.title,
      width: column.width,
      ellipsis:
        column.kind === 'switch' || column.kind === 'json' || column.editor || column.tags || column.download
          ? undefined
          : { showTitle: true },
      ...(sortKey
        ? { sorter: true, sortOrder: orderOf(serverSort.current, sortKey) }
        : column.sortable && !serverSort
          ? { sorter: compareBy((row) => cellValue(column, row)), sortOrder: orderOf(sort, column.field) }
          : {}),
      // Header filters narrow the rows at hand (keyed by field), so a list the server pages (keyed by sortKey) has none.
      ...(serverSort ? {} : headerFilter(column, filters)),
      render: (_: unknown, row: Row) => {
        const drawn = renderCell?.(column, row);
        if (drawn !== undefined) return drawn;
        if (column.kind === 'switch' && renderSwitch) return renderSwitch(column, row);
        if (column.kind === 'json')
          return <JsonCell text={formatCell('json', cellValue(column, row))} label={column.title} />;
        const text = formatCell(column.kind === 'switch' ? 'boolean' : column.kind, cellValue(column, row), zone);
        // A marked text is no longer a plain string, whose full text antd puts in the cell's title: it carries its own.
        const shown = search ? (
          <span title={text}>
            <Highlighted text={text} search={search} />
          </span>
        ) : (
          text
        );
        const tags = column.tags?.(row) ?? [];
        const file = column.download?.input(row);
        if (tags.length === 0 && !file) return shown;
        // Tags and a download follow the text (see `ColumnConfig.tags` and `download`).
        return (
          <Flex align="center" wrap gap={4}>
            {text && <span>{shown}</span>}
            {tags.map((tag) => (
              <CellTag key={tag.text} tag={tag} />
            ))}
            {file && <DownloadButton download={column.download!} input={file} />}
          </Flex>
        );
      },
    };
  });
}

/** The width a column without its own is given at the least before the table scrolls sideways within its card. */
const FLEXIBLE_MIN = 120;

/**
 * The narrowest a table of these columns is drawn (their widths, and {@link FLEXIBLE_MIN} for each without one): on a
 * narrower screen the table scrolls sideways inside its card rather than the whole page.
 */
export function minTableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : FLEXIBLE_MIN), 0);
}
