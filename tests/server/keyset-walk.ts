import { expect } from 'vitest';
import type { Call } from './helper';

/** A page of a keyset-paged list (body-level total, and the cursors of the pages after and before it). */
export interface KeysetPage<R> {
  data: R[];
  total?: number;
  next: string | null;
  prev: string | null;
}

/**
 * Every page of list `url` by cursor, from the first (`size` rows each; `query` the search and sort): each page after
 * the first is read with the `next` of the one before and carries no total; then (unless `between`, which runs after
 * the first page, changes the list) every page back to the first with the `prev` of the one after.
 */
export async function walkKeyset<R>(
  call: Call,
  url: string,
  size: number,
  query = '',
  between?: () => Promise<void>,
): Promise<R[]> {
  const rows: R[] = [];
  let page: KeysetPage<R> = (await call('GET', `${url}&size=${size}${query}`)).body;
  expect(page.total).toBeGreaterThan(0);
  rows.push(...page.data);
  await between?.();
  expect(page.prev).toBeNull();
  let last = page;
  while (page.next) {
    const answer = await call('GET', `${url}&size=${size}${query}&after=${page.next}`);
    expect(answer.status).toBe(200);
    page = answer.body;
    expect(page.total).toBeUndefined();
    // A `next` leads to rows: the last page's is null, even when it is full.
    expect(page.data.length).toBeGreaterThan(0);
    rows.push(...page.data);
    last = page;
  }
  // And back (nothing added meanwhile): from the last page, each page before it read with the `prev` of the one after,
  // the same rows in the same order, and the first page's `prev` null.
  if (!between) {
    const back = [...last.data];
    while (last.prev) {
      const answer = await call('GET', `${url}&size=${size}${query}&before=${last.prev}`);
      expect(answer.status).toBe(200);
      last = answer.body;
      expect(last.total).toBeUndefined();
      expect(last.data).toHaveLength(size);
      back.unshift(...last.data);
    }
    expect(back).toEqual(rows);
  }
  return rows;
}

/** Every page of list `url` by number (`size` rows each) up to `rows` rows. */
export async function walkNumbered<R>(call: Call, url: string, size: number, rows: number, query = ''): Promise<R[]> {
  const read: R[] = [];
  for (let page = 1; page <= Math.ceil(rows / size); page++)
    read.push(...(await call('GET', `${url}&size=${size}&page=${page}${query}`)).body.data);
  return read;
}

/** The sorts of a list, each both ways, as it.each rows. */
export const bothWays = (sorts: readonly string[]) =>
  sorts.flatMap((sort) => [
    [sort, 'asc'],
    [sort, 'desc'],
  ]);
