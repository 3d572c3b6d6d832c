import { isIPv4, isIPv6 } from 'node:net';
import type { Queryable, Store } from '../store/store';

/**
 * One limit: at most `limit` units per `windowSeconds` in `bucket`. A request takes `units` (default 1): a limit of
 * requests counts 1 each, a limit of messages counts a send's recipients.
 */
export interface RateRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  units?: number;
}

/**
 * The outcome: allowed, or refused with the seconds until enough counted units leave the window for this request
 * to fit, and the rule that refused (the longest wait).
 */
export type RateVerdict<R extends RateRule = RateRule> =
  | { allowed: true }
  | { allowed: false; retryAfter: number; rule: R };

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
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * Seconds until `rule`'s bucket has room for the request's units, or null when it has room now: the units counted
 * in the window, oldest first, leave one after another, so the wait ends when the hit that makes room leaves.
 */
async function over(q: Queryable, rule: RateRule, now: string | null): Promise<number | null> {
  const units = rule.units ?? 1;
  await q.query(
    `delete from rate_limit_hits where bucket = $1 and hit_at <= coalesce($3::timestamptz, now()) - make_interval(secs => $2)`,
    [rule.bucket, rule.windowSeconds, now],
  );
  const row = await q.one<{ used: number; retry: number | null }>(
    `select coalesce(sum(units), 0)::int as used,
            (select ceil(extract(epoch from (h.hit_at + make_interval(secs => $2) - coalesce($3::timestamptz, now()))))::int
               from (select hit_at, sum(units) over (order by hit_at, ctid) as gone from rate_limit_hits where bucket = $1) h
              where (select coalesce(sum(units), 0) from rate_limit_hits where bucket = $1) - h.gone + $5 <= $4
              order by h.hit_at limit 1) as retry
       from rate_limit_hits where bucket = $1`,
    [rule.bucket, rule.windowSeconds, now, rule.limit, units],
  );
  return row && row.used + units > rule.limit ? Math.max(1, row.retry ?? rule.windowSeconds) : null;
}

/**
 * Counts one request against every rule, in the database so all instances share the counts. Either every
 * rule has room and the request is counted in each, or nothing is counted and the longest wait is returned.
 * Advisory locks on the buckets (taken in a fixed order) keep two concurrent requests from both slipping in.
 */
export async function takeRate(store: Store, rules: RateRule[], clock?: Clock): Promise<RateVerdict> {
  return store.tx((q) => takeRateWithin(q, rules, clock));
}

/**
 * {@link takeRate} inside a transaction the caller holds: the counts commit (or roll back) with the caller's own
 * writes, so a request refused later in the same transaction is not counted, and one that commits is. `ticket` names
 * the counts, for {@link settleRate}.
 */
export async function takeRateWithin<R extends RateRule>(
  q: Queryable,
  rules: R[],
  clock?: Clock,
  ticket: string | null = null,
): Promise<RateVerdict<R>> {
  const now = instantOf(clock);
  await q.query(
    'select pg_advisory_xact_lock(h) from (select distinct hashtext(b) as h from unnest($1::text[]) as b order by h) s',
    [rules.map((r) => r.bucket)],
  );
  let refusal: { retryAfter: number; rule: R } | null = null;
  for (const rule of rules) {
    const wait = await over(q, rule, now);
    if (wait !== null && (!refusal || wait > refusal.retryAfter)) refusal = { retryAfter: wait, rule };
  }
  if (refusal) return { allowed: false, ...refusal };
  for (const rule of rules) {
    await q.query(
      'insert into rate_limit_hits (bucket, hit_at, units, ticket) values ($1, coalesce($2::timestamptz, now()), $3, $4)',
      [rule.bucket, now, rule.units ?? 1, ticket],
    );
  }
  return { allowed: true };
}

/**
 * Moves the counts of `ticket` to now (the end of the work they were taken for): a send whose messages take a while to
 * go holds its units for a whole window after its last message, so no window of sending times holds more than the limit.
 */
export async function settleRate(q: Queryable, ticket: string, clock?: Clock): Promise<void> {
  await q.query(
    'update rate_limit_hits set hit_at = greatest(hit_at, coalesce($2::timestamptz, now())) where ticket = $1',
    [ticket, instantOf(clock)],
  );
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
