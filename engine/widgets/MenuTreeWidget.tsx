import { Tree, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { DataNode } from 'antd/es/tree';

/** One entry of the tree: its value, label and the value of its parent (null at the top). */
export interface TreeItem {
  value: string;
  label: string;
  parent: string | null;
}

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
export function toggleInTree(items: readonly TreeItem[], selected: readonly string[], value: string, checked: boolean): string[] {
  const byValue = new Map(items.map((item) => [item.value, item]));
  const next = new Set(selected);
  if (checked) {
    for (let at: string | null | undefined = value; at && byValue.has(at) && !next.has(at); at = byValue.get(at)?.parent) next.add(at);
    next.add(value);
  } else {
    const drop = (v: string) => {
      next.delete(v);
      items.filter((item) => item.parent === v).forEach((item) => drop(item.value));
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
    <div id={id} role="group" aria-label="Menu List">
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
    </div>
  );
}

/** `ui:widget: 'menuTree'` for an array of strings; `ui:options.items` lists the entries ({value, label, parent}). */
export function MenuTreeWidget({ id, value, onChange, disabled, readonly, options }: WidgetProps) {
  return (
    <MenuTreeInput
      id={id}
      items={(options.items as TreeItem[] | undefined) ?? []}
      value={value as string[] | undefined}
      disabled={disabled || readonly}
      onChange={(next) => onChange(next)}
    />
  );
}
