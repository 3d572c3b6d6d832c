import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable, Store } from '../store/store';

/** One limit: at most `limit` counted requests per `windowSeconds` in `bucket`. */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** The outcome: allowed, or refused with the seconds until the oldest counted request leaves the window. */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * The time limits, codes and waiting periods are measured by. Without one, the database's clock (`now()`), which
 * all instances share; tests give one they can move forward instead of sleeping.
 */
export type Clock = () => Date;

/** The SQL parameter of the current time: `coalesce($n::timestamptz, now())` reads it as the database's clock when null. */
export const instantOf = (clock?: Clock): string | null => (clock ? clock().toISOString() : null);

/** Longest key kept for a client address that is not an IP address (a misconfigured proxy header). */
const MAX_ADDRESS_KEY = 64;

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail turned into two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const gap = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...gap, ...right].map((group) => parseInt(group, 16));
}

/**
 * The key per-address limits count a client under: an IPv4 address as it is, an IPv6 address by its /64 (the
 * least a single subscriber or host is usually given, so one machine cannot take a fresh allowance per address
 * of its prefix), and an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket shows IPv4
 * clients) as the IPv4 address. Anything else (only a proxy header could bring it) is kept, shortened.
 */
export function addressGroup(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // an IPv6 zone (`fe80::1%eth0`) names an interface, not a client
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return ip.slice(0, MAX_ADDRESS_KEY);
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

async function over(q: Queryable, rule: RateRule, now: string | null): Promise<number | null> {
  await q.query(
    `delete from rate_limit_hits where bucket = $1 and hit_at <= coalesce($3::timestamptz, now()) - make_interval(secs => $2)`,
    [rule.bucket, rule.windowSeconds, now],
  );
  const row = await q.one<{ n: number; retry: number | null }>(
    `select count(*)::int as n,
            ceil(extract(epoch from (min(hit_at) + make_interval(secs => $2) - coalesce($3::timestamptz, now()))))::int as retry
       from rate_limit_hits where bucket = $1`,
    [rule.bucket, rule.windowSeconds, now],
  );
  return row && row.n >= rule.limit ? Math.max(1, row.retry ?? rule.windowSeconds) : null;
}

/**
 * Counts one request against every rule, in the database so all instances share the counts. Either every
 * rule has room and the request is counted in each, or nothing is counted and the longest wait is returned.
 * Advisory locks on the buckets (taken in a fixed order) keep two concurrent requests from both slipping in.
 */
export async function takeRate(store: Store, rules: RateRule[], clock?: Clock): Promise<RateVerdict> {
  const now = instantOf(clock);
  return store.tx(async (q) => {
    await q.query(
      'select pg_advisory_xact_lock(h) from (select distinct hashtext(b) as h from unnest($1::text[]) as b order by h) s',
      [rules.map((r) => r.bucket)],
    );
    let wait = 0;
    for (const rule of rules) wait = Math.max(wait, (await over(q, rule, now)) ?? 0);
    if (wait > 0) return { allowed: false, retryAfter: wait };
    for (const rule of rules) {
      await q.query('insert into rate_limit_hits (bucket, hit_at) values ($1, coalesce($2::timestamptz, now()))', [rule.bucket, now]);
    }
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
