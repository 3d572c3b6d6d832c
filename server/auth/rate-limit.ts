import type { Queryable, Store } from '../store/store';

/** One limit: at most `limit` counted requests per `windowSeconds` in `bucket`. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome: allowed, or refused with the seconds until the oldest counted request leaves the window. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfter: number };

async function over(q: Queryable, rule: RateRule): Promise<number | null> {
  await q.query(`delete from rate_limit_hits where bucket = $1 and hit_at < now() - make_interval(secs => $2)`, [
    rule.bucket,
    rule.windowSeconds,
  ]);
  const row = await q.one<{ n: number; retry: number | null }>(
    `select count(*)::int as n,
            ceil(extract(epoch from (min(hit_at) + make_interval(secs => $2) - now())))::int as retry
       from rate_limit_hits where bucket = $1`,
    [rule.bucket, rule.windowSeconds],
  );
  return row && row.n >= rule.limit ? Math.max(1, row.retry ?? rule.windowSeconds) : null;
}

/**
 * Counts one request against every rule, in the database so all instances share the counts. Either every
 * rule has room and the request is counted in each, or nothing is counted and the longest wait is returned.
 * Advisory locks on the buckets (taken in a fixed order) keep two concurrent requests from both slipping in.
 */
export async function takeRate(store: Store, rules: RateRule[]): Promise<RateVerdict> {
  return store.tx(async (q) => {
    await q.query(
      'select pg_advisory_xact_lock(h) from (select distinct hashtext(b) as h from unnest($1::text[]) as b order by h) s',
      [rules.map((r) => r.bucket)],
    );
    let wait = 0;
    for (const rule of rules) wait = Math.max(wait, (await over(q, rule)) ?? 0);
    if (wait > 0) return { allowed: false, retryAfter: wait };
    for (const rule of rules) await q.query('insert into rate_limit_hits (bucket) values ($1)', [rule.bucket]);
    return { allowed: true };
  });
}

/**
 * Takes back the newest request counted in `bucket`: a limit that counts tries before their outcome is known
 * (so that parallel tries cannot slip past it) and should only hold the failed ones.
 */
export async function giveBack(q: Queryable, bucket: string): Promise<void> {
  await q.query(
    'delete from rate_limit_hits where ctid = (select ctid from rate_limit_hits where bucket = $1 order by hit_at desc limit 1)',
    [bucket],
  );
}
