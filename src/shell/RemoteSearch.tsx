import { Select, Spin } from 'antd';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../engine/search';

export { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '../../engine/search';

/**
 * The open list is as wide as its longest name (at least the box's width, at most this), so a name the box
 * must cut short is readable in full there; the box itself shows the full name on hover (antd's title).
 */
export const POPUP_FIT_CONTENT = {
  popupMatchSelectWidth: false,
  styles: { popup: { root: { maxWidth: 'min(560px, 90vw)' } } },
} as const;

export interface SearchOption<T> {
  value: string;
  label: string;
  item: T;
}

interface RemoteSearchProps<T> {
  placeholder: string;
  ariaLabel: string;
  value?: { value: string; label: string };
  disabled?: boolean;
  search: (text: string) => Promise<SearchOption<T>[]>;
  onSelect: (option: SearchOption<T> | null) => void;
  /** A fixed width in pixels, or the box's own style (e.g. a flexible width) when given. */
  width?: number;
  style?: CSSProperties;
}

/** A select that searches the server as the operator types (debounced, from 3 characters). */
export function RemoteSearch<T>({
  placeholder,
  ariaLabel,
  value,
  disabled,
  search,
  onSelect,
  width = 260,
  style,
}: RemoteSearchProps<T>) {
  const [options, setOptions] = useState<SearchOption<T>[]>([]);
  const [loading, setLoading] = useState(false);
  const [typed, setTyped] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    setTyped(text);
    clearTimeout(timer.current);
    if (text.trim().length < SEARCH_MIN_CHARS) {
      latest.current += 1; // an answer still on its way is no longer wanted
      setOptions([]);
      setLoading(false);
      return;
    }
    setLoading(true);
    timer.current = setTimeout(async () => {
      const ticket = ++latest.current;
      const found = await search(text.trim());
      if (ticket !== latest.current) return;
      setOptions(found);
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
  };

  const notFound = loading ? (
    <Spin size="small" />
  ) : typed.trim().length < SEARCH_MIN_CHARS ? (
    'Type at least 3 characters'
  ) : (
    'No matches'
  );
  return (
    <Select
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch }}
      labelInValue
      allowClear
      value={value}
      placeholder={placeholder}
      disabled={disabled}
      notFoundContent={notFound}
      options={options.map(({ value: v, label }) => ({ value: v, label }))}
      onChange={(next: { value: string } | undefined) =>
        onSelect(next ? (options.find((o) => o.value === next.value) ?? null) : null)
      }
      {...POPUP_FIT_CONTENT}
      style={style ?? { width }}
    />
  );
}
