import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/store';
import { ApiError, TEXT } from '../http/envelope';
import { newId } from '../http/ids';
import type { Mailer } from './mailer';
import { takeRate } from './rate-limit';
import type { TokenUser } from './tokens';

/** Limits of API.md: 10 minutes, 5 tries; 5 requests per identifier and 20 per IP in 15 minutes. */
export const OTP = { ttlMinutes: 10, maxAttempts: 5, perIdentifier: 5, perIp: 20, windowSeconds: 15 * 60 } as const;

/** E-mails compare case-insensitively; phones as typed (the schema allows only 10 digits). */
export function normalizeIdentifier(identifier: string): string {
  return identifier.trim().toLowerCase();
}

const hashCode = (salt: string, code: string) => createHash('sha256').update(salt).update(code).digest('hex');

/** The user row with what the tokens need. */
export async function findUser(db: Pick<Store, 'one'>, identifier: string): Promise<TokenUser | null> {
  return db.one<TokenUser>(
    'select id, email, name, pwd_exp, desk_id, masks from users where email = $1 or phone = $1',
    [identifier],
  );
}

/**
 * Issues a code for `identifier` and sends it when a user has that e-mail or phone. Unknown identifiers get
 * the same rate limiting, the same database work (a code row without a user) and the same answer, so the
 * reply does not reveal who has an account. Earlier unused codes of the identifier stop working.
 */
export async function requestCode(store: Store, mailer: Mailer, rawIdentifier: string, ip: string): Promise<void> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const verdict = await takeRate(store, [
    { bucket: `otp:id:${identifier}`, limit: OTP.perIdentifier, windowSeconds: OTP.windowSeconds },
    { bucket: `otp:ip:${ip}`, limit: OTP.perIp, windowSeconds: OTP.windowSeconds },
  ]);
  if (!verdict.allowed) throw new ApiError(429, [TEXT.tooMany], { 'retry-after': String(verdict.retryAfter) });

  const user = await findUser(store, identifier);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  await store.tx(async (q) => {
    await q.query('update otp_codes set used_at = now() where identifier = $1 and used_at is null', [identifier]);
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
 * Uses up the current code of `identifier` if `code` matches, returning its user; else null. Each try is
 * counted before comparing (an atomic update), so parallel guesses cannot exceed the limit, and marking the
 * code used is conditional, so only one of two simultaneous correct tries wins.
 */
export async function consumeCode(store: Store, rawIdentifier: string, code: string): Promise<TokenUser | null> {
  const identifier = normalizeIdentifier(rawIdentifier);
  const row = await store.one<{ id: string; code_hash: string; salt: string }>(
    `update otp_codes set attempts = attempts + 1
      where id = (select id from otp_codes where identifier = $1 and used_at is null and expires_at > now()
                  order by created_at desc limit 1)
        and attempts < $2 and used_at is null
      returning id, code_hash, salt`,
    [identifier, OTP.maxAttempts],
  );
  if (!row) return null;
  const expected = Buffer.from(row.code_hash, 'hex');
  const actual = Buffer.from(hashCode(row.salt, code), 'hex');
  if (!timingSafeEqual(expected, actual)) return null;
  const used = await store.one<{ user_id: string | null }>(
    'update otp_codes set used_at = now() where id = $1 and used_at is null returning user_id',
    [row.id],
  );
  if (!used?.user_id) return null;
  return store.one<TokenUser>('select id, email, name, pwd_exp, desk_id, masks from users where id = $1', [used.user_id]);
}
