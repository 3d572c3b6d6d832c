import { SearchOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
// The plain input alone (see ListView): antd's `Input` export carries TextArea, Password, Search, OTP and Group.
import Input from 'antd/es/input/Input';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import { useCallback, type ReactNode } from 'react';
import { highlightParts } from './columnFilters';

/**
 * The filter menu of a searchable column: a text box, Search (or Enter) to keep the rows holding the text, Reset to
 * show them all again.
 */
export function ColumnSearch({
  title,
  setSelectedKeys,
  selectedKeys,
  confirm,
  clearFilters,
}: FilterDropdownProps & { title: string }) {
  const text = String(selectedKeys[0] ?? '');
  return (
    <search style={{ display: 'block', padding: 8 }} onKeyDown={(event) => event.stopPropagation()}>
      <Input
        aria-label={`Search ${title}`}
        placeholder={`Search ${title}`}
        value={text}
        onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
        onPressEnter={() => confirm()}
        style={{ marginBottom: 8, display: 'block' }}
        autoFocus
      />
      <Space>
        <Button
          type="primary"
          size="small"
          icon={<SearchOutlined aria-hidden />}
          onClick={() => confirm()}
          style={{ width: 90 }}
        >
          Search
        </Button>
        <Button
          size="small"
          onClick={() => {
            clearFilters?.({ confirm: true, closeDropdown: true });
          }}
          style={{ width: 90 }}
        >
          Reset
        </Button>
      </Space>
    </search>
  );
}

/** A cell's text with the searched text marked. */
export function Highlighted({ text, search }: { text: string; search: string }) {
  return (
    <>
      {highlightParts(text, search).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text in order, never reordered: the position is the part
          <mark key={i} style={{ backgroundColor: '#ffc069', padding: 0 }}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * The icon of a column's filter menu, its trigger made usable by keyboard: antd draws the trigger as a span with
 * role button but out of the Tab order (tabIndex -1) and opens it on click only, so a keyboard could never filter.
 * Tab now stops on it, and Enter or Space opens the menu as a click does.
 */
export function FilterTriggerIcon({ label, children }: { label: string; children: ReactNode }) {
  const reach = useCallback(
    (icon: HTMLSpanElement | null) => {
      const trigger = icon?.closest<HTMLElement>('.ant-table-filter-trigger');
      if (!trigger || trigger.tabIndex === 0) return;
      trigger.tabIndex = 0;
      trigger.setAttribute('aria-label', label);
      trigger.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        trigger.click();
      });
    },
    [label],
  );
  return (
    <span ref={reach} aria-hidden style={{ display: 'inline-flex' }}>
      {children}
    </span>
  );
}
