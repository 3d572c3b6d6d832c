import { SearchOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Table, type TablePaginationConfig } from 'antd';
// The plain input alone (as the shell's filter bar): antd's `Input` export carries TextArea, Password, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import { lazy, Suspense, useState } from 'react';
import { CompanyGate } from '../views/CompanyGate';
import type { ListConfig } from '../types';
import { HeaderButtons } from './HeaderButtons';
import { RowActions } from './RowActions';
import { SwitchCell } from './SwitchCell';
import { tableColumns } from './tableColumns';
import { cellValue } from './columns';
import { useListController, type Row } from './useListController';
import { countText, opens, PAGE_SIZES } from './paging';

/** Forms (rjsf and ajv) load only when a list shows one. */
const FormView = lazy(() => import('../form/FormView').then((m) => ({ default: m.FormView })));
const EditModal = lazy(() => import('./EditModal').then((m) => ({ default: m.EditModal })));
/** Filters (with antd's date pickers) and row details load only with a list that has them. */
const ListFilters = lazy(() => import('./ListFilters').then((m) => ({ default: m.ListFilters })));
const RowDetailTable = lazy(() => import('./RowDetailTable').then((m) => ({ default: m.RowDetailTable })));

/** The width of the action column: room for a labelled Edit and one more icon, or for icons alone. */
const actionWidth = (config: ListConfig) =>
  (config.edit?.to || config.edit?.modal ? 92 : 48) + (config.edit?.to && config.edit.modal ? 32 : 0) + (config.remove ? 40 : 0) + 64 * (config.rowActions?.length ?? 0);

/**
 * Renders a list config: header buttons, inline create forms, filters and a search box, the table with switches and
 * row actions, paged by the server when the config says so (else by the table), with a page-size choice and a count
 * of the rows, and rows that open onto their details. The table keeps to its width: long texts end in an ellipsis.
 */
export function ListView({ config }: { config: ListConfig }) {
  const list = useListController(config);
  const [editing, setEditing] = useState<Row | null>(null);
  const modal = config.edit?.modal ?? null;
  const columns = tableColumns(
    config.columns,
    (column, row) => <SwitchCell column={column} checked={Boolean(cellValue(column, row))} onConfirm={(next) => list.toggle(column, row, next)} />,
    config.paging ? { current: list.sort } : undefined,
  );
  if (config.edit || config.remove || config.rowActions) {
    columns.push({
      key: '__actions',
      title: config.actionTitle ?? 'Action',
      width: actionWidth(config),
      render: (_: unknown, row: Row) => <RowActions config={config} row={row} onEdit={setEditing} onRemove={list.remove} />,
    });
  }
  const detail = config.detail;
  return (
    <Card title={config.title} extra={config.headerButtons && <HeaderButtons buttons={config.headerButtons} disabled={!list.ready} />}>
      <CompanyGate ready={list.ready} needs={list.needs}>
        <Flex vertical gap="middle">
          {config.inlineForms && (
            <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            <Flex gap="large" wrap align="start">
              {config.inlineForms.map((form) => (
                <FormView key={form.title.create} config={form} compact onSaved={list.reload} />
              ))}
            </Flex>
            </Suspense>
          )}
          {config.filters && (
            <Suspense fallback={<Skeleton.Input active />}>
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
          <Table<Row>
            rowKey={config.rowKey}
            loading={list.loading}
            dataSource={list.rows}
            columns={columns}
            tableLayout="fixed"
            locale={{ emptyText: config.emptyText }}
            pagination={{
              current: list.page,
              pageSize: list.size,
              ...(config.paging ? { total: list.total } : {}),
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total, range) => countText(total, range, config.noun),
            }}
            onChange={(pagination: TablePaginationConfig, _filters, sorter, { action }) => {
              if (action === 'sort') {
                const one = Array.isArray(sorter) ? sorter[0] : sorter;
                const key = one?.columnKey;
                list.setSort(config.paging && one?.order && typeof key === 'string' ? { key, order: one.order === 'ascend' ? 'asc' : 'desc' } : undefined);
              } else if (action === 'paginate') {
                if (pagination.pageSize && pagination.pageSize !== list.size) list.setSize(pagination.pageSize);
                else if (pagination.current) list.setPage(pagination.current);
              }
            }}
            expandable={
              detail && {
                rowExpandable: (row) => opens(detail, row),
                expandedRowRender: (row) => (
                  <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
                    <RowDetailTable detail={detail} row={row} />
                  </Suspense>
                ),
              }
            }
          />
        </Flex>
      </CompanyGate>
      {modal && editing && (
        <Suspense fallback={null}>
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
