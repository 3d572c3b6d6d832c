import { useCallback, useMemo, useState } from 'react';
import { callEndpoint } from '../data/endpoint';
import { feedback } from '../feedback';
import type { Scope } from '../scope/scope';
import type { ColumnConfig, InlineEdit } from './types';
import { cellValue } from './columns';

type Row = Record<string, unknown>;

/** The message of an editor left empty: 'Please Input {title}!' (spec 002 section 5). */
export const inputRequired = (title: string) => `Please Input ${title}!`;

/**
 * State and actions of a list's in-place row edit, without UI: which row is edited (one at a time), its editors'
 * values and their messages; `save` checks every editor has a value, sends the row through the config's call, toasts
 * and reads the rows again; `cancel` drops the edit.
 */
export function useInlineEdit(
  edit: InlineEdit | undefined,
  columns: readonly ColumnConfig[],
  rowKey: string,
  scope: Scope,
  reload: () => unknown,
) {
  const editors = useMemo(() => columns.filter((column) => column.editor), [columns]);
  const [editing, setEditing] = useState<{ key: unknown; row: Row } | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const start = useCallback(
    (row: Row) => {
      setEditing({ key: row[rowKey], row });
      setValues(Object.fromEntries(editors.map((column) => [column.field, cellValue(column, row)])));
      setErrors({});
    },
    [editors, rowKey],
  );

  const cancel = useCallback(() => {
    setEditing(null);
    setErrors({});
  }, []);

  const change = useCallback((field: string, value: unknown) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  }, []);

  const save = useCallback(async () => {
    if (!edit || !editing) return false;
    const missing = Object.fromEntries(
      editors
        .filter(
          (column) =>
            values[column.field] === undefined || values[column.field] === null || values[column.field] === '',
        )
        .map((column) => [column.field, inputRequired(column.title)]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return false;
    setSaving(true);
    const result = await callEndpoint(edit.endpoint, { scope, ...edit.input(editing.row, values) });
    setSaving(false);
    if (!result.ok) {
      feedback.error(edit.error);
      return false;
    }
    feedback.success(edit.success);
    setEditing(null);
    await reload();
    return true;
  }, [edit, editing, editors, values, scope, reload]);

  // One object while nothing changes: the list's columns (and its memoized table) depend on it.
  return useMemo(
    () => ({
      /** Whether `row` is the one being edited. */
      isEditing: (row: Row) => editing !== null && row[rowKey] === editing.key,
      /** Whether some row is being edited (the others' Edit waits). */
      active: editing !== null,
      values,
      errors,
      saving,
      start,
      cancel,
      change,
      save,
    }),
    [editing, rowKey, values, errors, saving, start, cancel, change, save],
  );
}

/** What the view of an in-place edit reads and calls (see {@link useInlineEdit}). */
export type InlineEditState = ReturnType<typeof useInlineEdit>;
