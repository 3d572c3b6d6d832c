import type { FastifyInstance } from 'fastify';
import { otpRequestSchema, otpVerifySchema, passwordChangeSchema } from '../../schemas/auth';
import type { OtpRequest, OtpVerify, PasswordChange } from '../../schemas/auth';
import { ApiError, TEXT, ok } from '../http/envelope';
import { consumeCode, requestCode } from '../auth/otp';
import { hashPassword } from '../auth/passwords';
import type { AppContext } from '../context';

/** Days a changed password stays valid. */
const PASSWORD_DAYS = 90;

/** One-time-code login and password change (API.md "Auth"); no desk token needed. */
export async function authRoutes(app: FastifyInstance, { store, mailer, tokens }: AppContext) {
  app.post<{ Body: OtpRequest }>('/auth/otp/request', { schema: { body: otpRequestSchema } }, async (request) => {
    await requestCode(store, mailer, request.body.identifier, request.ip);
    return ok(null);
  });

  app.post<{ Body: OtpVerify }>('/auth/otp/verify', { schema: { body: otpVerifySchema } }, async (request) => {
    const user = await consumeCode(store, request.body.identifier, request.body.code);
    if (!user) throw new ApiError(401, [TEXT.badCode]);
    const [token, deskToken] = await Promise.all([tokens.login(user), tokens.desk(user)]);
    return ok({ token, deskToken, user: { id: user.id, name: user.name, email: user.email } });
  });

  app.post<{ Body: PasswordChange }>(
    '/auth/password/change',
    { schema: { body: passwordChangeSchema } },
    async (request) => {
      const user = await consumeCode(store, request.body.identifier, request.body.code);
      if (!user) throw new ApiError(401, [TEXT.badCode]);
      const hash = await hashPassword(request.body.password);
      await store.query(
        'update users set password_hash = $2, pwd_exp = current_date + $3::int where id = $1',
        [user.id, hash, PASSWORD_DAYS],
      );
      return ok(null);
    },
  );
}
