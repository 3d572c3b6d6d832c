import type { PageCursors } from '../repos/keyset';
import { ok } from './envelope';

/** What a spec's fetch call may send to ask for one page (its search, sort, page number or cursor). */
export interface PageQuery<S extends string = string> {
  q?: string;
  page?: number;
  size?: number;
  sort?: S;
  order?: 'asc' | 'desc';
  after?: string;
  before?: string;
}

/**
 * Whether a spec's fetch call asks for one page (API.md "Paging"): it sends a search, a sort, a page or a cursor. One
 * that sends none of them (the spec's own client) is answered every record of the scope.
 */
export const asksForPage = (query: PageQuery): boolean =>
  (['q', 'page', 'size', 'sort', 'order', 'after', 'before'] as const).some((key) => query[key] !== undefined);

/** The page a fetch asks for: its number from 1 (default 1) and size (default 20), with what else it sent. */
export const pageAsked = <S extends string>({ q, page, size, sort, order, after, before }: PageQuery<S>) => ({
  page: page ?? 1,
  size: size ?? 20,
  q,
  sort,
  order,
  after,
  before,
});

/**
 * A page in the main envelope: its rows as `data`, beside them the number matching (a page read by number; `estimated`
 * when counted roughly) and the cursors of the pages either side.
 */
export const pagedOk = <T>({
  data,
  total,
  estimated,
  next,
  prev,
}: { data: T; total?: number; estimated?: boolean } & PageCursors) => ({
  ...ok(data),
  ...(total !== undefined && { total }),
  ...(estimated && { estimated: true as const }),
  next,
  prev,
});
