import type { PermissionMasks, PermissionRecord } from '../../schemas/permission-check';
import type { Queryable } from '../store/store';
import type { TokenUser } from '../auth/tokens';

/** What the desk guard needs to know about a token's user now, in one row. */
export interface DeskAccess {
  masks: PermissionMasks;
  disabled: boolean;
  token_version: number;
  /** Whether the token's id was revoked by logout. */
  revoked: boolean;
  /** The record of the permission asked for, or null when there is none. */
  record: PermissionRecord | null;
}

const TOKEN_USER = 'id, email, name, pwd_exp, desk_id, masks, token_version';

/** The SQL of the users: logins, their settings and what their desk tokens may still do. */
export const userRepository = {
  /** The enabled user with this (normalised) e-mail or phone, with what the tokens carry. */
  findForLogin(q: Queryable, identifier: string): Promise<TokenUser | null> {
    return q.one<TokenUser>(`select ${TOKEN_USER} from users where (email = $1 or phone = $1) and not disabled`, [
      identifier,
    ]);
  },

  /** The enabled user `id`, with what the tokens carry. */
  findEnabled(q: Queryable, id: string): Promise<TokenUser | null> {
    return q.one<TokenUser>(`select ${TOKEN_USER} from users where id = $1 and not disabled`, [id]);
  },

  /** Sets the password hash of user `id`, valid for `days` days from today. */
  async setPassword(q: Queryable, id: string, hash: string, days: number): Promise<void> {
    await q.query('update users set password_hash = $2, pwd_exp = current_date + $3::int where id = $1', [
      id,
      hash,
      days,
    ]);
  },

  /**
   * The desk guard's one query per call: the user's current masks, disabled flag and token version, whether
   * token `jti` is revoked, and the record of `permissionId`; null when the user no longer exists. Every part
   * is a primary-key lookup.
   */
  async deskAccess(q: Queryable, userId: string, jti: string, permissionId: string): Promise<DeskAccess | null> {
    const row = await q.one<Omit<DeskAccess, 'record'> & (PermissionRecord | { [K in keyof PermissionRecord]: null })>(
      `select u.masks, u.disabled, u.token_version,
              exists (select 1 from revoked_tokens r where r.jti = $2) as revoked,
              p.permission_id, p.name, p.permission_type,
              p.permission_create_mask, p.permission_update_mask, p.permission_read_mask
         from users u left join permissions p on p.permission_id = $3
        where u.id = $1`,
      [userId, jti, permissionId],
    );
    if (!row) return null;
    const { masks, disabled, token_version, revoked, ...record } = row;
    return {
      masks,
      disabled,
      token_version,
      revoked,
      record: record.permission_id ? record : null,
    };
  },

  /**
   * Revokes desk token `jti` until `expiresAt` (seconds), when it would stop working anyway; revoking it again
   * changes nothing. Tokens past their expiry are swept out on the way.
   */
  async revokeToken(q: Queryable, jti: string, expiresAt: number): Promise<void> {
    await q.query(
      `with swept as (delete from revoked_tokens where expires_at < now())
       insert into revoked_tokens (jti, expires_at) values ($1, to_timestamp($2)) on conflict (jti) do nothing`,
      [jti, expiresAt],
    );
  },
};
