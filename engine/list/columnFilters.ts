import { useCallback, useMemo, useState } from 'react';
import type { ColumnConfig } from './types';
import { cellValue, formatCell } from './columns';

type Row = Record<string, unknown>;

/** The values of the columns' header filters, by column field: a searched column's text first, a choice's values. */
export type ColumnFilterValues = Record<string, string[]>;

/** The text a searchable column is searched for (trimmed), or '' when it is not. */
export const searchTextOf = (filters: ColumnFilterValues, field: string): string => (filters[field]?.[0] ?? '').trim();

/**
 * The rows the columns' header filters keep: a searchable column keeps the rows whose cell, as shown, holds its text
 * (any case); a column with options keeps the rows whose value is one of those chosen. Filters of no column are ignored.
 */
export function filterByColumns<R extends Row>(
  rows: R[],
  columns: readonly ColumnConfig[],
  filters: ColumnFilterValues,
): R[] {
  const tests = columns.flatMap((column) => {
    const chosen = filters[column.field];
    if (!chosen?.length) return [];
    if (column.searchable) {
      const text = searchTextOf(filters, column.field).toLowerCase();
      return text ? [(row: R) => formatCell(column.kind, cellValue(column, row)).toLowerCase().includes(text)] : [];
    }
    if (column.filterOptions) return [(row: R) => chosen.includes(String(cellValue(column, row) ?? ''))];
    return [];
  });
  return tests.length ? rows.filter((row) => tests.every((test) => test(row))) : rows;
}

/** A text cut where it holds `search` (any case): the parts in order, the matches marked. */
export function highlightParts(text: string, search: string): { text: string; match: boolean }[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const parts: { text: string; match: boolean }[] = [];
  const lower = text.toLowerCase();
  let at = 0;
  for (let found = lower.indexOf(needle); found !== -1; found = lower.indexOf(needle, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), match: false });
    parts.push({ text: text.slice(found, found + needle.length), match: true });
    at = found + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return parts;
}

/**
 * The header filters of a list whose table holds every row: their values (set by the table's filter menus) and the
 * rows they keep. A list without searchable or option columns keeps its rows as they are.
 */
export function useColumnFilters<R extends Row>(columns: readonly ColumnConfig[], rows: R[]) {
  const [filters, setFilters] = useState<ColumnFilterValues>({});
  const kept = useMemo(() => filterByColumns(rows, columns, filters), [rows, columns, filters]);
  /** Takes the table's filter values (antd's `onChange` filters: keys to values or null). */
  const fromTable = useCallback((values: Record<string, readonly unknown[] | null>) => {
    setFilters(
      Object.fromEntries(
        Object.entries(values)
          .filter(([, chosen]) => chosen?.length)
          .map(([key, chosen]) => [key, chosen!.map(String)]),
      ),
    );
  }, []);
  return { filters, rows: kept, fromTable };
}
