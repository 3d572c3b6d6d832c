import { Card, Flex, Skeleton, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { CompanyGate } from '../views/CompanyGate';
import type { ListConfig } from '../types';
import { HeaderButtons } from './HeaderButtons';
import { RowActions } from './RowActions';
import { SwitchCell } from './SwitchCell';
import { tableColumns } from './tableColumns';
import { cellValue } from './columns';
import { useListController, type Row } from './useListController';
import { opens } from './paging';

/** Forms (rjsf and ajv) load only when a list shows one. */
const FormView = lazy(() => import('../form/FormView').then((m) => ({ default: m.FormView })));
const EditModal = lazy(() => import('./EditModal').then((m) => ({ default: m.EditModal })));
/** Filters (with antd's date pickers) and row details load only with a list that has them. */
const ListFilters = lazy(() => import('./ListFilters').then((m) => ({ default: m.ListFilters })));
const RowDetailTable = lazy(() => import('./RowDetailTable').then((m) => ({ default: m.RowDetailTable })));

/**
 * Renders a list config: header buttons, inline create forms, filters, the table with switches and row actions, paged
 * by the server when the config says so, and rows that open onto their details.
 */
export function ListView({ config }: { config: ListConfig }) {
  const list = useListController(config);
  const [editing, setEditing] = useState<Row | null>(null);
  const modal = config.edit?.modal ?? null;
  const columns = tableColumns(config.columns, (column, row) => (
    <SwitchCell column={column} checked={Boolean(cellValue(column, row))} onConfirm={(next) => list.toggle(column, row, next)} />
  ));
  if (config.edit || config.remove) {
    columns.push({
      key: '__actions',
      title: 'Action',
      width: 110,
      render: (_: unknown, row: Row) => <RowActions config={config} row={row} onEdit={setEditing} onRemove={list.remove} />,
    });
  }
  const detail = config.detail;
  return (
    <Card title={config.title} extra={config.headerButtons && <HeaderButtons buttons={config.headerButtons} disabled={!list.ready} />}>
      <CompanyGate ready={list.ready}>
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
          <Table<Row>
            rowKey={config.rowKey}
            loading={list.loading}
            dataSource={list.rows}
            columns={columns}
            locale={{ emptyText: config.emptyText }}
            pagination={
              config.paging
                ? { current: list.page, pageSize: config.paging.size, total: list.total, onChange: list.setPage, showSizeChanger: false, showTotal: (total) => `${total} in all` }
                : { pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }
            }
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
            scroll={{ x: 'max-content' }}
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
