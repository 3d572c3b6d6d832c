import type { Queryable } from '../store/store';

/** The SQL of the users' own settings (the one-time-code login reads users in `auth/otp.ts`). */
export const userRepository = {
  /** Sets the password hash of user `id`, valid for `days` days from today. */
  async setPassword(q: Queryable, id: string, hash: string, days: number): Promise<void> {
    await q.query('update users set password_hash = $2, pwd_exp = current_date + $3::int where id = $1', [id, hash, days]);
  },
};
