import { Tree, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { DataNode } from 'antd/es/tree';
import { isRecord } from '../data/pick';
import { isListOf, isText, isTextList } from './uiOptions';

/** One entry of the tree: its value, label and the value of its parent (null at the top). */
export interface TreeItem {
  value: string;
  label: string;
  parent: string | null;
}

const isTreeItems = isListOf(
  (value: unknown): value is TreeItem =>
    isRecord(value) && isText(value.value) && isText(value.label) && (value.parent === null || isText(value.parent)),
);

/** Builds antd tree nodes from flat items; children whose parent is missing show at the top. */
export function treeNodes(items: readonly TreeItem[]): DataNode[] {
  const known = new Set(items.map((item) => item.value));
  const childrenOf = (parent: string | null): DataNode[] =>
    items
      .filter((item) => (parent === null ? !item.parent || !known.has(item.parent) : item.parent === parent))
      .map((item) => {
        const children = childrenOf(item.value);
        return { key: item.value, title: item.label, ...(children.length ? { children } : {}) };
      });
  return childrenOf(null);
}

/**
 * The selection after checking or unchecking one entry: checking adds its ancestors (a child needs its
 * parent), unchecking removes its descendants.
 */
export function toggleInTree(
  items: readonly TreeItem[],
  selected: readonly string[],
  value: string,
  checked: boolean,
): string[] {
  const byValue = new Map(items.map((item) => [item.value, item]));
  const next = new Set(selected);
  if (checked) {
    for (
      let at: string | null | undefined = value;
      at && byValue.has(at) && !next.has(at);
      at = byValue.get(at)?.parent
    )
      next.add(at);
    next.add(value);
  } else {
    const drop = (v: string) => {
      next.delete(v);
      for (const item of items) if (item.parent === v) drop(item.value);
    };
    drop(value);
  }
  return items.map((item) => item.value).filter((v) => next.has(v));
}

/** Props of the plain tree, shared by the widget and fields that embed it. */
export interface MenuTreeInputProps {
  id: string;
  items: readonly TreeItem[];
  value: readonly string[] | undefined;
  disabled?: boolean;
  onChange: (value: string[]) => void;
}

/** A checkable tree over flat items, where choosing a child also chooses its parent. */
export function MenuTreeInput({ id, items, value = [], disabled, onChange }: MenuTreeInputProps) {
  if (!items.length) return <Typography.Text type="secondary">No entries</Typography.Text>;
  return (
    <fieldset id={id} aria-label="Menu List" style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Tree
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        disabled={disabled}
        treeData={treeNodes(items)}
        checkedKeys={{ checked: [...value], halfChecked: [] }}
        onCheck={(_, info) => onChange(toggleInTree(items, value, String(info.node.key), info.checked))}
      />
    </fieldset>
  );
}

/** `ui:widget: 'menuTree'` for an array of strings; `ui:options.items` lists the entries ({value, label, parent}). */
export function MenuTreeWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  return (
    <MenuTreeInput
      id={id}
      items={isTreeItems(options.items) ? options.items : []}
      value={isTextList(value) ? value : undefined}
      disabled={disabled || readonly}
      onChange={(next) => onChange(next)}
    />
  );
}
