import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable, Store } from '../store/store';
import { ApiError, TEXT } from '../http/envelope';
import { newId } from '../http/ids';
import { AUTH_TEXT } from '../../schemas/api/auth';
import { userRepository } from '../repos/user-repository';
import type { Mailer } from './mailer';
import { addressGroup, giveBack, instantOf, takeRate, type Clock } from './rate-limit';
import { DEFAULT_QUOTAS, admitOutbound, codeBucket } from '../rules/outbound-gate';
import type { TokenUser } from './tokens';

/**
 * The limits of API.md "Auth". Strangers are limited by their address (429 to that address); an identifier
 * only limits how often new codes are mailed to it, so that knowing someone's e-mail address does not let a
 * stranger lock its owner out. Only the account limit of NIST SP 800-63B 5.2.2 can refuse the owner, and then
 * for a waiting period, never for good.
 */
export const OTP = {
  /** A code's lifetime. */
  ttlMinutes: 10,
  /**
   * New codes mailed per identifier within a code's lifetime; further requests mail nothing and answer the
   * same. The window equals the lifetime, so whenever sending is held back, codes mailed in the window are
   * still valid (nothing but a login or a lock-out uses them up, and both start the count again).
   */
  sendsPerIdentifier: 5,
  /** Code requests per client address (an IPv6 /64) per window. */
  perIp: 20,
  /** Failed code verifications per client address (an IPv6 /64) per window. */
  failuresPerIp: 10,
  windowSeconds: 15 * 60,
  /**
   * Failed verifications per account (the user, whether the e-mail or the phone was typed) after which its live
   * codes are voided and verification waits: NIST SP 800-63B 5.2.2 caps consecutive failures at 100.
   */
  maxFailures: 100,
  /** The first waiting period; each further lock-out before a login doubles it, up to `maxWaitSeconds`. */
  firstWaitSeconds: 60,
  maxWaitSeconds: 4 * 60 * 60,
} as const;

/** E-mails compare case-insensitively; phones as typed (the schema allows only 10 digits). */
export function normalizeIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}

const hashCode = (salt: string, code: string) => createHash('sha256').update(salt).update(code).digest('hex');

/** The rate buckets: code requests and failed verifications by address, codes mailed to an identifier. */
const BUCKET = {
  requests: (ip: string) => `otp:ip:${addressGroup(ip)}`,
  failures: (ip: string) => `otp:fail:ip:${addressGroup(ip)}`,
  sends: codeBucket,
};

/**
 * Whose failures a try counts against: the enabled user with that e-mail or phone, else the identifier itself
 * (unknown and disabled identifiers are limited in the same way, so the limit does not tell them apart).
 */
interface Account {
  key: string;
  user: TokenUser | null;
}

async function accountOf(q: Queryable, identifier: string): Promise<Account> {
  const user = await userRepository.findForLogin(q, identifier);
  return { key: user ? `user:${user.id}` : `identifier:${identifier}`, user };
}

/** Seconds left of the account's waiting period, or null when it is not waiting. */
async function waitLeft(q: Queryable, account: Account, now: string | null): Promise<number | null> {
  const row = await q.one<{ wait: number }>(
    `select ceil(extract(epoch from (locked_until - coalesce($2::timestamptz, now()))))::int as wait
       from otp_failures where account = $1 and locked_until > coalesce($2::timestamptz, now())`,
    [account.key, now],
  );
  return row ? Math.max(1, row.wait) : null;
}

const tooMany = (retryAfter: number) => new ApiError(429, [TEXT.tooMany], { 'retry-after': String(retryAfter) });
const locked = (retryAfter: number) => new ApiError(429, [AUTH_TEXT.locked], { 'retry-after': String(retryAfter) });

/**
 * Issues a code for `identifier` and sends it when an enabled user has that e-mail or phone. Unknown identifiers
 * get the same rate limiting, the same database work (a code row without a user) and the same answer, so the
 * reply does not reveal who has an account. Earlier codes stay valid until they expire or a login succeeds:
 * a stranger's request must not void the code the owner is typing. While the account waits after too many
 * wrong codes nothing is mailed (the code could not be used, and may expire before the wait ends).
 */
export async function requestCode(
  store: Store,
  mailer: Mailer,
  rawIdentifier: string,
  ip: string,
  clock?: Clock,
): Promise<void> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const now = instantOf(clock);
  const byAddress = await takeRate(
    store,
    [{ bucket: BUCKET.requests(ip), limit: OTP.perIp, windowSeconds: OTP.windowSeconds }],
    clock,
  );
  if (!byAddress.allowed) throw tooMany(byAddress.retryAfter);
  const account = await accountOf(store, identifier);
  if ((await waitLeft(store, account, now)) !== null) return;
  // Enough codes are on their way to this identifier: answer as usual, mail nothing (no 429, which would tell
  // a stranger's victim to stay away).
  const refused = await store.tx((q) =>
    admitOutbound(
      q,
      DEFAULT_QUOTAS,
      { kind: 'code', identifier, perIdentifier: OTP.sendsPerIdentifier, windowSeconds: OTP.ttlMinutes * 60 },
      clock,
    ),
  );
  if (refused) return;

  const { user } = account;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await store.tx(async (q) => {
    await q.query(
      `insert into otp_codes (id, identifier, user_id, code_hash, salt, created_at, expires_at)
       values ($1, $2, $3, $4, $5, coalesce($7::timestamptz, now()), coalesce($7::timestamptz, now()) + make_interval(mins => $6))`,
      [newId('otp'), identifier, user?.id ?? null, hashCode(salt, code), salt, OTP.ttlMinutes, now],
    );
    // Housekeeping while we are here: old codes, and counts of clients that never came back.
    await q.query("delete from otp_codes where created_at < coalesce($1::timestamptz, now()) - interval '1 day'", [
      now,
    ]);
    await q.query("delete from rate_limit_hits where hit_at < coalesce($1::timestamptz, now()) - interval '1 day'", [
      now,
    ]);
  });
  if (user) {
    const message = {
      subject: 'Your Lego login code',
      body: `Your one-time code is ${code}. It is valid for ${OTP.ttlMinutes} minutes and can be used once.`,
    };
    // The outbox is one more row in this database, recorded under the identifier as an SMS or mail would be.
    if (mailer.kind === 'outbox') return mailer.send({ to: identifier, ...message });
    // A real transport is not awaited: a slow or failing server must not make known users answer differently
    // (later, or with an error) from unknown ones. There is no SMS transport, so a phone login's code goes to
    // the account's e-mail.
    mailer
      .send({ to: user.email, ...message })
      .catch((error: unknown) => console.error(`Could not deliver the login code to ${user.email}:`, error));
  }
}

/**
 * Counts one try against the account before its code is compared (one atomic statement, so parallel guesses
 * cannot exceed the limit). The try that brings the account to {@link OTP.maxFailures} starts its waiting
 * period there and then: `firstWaitSeconds`, doubled per earlier lock-out since the last login, at most
 * `maxWaitSeconds`; the count starts again for the time after it. Should that try be right after all, its login
 * ends the wait. Returns whether the try was counted and whether it started a wait, or null when the account
 * is waiting (a try that started the wait at the same moment).
 */
async function countTry(store: Store, account: Account, now: string | null): Promise<{ reachedLimit: boolean } | null> {
  const row = await store.one<{ reached: boolean }>(
    `insert into otp_failures (account, failures, last_failure_at) values ($1, 1, coalesce($5::timestamptz, now()))
     on conflict (account) do update set
       failures = case when otp_failures.failures + 1 >= $2 then 0 else otp_failures.failures + 1 end,
       lockouts = otp_failures.lockouts + case when otp_failures.failures + 1 >= $2 then 1 else 0 end,
       locked_until = case when otp_failures.failures + 1 >= $2
         then excluded.last_failure_at + make_interval(secs => least($3 * power(2, least(otp_failures.lockouts, 30)), $4))
         else otp_failures.locked_until end,
       last_failure_at = excluded.last_failure_at
     where otp_failures.locked_until is null or otp_failures.locked_until <= excluded.last_failure_at
     returning failures = 0 as reached`,
    [account.key, OTP.maxFailures, OTP.firstWaitSeconds, OTP.maxWaitSeconds, now],
  );
  return row ? { reachedLimit: row.reached } : null;
}

/**
 * The try that started the account's wait was wrong: its live codes are voided (after the wait a guesser starts
 * again against new ones), and the identifiers they were mailed to may be sent new codes at once, so the owner
 * can request one when the wait is over.
 */
async function voidLiveCodes(store: Store, account: Account, identifier: string, now: string | null): Promise<void> {
  await store.tx(async (q) => {
    const voided = await q.query<{ identifier: string }>(
      `update otp_codes set used_at = coalesce($3::timestamptz, now())
        where used_at is null and expires_at > coalesce($3::timestamptz, now()) and (identifier = $1 or user_id = $2)
        returning identifier`,
      [identifier, account.user?.id ?? null, now],
    );
    const identifiers = [...new Set([identifier, ...voided.map((v) => v.identifier)])];
    await q.query('delete from rate_limit_hits where bucket = any($1::text[])', [identifiers.map(BUCKET.sends)]);
  });
}

/**
 * Uses up the code of `identifier` that `code` matches (any of its live codes) and returns its enabled user;
 * else null. While the account waits after too many failures every code is refused (429 with Retry-After).
 * Tries are counted before comparing: against the address (429 once it has failed {@link OTP.failuresPerIp}
 * times; a right code gives its count back) and, while the identifier has live codes, against the account
 * ({@link OTP.maxFailures}, then a waiting period). Marking the code used is conditional, so only one of two
 * simultaneous right tries wins; a login then voids the account's other codes and starts its counts again.
 */
export async function consumeCode(
  store: Store,
  rawIdentifier: string,
  code: string,
  ip: string,
  clock?: Clock,
): Promise<TokenUser | null> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const now = instantOf(clock);
  const account = await accountOf(store, identifier);
  // First, so that tries during the wait are neither compared nor held against the owner's address.
  const waiting = await waitLeft(store, account, now);
  if (waiting !== null) throw locked(waiting);
  const byAddress = await takeRate(
    store,
    [{ bucket: BUCKET.failures(ip), limit: OTP.failuresPerIp, windowSeconds: OTP.windowSeconds }],
    clock,
  );
  if (!byAddress.allowed) throw tooMany(byAddress.retryAfter);

  const live = await store.query<{ id: string; code_hash: string; salt: string }>(
    'select id, code_hash, salt from otp_codes where identifier = $1 and used_at is null and expires_at > coalesce($2::timestamptz, now())',
    [identifier, now],
  );
  // Without a live code nothing can match: the try costs the address, not the owner.
  if (live.length === 0) return null;
  const counted = await countTry(store, account, now);
  if (!counted) throw locked((await waitLeft(store, account, now)) ?? 1);

  // Every live code is compared, so the time taken does not tell which one (if any) matched.
  let match: string | null = null;
  for (const row of live) {
    const same = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(hashCode(row.salt, code), 'hex'));
    if (same) match = row.id;
  }
  if (!match) {
    if (counted.reachedLimit) await voidLiveCodes(store, account, identifier, now);
    return null;
  }
  const userId = await store.tx(async (q) => {
    const used = await q.one<{ user_id: string | null }>(
      'update otp_codes set used_at = coalesce($2::timestamptz, now()) where id = $1 and used_at is null returning user_id',
      [match, now],
    );
    if (!used) return null;
    await q.query(
      'update otp_codes set used_at = coalesce($3::timestamptz, now()) where used_at is null and (identifier = $1 or user_id = $2)',
      [identifier, account.user?.id ?? null, now],
    );
    await q.query('delete from otp_failures where account = $1', [account.key]);
    await q.query('delete from rate_limit_hits where bucket = $1', [BUCKET.sends(identifier)]);
    await giveBack(q, BUCKET.failures(ip));
    return used.user_id;
  });
  return userId ? userRepository.findEnabled(store, userId) : null;
}
