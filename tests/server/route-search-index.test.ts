import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startApp, type Call, type TestApp } from './helper';
import type { Store } from '../../server/store/store';

const COMPANY = '1009';
const FETCH = `/saas/lego/company_routes/fetch?c=${COMPANY}&t=CONSIGNOR&size=100`;

/** Words the routes' labels and addresses are made of: a search hits many rows, some rows or none. */
const PLACES = ['Khopoli', 'Haldia', 'Jamshedpur', 'Pune', 'Nagpur', 'Vizag', 'Hosur', 'Kalinganagar'];

/**
 * Issue 38: the routes list's search finds exactly what a plain case-insensitive substring search of the searched
 * columns finds, and on PostgreSQL reads through a trigram index (migration 210) instead of every row of the company.
 */
describe.each(BACKENDS)('the routes search index on $name', (backend) => {
  // On PostgreSQL, enough routes that reading every one of the company costs more than the index (the planner's
  // choice at scale); PGlite answers the same searches over fewer.
  const onPostgres = backend.name === 'postgres';
  const routes = onPostgres ? 20_000 : 3_000;
  let t: TestApp;
  let call: Call;
  let searches: { sql: string; params: unknown[] }[];
  let db: { drop(): Promise<void> };
  let store: Store;
  beforeAll(async () => {
    const prepared = await backend.prepared();
    db = prepared;
    const opened = await prepared.open();
    searches = [];
    // The store as the app sees it, keeping the routes page statements that search.
    store = {
      ...opened,
      query: (sql, params) => {
        if (sql.includes('from routes where') && sql.includes('search_text like'))
          searches.push({ sql, params: params ?? [] });
        return opened.query(sql, params);
      },
    };
    await opened.query(`insert into companies (id, name, type) values ($1, 'Search Test Limited', 'CONSIGNOR')`, [
      COMPANY,
    ]);
    await opened.query(
      `insert into routes (id, company_id, code, label, stt, origin, destination, updated_by, updated_at)
       select 'rt_search_' || n, $1, 'SR-' || lpad(n::text, 5, '0'),
              ($2::text[])[1 + n % 8] || ' to ' || ($2::text[])[1 + (n / 8) % 8] || ' #' || n, 600,
              jsonb_build_object('label', 'A', 'address', ($2::text[])[1 + (n / 64) % 8] || ' depot, India'),
              jsonb_build_object('label', 'B', 'address', 'Gate ' || n % 50),
              'ops@demo.local', 1767225600000 + n * 1000
         from generate_series(1, $3::int) n`,
      [COMPANY, PLACES, routes],
    );
    await opened.query('analyze routes');
    t = await startApp(store);
    call = (await t.login('ops@demo.local')).call;
  });
  afterAll(async () => {
    await t?.close();
    await store?.close();
    await db?.drop();
  });

  /** Every route the list finds for `text`, page after page. */
  async function found(text: string): Promise<string[]> {
    const codes: string[] = [];
    let after: string | null = null;
    do {
      const answer: { body: { data: { code: string }[]; next: string | null } } = await call(
        'GET',
        `${FETCH}&q=${encodeURIComponent(text)}${after ? `&after=${after}` : ''}`,
      );
      codes.push(...answer.body.data.map((row) => row.code));
      after = answer.body.next;
    } while (after);
    return codes.sort();
  }

  /** What a plain substring search of the searched columns finds, without the index. */
  async function plainly(text: string): Promise<string[]> {
    const rows = await store.query<{ code: string }>(
      `select code from routes where company_id = $1 and (label ilike $2 or code ilike $2 or origin->>'address' ilike $2
         or destination->>'address' ilike $2 or updated_by ilike $2) order by code`,
      [COMPANY, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
    );
    return rows.map((row) => row.code).sort();
  }

  it('finds what a plain substring search finds, for many hits, a few and none', async () => {
    for (const text of ['hosur depot', 'HALDIA to vizag', 'sr-00042', '#2999', 'gate 7', 'nowhere', '%', 'r to h'])
      expect(await found(text), text).toEqual(await plainly(text));
  });

  /** The plan of the list's search statement for `text`, with sequential reads of a table ruled out. */
  async function planOf(text: string): Promise<string> {
    searches.length = 0;
    await call('GET', `${FETCH}&q=${encodeURIComponent(text)}`);
    const { sql, params } = searches[0]!;
    return store.tx(async (q) => {
      await q.query('set local enable_seqscan = off');
      const [row] = await q.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
      return JSON.stringify(row!['QUERY PLAN']);
    });
  }

  it.runIf(onPostgres)(
    "reads a rare search through the trigram index, and no search reads every row of the company's routes",
    async () => {
      // A few hits among 20,000: found through the index, then sorted.
      expect(await planOf('sr-00042')).toContain('routes_search_trgm_idx');
      // Hits on every page: the list's order index walked until the page is full, or the trigram index; never a
      // sequential read of the table (the planner falls back on one, disabled or not, when no index can serve).
      for (const text of ['sr-00042', 'jamshedpur', 'gate 7'])
        expect(await planOf(text), text).not.toMatch(/"Node Type":"Seq Scan"[^{}]*"Relation Name":"routes"/);
    },
  );
});
