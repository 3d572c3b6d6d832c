import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { PermissionMasks } from '../../schemas/permission-check';
import type { Queryable } from '../store/store';

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
}

/** What a verified desk token tells the API about its caller. */
export interface DeskClaims {
  userId: string;
  email: string;
  deskId: string;
  masks: PermissionMasks;
}

/** Signs and checks the login and desk tokens (JWT, HS256). */
export interface TokenService {
  /** Login token: sub, email, name, pwd_exp ('YYYY-MM-DD'), exp (seconds), typ 'login'. */
  login(user: TokenUser): Promise<string>;
  /** Desk token: sub, email, deskId, masks, exp, typ 'desk'. */
  desk(user: TokenUser): Promise<string>;
  /** The claims of a valid desk token, or null (missing, malformed, expired, wrongly signed, not a desk token). */
  verifyDesk(token: string): Promise<DeskClaims | null>;
}

const isMaskSet = (m: unknown): m is PermissionMasks =>
  !!m && typeof m === 'object' && ['create', 'update', 'read'].every((k) => typeof (m as never)[k] === 'string');

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
    desk: (u) => sign({ typ: 'desk', email: u.email, deskId: u.desk_id, masks: u.masks }, u.id),
    async verifyDesk(token) {
      try {
        // A token that never expires is refused, however well signed: every token this API issues carries exp.
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        if (payload.typ !== 'desk' || !payload.sub || !isMaskSet(payload.masks)) return null;
        return {
          userId: payload.sub,
          email: String(payload.email ?? ''),
          deskId: String(payload.deskId ?? ''),
          masks: payload.masks,
        };
      } catch {
        return null;
      }
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
