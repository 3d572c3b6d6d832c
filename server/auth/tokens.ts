import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import type { PermissionMasks } from '../../schemas/permission-check';
import type { Queryable } from '../store/store';
import { newId } from '../http/ids';
import { isRecord } from '../../schemas/guards';

/** Both tokens live 12 hours. */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60;

/** The user fields the tokens carry. */
export interface TokenUser {
  id: string;
  email: string;
  name: string;
  pwd_exp: string;
  desk_id: string;
  masks: PermissionMasks;
  /** Bumped whenever what a desk token says about the user changes (migration 050); a token of another version is refused. */
  token_version: number;
}

/** What a verified desk token tells the API about its caller. */
export interface DeskClaims {
  userId: string;
  email: string;
  deskId: string;
  /** The masks the token was signed with; the desk guard replaces them with the user's current ones. */
  masks: PermissionMasks;
  /** The token's id (`jti`), what logout revokes. */
  tokenId: string;
  /** The user's token version when the token was signed (`ver`). */
  version: number;
  /** When the token expires, in seconds (`exp`). */
  expiresAt: number;
}

/** Signs and checks the login and desk tokens (JWT, HS256). */
export interface TokenService {
  /** Login token: sub, email, name, pwd_exp ('YYYY-MM-DD'), exp (seconds), typ 'login'. */
  login(user: TokenUser): Promise<string>;
  /** Desk token: sub, email, deskId, masks, ver (the user's token version), jti (a new id), exp, typ 'desk'. */
  desk(user: TokenUser): Promise<string>;
  /**
   * The claims of a valid desk token, or null (missing, malformed, expired, wrongly signed, not a desk token, or
   * without ver or jti). With `acceptExpired` a token signed here whose exp has passed is read too (logout).
   */
  verifyDesk(token: string, options?: { acceptExpired?: boolean }): Promise<DeskClaims | null>;
}

const isMaskSet = (m: unknown): m is PermissionMasks =>
  isRecord(m) && typeof m.create === 'string' && typeof m.update === 'string' && typeof m.read === 'string';

/** The claims of a desk token's payload, or null when it lacks one this API puts in every desk token. */
function deskClaims(payload: JWTPayload): DeskClaims | null {
  const { typ, sub, masks, ver, jti, exp } = payload;
  if (typ !== 'desk' || !sub || !isMaskSet(masks) || typeof ver !== 'number' || !Number.isInteger(ver)) return null;
  if (typeof jti !== 'string' || !jti) return null;
  if (typeof exp !== 'number') return null;
  return {
    userId: sub,
    email: String(payload.email ?? ''),
    deskId: String(payload.deskId ?? ''),
    masks,
    tokenId: jti,
    version: ver,
    expiresAt: exp,
  };
}

/** A token service signing with `secret`. */
export function createTokenService(secret: Uint8Array): TokenService {
  const sign = (claims: Record<string, unknown>, sub: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
      .sign(secret);
  return {
    login: (u) => sign({ typ: 'login', email: u.email, name: u.name, pwd_exp: u.pwd_exp }, u.id),
    desk: (u) =>
      sign(
        { typ: 'desk', email: u.email, deskId: u.desk_id, masks: u.masks, ver: u.token_version, jti: newId('tok') },
        u.id,
      ),
    async verifyDesk(token, options = {}) {
      let payload: JWTPayload;
      try {
        // A token that never expires is refused, however well signed: every token this API issues carries exp.
        ({ payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'jti'] }));
      } catch (error) {
        // jose checks the signature before the claims: an expired token's payload is one this API signed.
        if (!(options.acceptExpired && error instanceof errors.JWTExpired)) return null;
        payload = error.payload;
      }
      return deskClaims(payload);
    },
  };
}

/**
 * The signing secret: `JWT_SECRET` when given, else one generated on first start and kept in `settings`, so
 * tokens survive restarts and every instance on the same database agrees. `on conflict do nothing` lets two
 * instances starting together settle on the first one written.
 */
export async function loadJwtSecret(db: Queryable, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db.query("insert into settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing", [
    randomBytes(32).toString('base64'),
  ]);
  const row = await db.one<{ value: string }>("select value from settings where key = 'jwt_secret'");
  return new Uint8Array(Buffer.from(row!.value, 'base64'));
}
