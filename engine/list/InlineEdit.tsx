import { EditOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { ConfirmPopover } from '../views/ConfirmPopover';
import type { ColumnConfig, InlineEdit } from './types';
import type { InlineEditState } from './useInlineEdit';

type Row = Record<string, unknown>;

/** The editor of one cell of the row being edited: a select of the column's options, with its message under it. */
export function InlineEditCell({ column, state }: { column: ColumnConfig; state: InlineEditState }) {
  const error = state.errors[column.field];
  const value = state.values[column.field];
  const id = `inline-edit-${column.field}-error`;
  return (
    <Space direction="vertical" size={2} style={{ width: '100%' }}>
      <Select
        aria-label={column.title}
        aria-describedby={error ? id : undefined}
        aria-invalid={Boolean(error)}
        status={error ? 'error' : undefined}
        value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
        options={column.editor?.options.map(({ value, label }) => ({ value, label }))}
        onChange={(value) => state.change(column.field, value)}
        allowClear
        style={{ width: '100%', minWidth: 140 }}
        disabled={state.saving}
      />
      {error && (
        <Typography.Text id={id} type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </Space>
  );
}

/** Edit of a row, or Save and Cancel (asked first) while it is the one being edited. */
export function InlineEditActions({ edit, row, state }: { edit: InlineEdit; row: Row; state: InlineEditState }) {
  if (state.isEditing(row)) {
    return (
      <Space size="small">
        <Button type="link" size="small" loading={state.saving} onClick={() => void state.save()}>
          Save
        </Button>
        <ConfirmPopover title={edit.cancelConfirm} okText="Yes" cancelText="No" onConfirm={state.cancel}>
          <Button type="link" size="small" disabled={state.saving}>
            Cancel
          </Button>
        </ConfirmPopover>
      </Space>
    );
  }
  return (
    <Button
      type="link"
      size="small"
      aria-label="Edit"
      icon={<EditOutlined />}
      disabled={state.active || (edit.disabledWhen?.(row) ?? false)}
      onClick={() => state.start(row)}
    >
      Edit
    </Button>
  );
}
