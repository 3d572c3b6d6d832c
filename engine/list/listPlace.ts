import type { ListConfig, ListFilter } from './types';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type FilterValues, type ListState } from './paging';

/**
 * Where an operator is in a list: the search text as typed, the sorted column, the page, the page size and the
 * filters' values. It lives in the address (beside the company scope's keys, which it never touches), so a reload or a
 * shared link shows the same rows.
 */
export interface ListPlace {
  search: string;
  sort: ListState['sort'];
  page: number;
  size: number;
  filters: FilterValues;
}

/** The query parameters of a list's place besides its filters' own (`ListFilter.param`, `params`). */
export const PLACE_PARAMS = { search: 'q', sort: 'sort', order: 'order', page: 'page', size: 'size' } as const;

/** What of a list config its place depends on. */
export type PlaceConfig = Pick<ListConfig, 'columns' | 'filters' | 'paging'>;

/** The query parameters a filter sets (a date range two). */
const paramsOf = (filter: ListFilter): readonly string[] =>
  filter.kind === 'dateRange' ? filter.params : [filter.param];

/** Every query parameter of a list's place: its own and its filters'. */
export function placeParams(config: PlaceConfig): string[] {
  return [...Object.values(PLACE_PARAMS), ...(config.filters ?? []).flatMap(paramsOf)];
}

/** The page size a list starts with: its config's when the server pages, else the default. */
export const firstSize = (config: PlaceConfig): number => config.paging?.size ?? DEFAULT_PAGE_SIZE;

/** The keys a list sorts by: the server's `sortKey`s when it pages, else the sortable columns' fields. */
const sortKeys = (config: PlaceConfig): string[] =>
  config.paging
    ? config.columns.flatMap((column) => (column.sortKey ? [column.sortKey] : []))
    : config.columns.flatMap((column) => (column.sortable ? [column.field] : []));

/** A whole number from 1, or null. */
const wholeFrom1 = (text: string | null): number | null => {
  const value = Number(text);
  return text && Number.isInteger(value) && value >= 1 ? value : null;
};

/**
 * The place of a list in a query string. What does not fit the list (a page size it does not offer, a sort by a
 * column it cannot sort, a date that is not a time in milliseconds, a page below 1) is left at the list's start.
 */
export function readListPlace(query: URLSearchParams, config: PlaceConfig): ListPlace {
  const size = wholeFrom1(query.get(PLACE_PARAMS.size));
  const key = query.get(PLACE_PARAMS.sort);
  const order = query.get(PLACE_PARAMS.order);
  const filters: FilterValues = {};
  for (const filter of config.filters ?? [])
    for (const param of paramsOf(filter)) {
      const value = query.get(param);
      if (value && (filter.kind !== 'dateRange' || /^\d{1,15}$/.test(value))) filters[param] = value;
    }
  return {
    search: query.get(PLACE_PARAMS.search) ?? '',
    sort: key && sortKeys(config).includes(key) && (order === 'asc' || order === 'desc') ? { key, order } : undefined,
    page: wholeFrom1(query.get(PLACE_PARAMS.page)) ?? 1,
    size: size !== null && (PAGE_SIZES.includes(size) || size === firstSize(config)) ? size : firstSize(config),
    filters,
  };
}

/**
 * The query string with a list's place written in (any other key, the scope's first, kept as it is): only what
 * differs from the list's start is written, so a list as it opens has a plain address.
 */
export function writeListPlace(query: URLSearchParams, place: ListPlace, config: PlaceConfig): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const param of placeParams(config)) next.delete(param);
  if (place.search) next.set(PLACE_PARAMS.search, place.search);
  if (place.sort) {
    next.set(PLACE_PARAMS.sort, place.sort.key);
    next.set(PLACE_PARAMS.order, place.sort.order);
  }
  if (place.page > 1) next.set(PLACE_PARAMS.page, String(place.page));
  if (place.size !== firstSize(config)) next.set(PLACE_PARAMS.size, String(place.size));
  for (const [param, value] of Object.entries(place.filters))
    if (value !== undefined && value !== null && value !== '') next.set(param, String(value));
  return next;
}
