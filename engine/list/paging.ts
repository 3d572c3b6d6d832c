import { pick } from '../data/pick';
import type { QueryValue } from '../data/http';
import type { RowDetail, ServerPaging } from '../types';

type Row = Record<string, unknown>;

/** The filters' values by query parameter (a date range fills two). */
export type FilterValues = Record<string, QueryValue>;

/** The query a list adds to its source call: the filters that have a value and, when the server pages, the page and its size. */
export function listQuery(values: FilterValues, paging: ServerPaging | undefined, page: number): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [param, value] of Object.entries(values)) if (value !== undefined && value !== null && value !== '') query[param] = value;
  return paging ? { ...query, page, size: paging.size } : query;
}

/** The rows of an answer and how many there are in all: the page's rows and total when the server pages, else every row. */
export function rowsOf(data: unknown, paging: ServerPaging | undefined): { rows: Row[]; total: number } {
  const rows = paging ? pick(data, paging.rows) : data;
  const list = Array.isArray(rows) ? (rows as Row[]) : [];
  const total = paging ? Number(pick(data, paging.total)) : list.length;
  return { rows: list, total: Number.isFinite(total) ? total : list.length };
}

/** The nested rows a row opens onto (none unless the detail's field holds a list). */
export function detailRows(detail: RowDetail, row: Row): Row[] {
  const value = pick(row, detail.field);
  return Array.isArray(value) ? (value as Row[]) : [];
}

/** Whether a row opens: it has detail fields to show, or nested rows. */
export const opens = (detail: RowDetail, row: Row): boolean => Boolean(detail.fields?.length) || detailRows(detail, row).length > 0;
