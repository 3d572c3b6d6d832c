import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store';
import { ApiError, TEXT } from '../http/envelope';
import { newId } from '../http/ids';
import { AUTH_TEXT } from '../../schemas/api/auth';
import { userRepository } from '../repos/user-repository';
import type { Mailer } from './mailer';
import { giveBack, takeRate } from './rate-limit';
import type { TokenUser } from './tokens';

/**
 * The limits of API.md "Auth". Strangers are limited by their address (429 to that address); an identifier
 * only limits how often new codes are mailed to it, so that knowing someone's e-mail address does not let a
 * stranger lock its owner out.
 */
export const OTP = {
  /** A code's lifetime. */
  ttlMinutes: 10,
  /**
   * New codes mailed per identifier within a code's lifetime; further requests mail nothing and answer the
   * same. The window equals the lifetime, so whenever sending is held back, codes mailed in the window are
   * still valid (nothing but a login uses them up, and a login starts the count again).
   */
  sendsPerIdentifier: 5,
  /** Code requests per client address per window. */
  perIp: 20,
  /** Failed code verifications per client address per window. */
  failuresPerIp: 10,
  windowSeconds: 15 * 60,
  /**
   * Consecutive failed verifications per identifier after which its codes are refused (NIST SP 800-63B 5.2.2
   * caps them at 100). The trade-off NIST names: strangers from at least ten addresses (see `failuresPerIp`)
   * can reach it, and then the owner cannot log in by code until an administrator deletes the identifier's
   * row in `otp_failures`; in exchange a guesser gets at most 100 tries against the few live codes, about 1 in
   * 2,000 with 5 codes live. A successful login starts the count again.
   */
  maxFailures: 100,
} as const;

/** E-mails compare case-insensitively; phones as typed (the schema allows only 10 digits). */
export function normalizeIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}

const hashCode = (salt: string, code: string) => createHash('sha256').update(salt).update(code).digest('hex');

/** The rate buckets: code requests and failed verifications by address, codes mailed to an identifier. */
const BUCKET = {
  requests: (ip: string) => `otp:ip:${ip}`,
  failures: (ip: string) => `otp:fail:ip:${ip}`,
  sends: (identifier: string) => `otp:id:${identifier}`,
};

const tooMany = (retryAfter: number) => new ApiError(429, [TEXT.tooMany], { 'retry-after': String(retryAfter) });

/**
 * Issues a code for `identifier` and sends it when an enabled user has that e-mail or phone. Unknown identifiers
 * get the same rate limiting, the same database work (a code row without a user) and the same answer, so the
 * reply does not reveal who has an account. Earlier codes stay valid until they expire or a login succeeds:
 * a stranger's request must not void the code the owner is typing.
 */
export async function requestCode(store: Store, mailer: Mailer, rawIdentifier: string, ip: string): Promise<void> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const byAddress = await takeRate(store, [{ bucket: BUCKET.requests(ip), limit: OTP.perIp, windowSeconds: OTP.windowSeconds }]);
  if (!byAddress.allowed) throw tooMany(byAddress.retryAfter);
  // Enough codes are on their way to this identifier: answer as usual, mail nothing (no 429, which would tell
  // a stranger's victim to stay away).
  const sending = await takeRate(store, [{ bucket: BUCKET.sends(identifier), limit: OTP.sendsPerIdentifier, windowSeconds: OTP.ttlMinutes * 60 }]);
  if (!sending.allowed) return;

  const user = await userRepository.findForLogin(store, identifier);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await store.tx(async (q) => {
    await q.query(
      `insert into otp_codes (id, identifier, user_id, code_hash, salt, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
      [newId('otp'), identifier, user?.id ?? null, hashCode(salt, code), salt, OTP.ttlMinutes],
    );
    // Housekeeping while we are here: old codes, and counts of clients that never came back.
    await q.query("delete from otp_codes where created_at < now() - interval '1 day'");
    await q.query("delete from rate_limit_hits where hit_at < now() - interval '1 day'");
  });
  if (user) {
    const message = { subject: 'Your Lego login code', body: `Your one-time code is ${code}. It is valid for ${OTP.ttlMinutes} minutes and can be used once.` };
    // The outbox is one more row in this database, recorded under the identifier as an SMS or mail would be.
    if (mailer.kind === 'outbox') return mailer.send({ to: identifier, ...message });
    // A real transport is not awaited: a slow or failing server must not make known users answer differently
    // (later, or with an error) from unknown ones. There is no SMS transport, so a phone login's code goes to
    // the account's e-mail.
    mailer.send({ to: user.email, ...message }).catch((error: unknown) => console.error(`Could not deliver the login code to ${user.email}:`, error));
  }
}

/**
 * Uses up the code of `identifier` that `code` matches (any of its live codes) and returns its enabled user;
 * else null. Tries are counted before comparing, by atomic updates, so parallel guesses cannot exceed a
 * limit: against the address (429 once it has failed {@link OTP.failuresPerIp} times; a right code gives its
 * count back) and, while the identifier has live codes, against the identifier ({@link OTP.maxFailures}).
 * Marking the code used is conditional, so only one of two simultaneous right tries wins; a login then
 * voids the other codes and starts the identifier's counts again.
 */
export async function consumeCode(store: Store, rawIdentifier: string, code: string, ip: string): Promise<TokenUser | null> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const byAddress = await takeRate(store, [{ bucket: BUCKET.failures(ip), limit: OTP.failuresPerIp, windowSeconds: OTP.windowSeconds }]);
  if (!byAddress.allowed) throw tooMany(byAddress.retryAfter);

  const live = await store.query<{ id: string; code_hash: string; salt: string }>(
    'select id, code_hash, salt from otp_codes where identifier = $1 and used_at is null and expires_at > now()',
    [identifier],
  );
  // Without a live code nothing can match: the try costs the address, not the owner.
  if (live.length === 0) return null;
  const counted = await store.one(
    `insert into otp_failures (identifier, failures) values ($1, 1)
     on conflict (identifier) do update set failures = otp_failures.failures + 1, last_failure_at = now()
       where otp_failures.failures < $2
     returning failures`,
    [identifier, OTP.maxFailures],
  );
  if (!counted) throw new ApiError(429, [AUTH_TEXT.locked]);

  // Every live code is compared, so the time taken does not tell which one (if any) matched.
  let match: string | null = null;
  for (const row of live) {
    const same = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(hashCode(row.salt, code), 'hex'));
    if (same) match = row.id;
  }
  if (!match) return null;
  const userId = await store.tx(async (q) => {
    const used = await q.one<{ user_id: string | null }>(
      'update otp_codes set used_at = now() where id = $1 and used_at is null returning user_id',
      [match],
    );
    if (!used) return null;
    await q.query('update otp_codes set used_at = now() where identifier = $1 and used_at is null', [identifier]);
    await q.query('delete from otp_failures where identifier = $1', [identifier]);
    await q.query('delete from rate_limit_hits where bucket = $1', [BUCKET.sends(identifier)]);
    await giveBack(q, BUCKET.failures(ip));
    return used.user_id;
  });
  return userId ? userRepository.findEnabled(store, userId) : null;
}
