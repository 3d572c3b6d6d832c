import { expect } from 'vitest';
import type { Call } from './helper';

/** A page of a keyset-paged list (body-level total and next). */
export interface KeysetPage<R> {
  data: R[];
  total?: number;
  next: string | null;
}

/**
 * Every page of list `url` by cursor, from the first (`size` rows each; `query` the search and sort): each page after
 * the first is read with the `next` of the one before and carries no total. `between` runs after the first page.
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
  while (page.next) {
    const answer = await call('GET', `${url}&size=${size}${query}&after=${page.next}`);
    expect(answer.status).toBe(200);
    page = answer.body;
    expect(page.total).toBeUndefined();
    rows.push(...page.data);
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
