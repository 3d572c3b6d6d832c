import type { QueryValue } from '../data/http';
import { isRecord, pick } from '../data/pick';
import type { RowDetail, ServerPaging } from './types';

type Row = Record<string, unknown>;

/** The rows a list holds: the objects among its entries (a row is always one); the list itself when all of them are. */
const rowList = (value: unknown[]): Row[] => (value.every(isRecord) ? value : value.filter(isRecord));

/** The filters' values by query parameter (a date range fills two). */
export type FilterValues = Record<string, QueryValue>;

/** The page sizes an operator can choose, and the one a list starts with unless its config says otherwise. */
export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_PAGE_SIZE = 20;

/** How the operator has narrowed and ordered a list: its page, page size, search text and sort. */
export interface ListState {
  page: number;
  size?: number;
  search?: string;
  sort?: { key: string; order: 'asc' | 'desc' };
}

/**
 * The query a list adds to its source call: the filters that have a value and, when the server pages, the page and
 * its size, the search text (when it has any) and the sort (when a column is sorted).
 */
export function listQuery(
  values: FilterValues,
  paging: ServerPaging | undefined,
  view: ListState | number,
): Record<string, QueryValue> {
  const { page, size, search, sort }: ListState = typeof view === 'number' ? { page: view } : view;
  const query: Record<string, QueryValue> = {};
  for (const [param, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') query[param] = value;
  if (!paging) return query;
  const names = paging.pageParams ?? { page: 'page', size: 'size', first: 1 };
  const paged: Record<string, QueryValue> = {
    ...query,
    [names.page]: page - 1 + names.first,
    [names.size]: size ?? paging.size,
  };
  const text = search?.trim();
  if (paging.searchParam && text) paged[paging.searchParam] = text;
  if (paging.sortParams && sort)
    Object.assign(paged, { [paging.sortParams.sort]: sort.key, [paging.sortParams.order]: sort.order });
  return paged;
}

/** The rows of an answer that holds none: always the same array, so a memoized table is not drawn again for it. */
const NO_ROWS: Row[] = [];

/** Where an answer says its total is an estimate: `estimated` beside the total (schemas/list-cursor.ts). */
const estimatedPath = (total: string) => total.replace(/[^.]+$/, 'estimated');

/**
 * The rows of an answer and how many there are in all: the page's rows and total when the server pages (read from the
 * data, or from the whole answer for `from: 'body'`), whether that total is an estimate or was answered at all (a page
 * read by cursor carries none), and its cursors; else every row.
 */
export function rowsOf(
  data: unknown,
  paging: ServerPaging | undefined,
): { rows: Row[]; total: number; estimated: boolean; counted: boolean; next: string | null; prev: string | null } {
  const rows = paging ? pick(data, paging.rows) : data;
  const list = Array.isArray(rows) ? rowList(rows) : NO_ROWS;
  const total = paging ? Number(pick(data, paging.total)) : list.length;
  const estimated = paging !== undefined && pick(data, estimatedPath(paging.total)) === true;
  const cursor = (name: string | undefined) => {
    const value = name === undefined ? undefined : pick(data, name);
    return typeof value === 'string' ? value : null;
  };
  return {
    rows: list,
    total: Number.isFinite(total) ? total : list.length,
    estimated,
    // A page read by cursor carries no total: the one of the page it was read from stands.
    counted: Number.isFinite(total),
    next: cursor(paging?.cursors?.next),
    prev: cursor(paging?.cursors?.prev),
  };
}

/** The rows whose shown text (as `text` renders a cell) contains the search text, in any case; all rows for no text. */
export function searchRows<R>(rows: R[], search: string | undefined, texts: ((row: R) => string)[]): R[] {
  const needle = search?.trim().toLocaleLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => texts.some((text) => text(row).toLocaleLowerCase().includes(needle)));
}

/**
 * The count under a list: '1-20 of 604 routes' ('0 routes' when there are none); without a noun, '1-20 of 604 in all';
 * an estimated total (a search with many hits) in two figures: '1-20 of about 21,000 routes'.
 */
export function countText(total: number, [from, to]: [number, number], noun = 'in all', estimated = false): string {
  if (total === 0) return `0 ${noun}`;
  if (!estimated) return `${from}-${to} of ${total} ${noun}`;
  const about = Number(total.toPrecision(2)).toLocaleString('en-IN');
  return `${from}-${to} of about ${about} ${noun}`;
}

/** The nested rows a row opens onto (none unless the detail's field holds a list). */
export function detailRows(detail: RowDetail, row: Row): Row[] {
  const value = pick(row, detail.field);
  return Array.isArray(value) ? rowList(value) : [];
}

/** Whether a row opens: it has detail fields to show, or nested rows. */
export const opens = (detail: RowDetail, row: Row): boolean =>
  Boolean(detail.fields?.length) || detailRows(detail, row).length > 0;
