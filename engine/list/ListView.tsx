import { SearchOutlined } from '@ant-design/icons';
import { Card, Flex, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
// The plain input alone (as the shell's filter bar): antd's `Input` export carries TextArea, Password, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import { lazy, memo, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { CompanyGate } from '../views/CompanyGate';
import type { ColumnConfig, ListConfig, ListPartView } from './types';
import { HeaderButtons } from './HeaderButtons';
import { ExportButton } from './ExportButton';
import { ExportProgressDialog } from './ExportProgressDialog';
import type { ExportProgress } from './serverExport';
import { exportOfList, type ExportableList } from '../../schemas/api/exports';
import type { ExportFormat } from './exportList';
import { feedback } from '../feedback';
import { useEngineExtensions } from '../extensions';
import { RowActions } from './RowActions';
import { SwitchCell } from './SwitchCell';
import { minTableWidth, tableColumns } from './tableColumns';
import { useColumnFilters } from './columnFilters';
import { PENDING, useListParts } from './parts';
import { cellValue } from './columns';
import { useListController, type ListSort, type Row } from './useListController';
import { countText, PAGE_SIZES } from './paging';
import { useDeskTimeZone } from '../timeZone';
import { useColumnPrefs } from './columnPrefs';
import { ColumnsButton, RESIZABLE_HEADER, resizable, shownColumns } from './ColumnLayout';
import './list.css';

/** Forms (rjsf and ajv) load only when a list shows one. */
const FormView = lazy(() => import('../form/FormView').then((m) => ({ default: m.FormView })));
const EditModal = lazy(() => import('./EditModal').then((m) => ({ default: m.EditModal })));
/** Filters (with antd's date pickers) load only with a list that has them. */
const ListFilters = lazy(() => import('./ListFilters').then((m) => ({ default: m.ListFilters })));

/** The width of the action column: room for a labelled Edit and one more icon, or for icons alone, and the row actions' labels. */
const actionWidth = (config: ListConfig) =>
  (config.edit?.to || config.edit?.modal ? 92 : 48) +
  (config.edit?.to && config.edit.modal ? 32 : 0) +
  (config.remove ? 40 : 0) +
  (config.rowActions ?? []).reduce(
    (sum, action) => sum + ('icon' in action && action.icon ? 32 : Math.max(64, 7 * action.label.length + 22)),
    0,
  );

/**
 * Renders a list config: header buttons, inline create forms, filters and a search box, the table with switches and
 * row actions, paged by the server when the config says so (else by the table), with a page-size choice and a count
 * of the rows, and rows that open onto their details. The table keeps to its width: long texts end in an ellipsis.
 */
export function ListView({ config }: { config: ListConfig }) {
  const list = useListController(config);
  const [editing, setEditing] = useState<Row | null>(null);
  const modal = config.edit?.modal ?? null;
  const { toggle, remove, sort, reload } = list;
  // The columns as this desk has laid them out (hidden ones left out, dragged widths), kept per screen.
  const layout = useColumnPrefs(config.path);
  const shown = useMemo(() => shownColumns(config.columns, layout.prefs), [config.columns, layout.prefs]);
  // Header filters (searched and chosen columns) narrow the rows at hand; the screen's parts may draw cells, add
  // row buttons or open rows (e.g. an in-place edit, a row's details).
  const columnFilters = useColumnFilters(config.columns, list.rows);
  // The app's parts of every list come after the screen's own (e.g. 'Propose delete' where deletes are reviewed).
  const { listParts } = useEngineExtensions();
  const parts = useListParts([...(config.parts ?? []), ...(listParts ?? [])], {
    columns: config.columns,
    rowKey: config.rowKey,
    scope: list.scope,
    reload: list.reload,
    remove: config.remove,
  });
  // A part's button standing for Delete (a reviewed area's delete is proposed) leaves the row's own out.
  const rowConfig = useMemo(
    () => (parts.some((part) => part.replacesRemove) ? { ...config, remove: undefined } : config),
    [parts, config],
  );
  // The table's props stay the same objects while only the search text changes, so a keystroke re-renders the
  // search box and not the rows (ListTable is memoized); the rows render once, when the answer comes.
  // Times are drawn again in the zone the desk picks in the header.
  const [zone] = useDeskTimeZone();
  const columns = useMemo(() => {
    const built = tableColumns(
      shown,
      (column, row) => (
        <SwitchCell
          column={column}
          checked={Boolean(cellValue(column, row))}
          onConfirm={(next) => toggle(column, row, next)}
        />
      ),
      config.paging ? { current: sort } : undefined,
      {
        filters: columnFilters.filters,
        renderCell: (column, row) => drawnByPart(parts, column, row),
        zone,
        sort: config.paging ? undefined : sort,
      },
    );
    const laidOut = resizable(built, shown, layout.resize);
    const acting = parts.filter((part) => part.rowActions);
    const own = Boolean(config.edit || config.remove || config.rowActions);
    if (own || acting.length > 0) {
      const partsWidth = acting.reduce((sum, part) => sum + (part.actionsWidth ?? 0), 0);
      laidOut.push({
        key: '__actions',
        title: config.actionTitle ?? 'Action',
        // Pinned to the right edge: a table wider than its card scrolls under it, so a row's actions are always in view.
        fixed: 'right',
        // Room for the parts' buttons beside the row's own actions (a column of parts' buttons alone needs no more).
        width: acting.length > 0 ? (own ? actionWidth(config) : 0) + partsWidth : actionWidth(config),
        render: (_: unknown, row: Row) =>
          own ? (
            <Flex gap="small" align="center">
              {acting.map((part) => part.rowActions?.(row))}
              <RowActions config={rowConfig} row={row} onEdit={setEditing} onRemove={remove} onReload={reload} />
            </Flex>
          ) : (
            acting.map((part) => part.rowActions?.(row))
          ),
      });
    }
    return laidOut;
  }, [config, rowConfig, shown, layout.resize, toggle, remove, reload, sort, columnFilters.filters, parts, zone]);
  // A list the server pages and exports: the server writes the file as it reads the pages (any number of rows).
  const [exporting, setExporting] = useState<{ progress: ExportProgress | null; abort: AbortController } | null>(null);
  const serverExport = config.source.call ? exportOfList(config.source.call) : undefined;
  const exportOnServer = async (entry: ExportableList, format: ExportFormat) => {
    const abort = new AbortController();
    setExporting({ progress: { rows: 0, total: 0, bytes: 0 }, abort });
    const { exportFromServer } = await import('./serverExport');
    const end = await exportFromServer(
      entry,
      config.source,
      list.exportInput(),
      config.title,
      // The columns the operator shows (the 'Columns' chooser), as on screen.
      shown,
      format,
      (progress) => setExporting({ progress, abort }),
      abort.signal,
    );
    setExporting(null);
    if (!end.ok && !end.cancelled) feedback.error(end.message ?? config.fetchError);
  };
  // What the filters, the search and the header filters show: the rows at hand, or every page the server has.
  const exportRows = async (format: ExportFormat) => {
    if (config.paging && serverExport) return exportOnServer(serverExport, format);
    const rows = config.paging ? await list.allRows() : columnFilters.rows;
    if (rows === null) feedback.error(config.fetchError);
    else {
      // The export's writers (CSV, SheetJS through a worker) load with the first export, not with the list.
      const { exportList } = await import('./exportList');
      await exportList(config.title, shown, rows, format);
    }
  };
  // A quick answer (a search, a page) does not flash the spinner over rows that are about to change anyway.
  const loading = useDelayedFlag(list.loading, SPINNER_DELAY_MS);
  return (
    <Card
      title={config.title}
      extra={
        <Flex gap="small" wrap>
          {config.headerButtons && <HeaderButtons buttons={config.headerButtons} disabled={!list.ready} />}
          <ColumnsButton columns={config.columns} prefs={layout.prefs} onShow={layout.show} onReset={layout.reset} />
          <ExportButton disabled={!list.ready || Boolean(list.needs)} onExport={exportRows} />
          {exporting && (
            <ExportProgressDialog
              noun={config.noun ?? 'rows'}
              progress={exporting.progress}
              onCancel={() => exporting.abort.abort()}
            />
          )}
        </Flex>
      }
    >
      <CompanyGate ready={list.ready} needs={list.needs}>
        <Flex vertical gap="middle">
          {config.inlineForms && (
            <Suspense fallback={PENDING}>
              <Flex gap="large" wrap align="start">
                {config.inlineForms.map((form) => (
                  <FormView key={form.title.create} config={form} compact onSaved={list.reload} />
                ))}
              </Flex>
            </Suspense>
          )}
          {config.filters && (
            <Suspense fallback={PENDING}>
              <ListFilters filters={config.filters} values={list.filters} onChange={list.filter} />
            </Suspense>
          )}
          {config.search && (
            <Input
              type="search"
              allowClear
              aria-label="Search"
              placeholder={config.search.placeholder}
              prefix={<SearchOutlined aria-hidden />}
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              style={{ maxWidth: 360 }}
            />
          )}
          <ListTable
            rowKey={config.rowKey}
            loading={loading}
            rows={columnFilters.rows}
            columns={columns}
            emptyText={config.emptyText}
            noun={config.noun}
            serverPaged={Boolean(config.paging)}
            page={list.page}
            size={list.size}
            total={list.total}
            estimated={list.estimated}
            expandable={parts.find((part) => part.expandable)?.expandable}
            onPage={list.setPage}
            onSize={list.setSize}
            onSort={list.setSort}
            onFilter={columnFilters.fromTable}
          />
        </Flex>
      </CompanyGate>
      {modal && editing && (
        <Suspense fallback={PENDING}>
          <EditModal
            config={modal}
            row={editing}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/** The cell the first part that draws it draws, if any (see `ListPartView.renderCell`). */
function drawnByPart(parts: readonly ListPartView[], column: ColumnConfig, row: Row): ReactNode | undefined {
  for (const part of parts) {
    const drawn = part.renderCell?.(column, row);
    if (drawn !== undefined) return drawn;
  }
  return undefined;
}

/** How long a list waits for its rows before it shows the spinner. */
const SPINNER_DELAY_MS = 300;

/** `flag`, turned on only once it has stayed on for `delayMs` (and off at once). */
function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && shown;
}

interface ListTableProps {
  rowKey: string;
  loading: boolean;
  rows: Row[];
  columns: TableColumnsType<Row>;
  emptyText: string | undefined;
  noun: ListConfig['noun'];
  /** The server pages, counts and sorts the rows (else the table does, over the rows at hand). */
  serverPaged: boolean;
  page: number;
  size: number;
  total: number;
  /** The total is an estimate (a search with many hits): the count says 'about'. */
  estimated: boolean;
  expandable: ListPartView['expandable'];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  onSort: (sort: ListSort) => void;
  /** The header filters' values, as the table reports them (the list filters the rows itself). */
  onFilter: (filters: Record<string, readonly unknown[] | null>) => void;
}

/** The rows of a list, with the pager, the sort and the row details: re-rendered only when one of these changes. */
const ListTable = memo(function ListTable({
  rowKey,
  loading,
  rows,
  columns,
  emptyText,
  noun,
  serverPaged,
  page,
  size,
  total,
  estimated,
  expandable,
  onPage,
  onSize,
  onSort,
  onFilter,
}: ListTableProps) {
  // A card narrower than the columns' least widths scrolls the table sideways inside it (not the whole page), under
  // the pinned action column.
  const scroll = useMemo(() => ({ x: minTableWidth(columns) }), [columns]);
  return (
    <Table<Row>
      scroll={scroll}
      components={RESIZABLE_HEADER}
      rowKey={rowKey}
      loading={loading}
      dataSource={rows}
      columns={columns}
      tableLayout="fixed"
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize: size,
        ...(serverPaged ? { total } : {}),
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (all, range) => countText(all, range, noun, estimated),
      }}
      onChange={(pagination: TablePaginationConfig, filters, sorter, { action }) => {
        if (action === 'filter') onFilter(filters);
        else if (action === 'sort') {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const key = one?.columnKey;
          onSort(
            one?.order && typeof key === 'string' ? { key, order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined,
          );
        } else if (action === 'paginate') {
          if (pagination.pageSize && pagination.pageSize !== size) onSize(pagination.pageSize);
          else if (pagination.current) onPage(pagination.current);
        }
      }}
      expandable={expandable}
    />
  );
});
