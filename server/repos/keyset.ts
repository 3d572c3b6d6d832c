import { LRUCache } from 'lru-cache';
import type { Queryable } from '../store/store';
import { ApiError } from '../http/envelope';
import { COUNTED_UP_TO, LIST_CURSOR_MSG } from '../../schemas/list-cursor';

/** One part of a list's order: a fixed SQL expression (never the request's text), its type and direction. */
export interface KeyPart {
  sql: string;
  type: 'text' | 'bigint';
  desc?: boolean;
}

/**
 * A list's order as keyset paging reads it: named (a cursor of one order is refused by another), and ending in a
 * unique key (the id), so that every row has one place and a page starts exactly after the row the last one ended on.
 * Each part is NOT NULL in the table (or made so with coalesce), as a NULL compares to nothing.
 */
export interface KeyOrder {
  name: string;
  parts: readonly KeyPart[];
}

/**
 * The order of a list sorted by one expression: `name` (from the sort and direction) and the part, then the id in the
 * same direction, so that one index per sort reads any page in order, forwards or backwards.
 */
export const sortedBy = (
  sort: string,
  part: KeyPart,
  desc: boolean,
  id = 'id',
  idType: KeyPart['type'] = 'text',
): KeyOrder => ({
  name: `${sort}.${desc ? 'desc' : 'asc'}`,
  parts: [
    { ...part, desc },
    { sql: id, type: idType, desc },
  ],
});

/** `order by …` of a key order. */
export const orderBy = (order: KeyOrder) =>
  `order by ${order.parts.map((part) => `${part.sql} ${part.desc ? 'desc' : 'asc'}`).join(', ')}`;

/** The key columns to select beside a page's rows (`"_k0"`, `"_k1"`, …), from which its next cursor is made. */
export const keyColumns = (order: KeyOrder) => order.parts.map((part, i) => `${part.sql} as "_k${i}"`).join(', ');

/**
 * The key as one JSON array: of the columns selected by {@link keyColumns} (by their names, from a query of them), or
 * with `direct` of the order's expressions themselves.
 */
export const keyArray = (order: KeyOrder, direct = false) =>
  `json_build_array(${order.parts.map((part, i) => (direct ? part.sql : `"_k${i}"`)).join(', ')})`;

/** A cursor: the order's name and the key of the last row read, as base64url JSON. */
export const encodeCursor = (order: KeyOrder, key: readonly unknown[]) =>
  Buffer.from(JSON.stringify([order.name, ...key])).toString('base64url');

/** The key a cursor holds, checked against the order (its name, each value's type); a 400 otherwise. */
export function decodeCursor(order: KeyOrder, cursor: string): (string | number)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ApiError(400, [LIST_CURSOR_MSG.invalid]);
  }
  if (!Array.isArray(parsed) || parsed.length !== order.parts.length + 1 || parsed[0] !== order.name)
    throw new ApiError(400, [LIST_CURSOR_MSG.invalid]);
  const key = parsed.slice(1);
  order.parts.forEach((part, i) => {
    const value: unknown = key[i];
    const fits =
      part.type === 'text'
        ? typeof value === 'string' && value.length <= 2000
        : (typeof value === 'number' && Number.isSafeInteger(value)) ||
          (typeof value === 'string' && /^-?\d{1,18}$/.test(value));
    if (!fits) throw new ApiError(400, [LIST_CURSOR_MSG.invalid]);
  });
  return key;
}

/**
 * The condition that a row comes after `key` in `order` (parameters numbered from `first`): the first part past its
 * value, or equal and the second past, and so on; with a bound on the first part that an index on the order's
 * columns (in its directions) turns into a range, whatever the mix of directions.
 */
export function afterKey(order: KeyOrder, key: readonly unknown[], first: number): { sql: string; params: unknown[] } {
  const value = (i: number) => `$${first + i}::${order.parts[i].type}`;
  const past = (i: number) => `${order.parts[i].sql} ${order.parts[i].desc ? '<' : '>'} ${value(i)}`;
  const equal = (i: number) => `${order.parts[i].sql} = ${value(i)}`;
  const alternatives = order.parts.map((_, i) =>
    [...order.parts.slice(0, i).map((__, j) => equal(j)), past(i)].join(' and '),
  );
  const [lead] = order.parts;
  const bound = `${lead.sql} ${lead.desc ? '<=' : '>='} ${value(0)}`;
  return { sql: `(${bound} and ((${alternatives.join(') or (')})))`, params: [...key] };
}

/** The order read backwards (every part's direction turned): the same index serves it. */
export const reversed = (order: KeyOrder): KeyOrder => ({
  name: order.name,
  parts: order.parts.map((part) => ({ ...part, desc: !part.desc })),
});

/** `order by` of the key columns selected by {@link keyColumns}, in `order`'s directions (to put a slice back in order). */
export const orderByKeys = (order: KeyOrder) =>
  `order by ${order.parts.map((part, i) => `"_k${i}" ${part.desc ? 'desc' : 'asc'}`).join(', ')}`;

/**
 * How to read page `page` (from 1) of `size` rows of a list of `counted` rows in `order`: from the front, or when it
 * lies in the back half from the end (the order reversed, fewer rows passed over: the last page costs what the first
 * does), the rows then put back in `order`. Null when the page lies past the end. A total that is an estimate places
 * no page: it is read from the front.
 */
export function numberedSlice(
  order: KeyOrder,
  page: number,
  size: number,
  counted: ListTotal,
): { order: KeyOrder; limit: number; offset: number } | null {
  const offset = (page - 1) * size;
  // An estimated total does not say where the list ends: read from the front, whatever it says.
  if (counted.estimated) return { order, limit: size, offset };
  const { total } = counted;
  if (offset >= total) return null;
  const limit = Math.min(size, total - offset);
  if (offset <= total / 2) return { order, limit, offset };
  return { order: reversed(order), limit, offset: total - offset - limit };
}

/** A list's rows as {@link readPage} reads them: the columns, table and condition (with its parameters). */
export interface PageSource {
  /** The SELECT list of a row. */
  columns: string;
  table: string;
  where: string;
  params: readonly unknown[];
}

/** How many rows a list selects: counted, or (a search with many hits) estimated. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** The rows of the unsearched list whose share of hits estimates the total of a search with more. */
const SAMPLE_ROWS = 1_000;

/**
 * The estimated totals of searches with more hits than are counted, kept {@link ESTIMATE_KEPT_MS} by what they read
 * (the issue's "computed once per search and kept"): a desk typing, sorting or paging back to the first page of the
 * same search reads the pager's "about" from here (each instance its own: an estimate, said to be one). A count up to
 * the cap is exact and never kept.
 */
const ESTIMATE_KEPT_MS = 30_000;
/** The kept estimates of each database (a store, or a transaction's connection, which keeps them as long as it lives). */
const ESTIMATES = new WeakMap<Queryable, LRUCache<string, number>>();

/** The estimates kept for the database `q` reads. */
function estimatesOf(q: Queryable): LRUCache<string, number> {
  const kept = ESTIMATES.get(q) ?? new LRUCache<string, number>({ max: 2_000, ttl: ESTIMATE_KEPT_MS });
  ESTIMATES.set(q, kept);
  return kept;
}

/**
 * The number of rows a searched list selects (`source`), without reading every hit: counted while there are at most
 * {@link COUNTED_UP_TO}, else the share of hits among the {@link SAMPLE_ROWS} latest saved rows of the unsearched list
 * (`scopeWhere`, over the same parameters; read from the scope's index on `updated_at` where the table has one)
 * times its kept number of rows (`kept`), never below what was counted. A scope of fewer
 * rows than the sample is counted whole, so its total is exact. The hits are counted in the list's newest-first order:
 * for a search with many hits, the scope's index on `updated_at` is walked until the cap is reached (without the order,
 * the planner read the table sequentially: at 200,000 routes, 'khopoli' read 20,000 rows for its 201 hits); for one
 * with few, the search's trigram index finds them all, then they are sorted (the bench's EXPLAIN shows both).
 */
export async function searchedTotal(
  q: Queryable,
  source: Omit<PageSource, 'columns'>,
  scopeWhere: string,
  kept: () => Promise<number>,
): Promise<ListTotal> {
  const params = [...source.params];
  // An estimate of the same search (table, condition and its values, the tenant's among them) made a moment ago.
  const key = JSON.stringify([source.table, source.where, params]);
  const estimates = estimatesOf(q);
  const estimate = estimates.get(key);
  if (estimate !== undefined) return { total: estimate, estimated: true };
  // One statement: the sample is read only when the count passed its cap (a CASE runs its subquery only then).
  const counted = await q.one<{ n: number; sample: number[] | null }>(
    `select n, case when n > ${COUNTED_UP_TO} then (
         select array[count(*), count(*) filter (where ${source.where})]::int[]
           from (select * from ${source.table} where ${scopeWhere} order by updated_at desc limit ${SAMPLE_ROWS}) s
       ) end as sample
       from (select count(*)::int as n from (select 1 from ${source.table} where ${source.where}
         order by updated_at desc limit ${COUNTED_UP_TO + 1}) c) counted`,
    params,
  );
  const n = counted?.n ?? 0;
  if (n <= COUNTED_UP_TO) return { total: n, estimated: false };
  const [seen = 0, hits = 0] = counted?.sample ?? [];
  if (seen < SAMPLE_ROWS) return { total: hits, estimated: false };
  const total = Math.max(n, Math.round(((await kept()) * hits) / seen));
  estimates.set(key, total);
  return { total, estimated: true };
}

/** A page asked for: its number (from 1), or the cursor it starts after or ends before, and its size. */
export interface PageAsk {
  page: number;
  size: number;
  after?: string;
  before?: string;
}

/** A page's cursors: of the page after it (`after`), and of the page before it (`before`); null where there is none. */
export interface PageCursors {
  next: string | null;
  prev: string | null;
}

/**
 * The cursors of a page from the keys of its first and last rows (JSON of {@link keyArray}, null without rows), and
 * whether a row was found past it in the direction it was read (each read asks for one row more than it keeps):
 * - read before a cursor (`backwards`): the page it was read before comes after it; one comes before it when a row
 *   was found past it;
 * - read from the end by number (`atEnd` said): one comes after it unless it ends the list; one comes before it;
 * - read onwards: one comes after it when a row was found past it; one comes before it unless it starts the list
 *   (`atStart`).
 * So the first page's `prev` and the last page's `next` are null, and no cursor leads to an empty page.
 */
export function pageCursors(
  order: KeyOrder,
  page: { first: string | null; last: string | null; more: boolean },
  how: PageHow,
): PageCursors {
  const cursor = (key: string | null) => (key === null ? null : encodeCursor(order, JSON.parse(key)));
  if (how.backwards) return { next: cursor(page.last), prev: page.more ? cursor(page.first) : null };
  const after = how.atEnd === undefined ? page.more : !how.atEnd;
  return { next: after ? cursor(page.last) : null, prev: how.atStart ? null : cursor(page.first) };
}

/**
 * A page of a list in `order`, its rows read by Node: after a cursor, from the order's index where the last page
 * ended, or before one, backwards from where the next page starts (no total: the first page's stands); by number, with
 * the total `count` gives (and whether it is an estimate), from the end when the page lies in the back half. The
 * cursors of the pages after and before it beside the rows.
 */
export async function readPage<R>(
  q: Queryable,
  source: PageSource,
  order: KeyOrder,
  ask: PageAsk,
  count: () => Promise<ListTotal>,
): Promise<{ data: R[]; total?: number; estimated?: boolean } & PageCursors> {
  const n = source.params.length;
  /**
   * Up to `keep` rows read in `by` (and one more, to know whether any lies past them), put back in `order`: after a
   * condition on the key (its values numbered from `$n + 2`), or `offset` rows on.
   */
  const fetch = async (by: KeyOrder, keep: number, how: PageHow, from: { sql: string; params: unknown[] } | number) => {
    const [condition, tail, more] =
      typeof from === 'number' ? ['', ` offset $${n + 2}`, [from]] : [`and ${from.sql}`, '', from.params];
    const rows = await q.query<Record<string, unknown>>(
      `select ${source.columns}, ${keyArray(by, true)}::text as "_key" from ${source.table}
        where ${source.where} ${condition} ${orderBy(by)} limit $${n + 1}${tail}`,
      [...source.params, keep + 1, ...more],
    );
    const past = rows.length > keep;
    if (past) rows.pop();
    if (by !== order) rows.reverse();
    const key = (row: Record<string, unknown> | undefined) => (typeof row?._key === 'string' ? row._key : null);
    const data = rows.map(({ _key, ...row }) => row as R);
    return { data, ...pageCursors(order, { first: key(rows[0]), last: key(rows.at(-1)), more: past }, how) };
  };
  if (ask.after) return fetch(order, ask.size, ONWARDS, afterKey(order, decodeCursor(order, ask.after), n + 2));
  if (ask.before) {
    // The rows just before the cursor's: the order read backwards from it, then put back in the list's order.
    const back = reversed(order);
    return fetch(back, ask.size, BACKWARDS, afterKey(back, decodeCursor(order, ask.before), n + 2));
  }
  const slice = (by: KeyOrder, limit: number, offset: number) =>
    fetch(by, limit, numberedHow(by === order, ask.page, offset), offset);
  return numberedPage(order, ask, count, slice, { data: [], next: null, prev: null });
}

/**
 * How a page read by number was read: from the front (the first page starts the list), or from the end, `offset` rows
 * before it (none: it ends the list).
 */
export const numberedHow = (fromFront: boolean, page: number, offset: number): PageHow =>
  fromFront ? { backwards: false, atStart: page === 1 } : { backwards: false, atStart: false, atEnd: offset === 0 };

/** How a page was read, for its cursors (see {@link pageCursors}). */
export type PageHow = { backwards: boolean; atStart: boolean; atEnd?: boolean };
/** A page read after a cursor: never the list's first. */
export const ONWARDS: PageHow = { backwards: false, atStart: false };
/** A page read before a cursor. */
export const BACKWARDS: PageHow = { backwards: true, atStart: false };

/**
 * Page `ask.page` of a list in `order`, read by number with the total `count` gives (and whether it is an estimate):
 * the first page from the front, read while the rows are counted (on a pool, two connections at once); another from
 * the front, or from the end when it lies in the back half ({@link numberedSlice}); `none` past the end.
 */
export async function numberedPage<P>(
  order: KeyOrder,
  ask: { page: number; size: number },
  count: () => Promise<ListTotal>,
  slice: (by: KeyOrder, limit: number, offset: number) => Promise<P>,
  none: P,
): Promise<P & ListTotal> {
  if (ask.page === 1) {
    const [counted, rows] = await Promise.all([count(), slice(order, ask.size, 0)]);
    return { ...rows, ...counted };
  }
  const counted = await count();
  const plan = numberedSlice(order, ask.page, ask.size, counted);
  return { ...(plan ? await slice(plan.order, plan.limit, plan.offset) : none), ...counted };
}
