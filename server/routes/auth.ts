import type { FastifyInstance } from 'fastify';
import { authCalls } from '../../schemas/api/auth';
import { ApiError, TEXT, ok } from '../http/envelope';
import { route } from '../http/route';
import { consumeCode, requestCode } from '../auth/otp';
import { hashPassword } from '../auth/passwords';
import { userRepository } from '../repos/user-repository';
import type { AppContext } from '../context';

/** Days a changed password stays valid. */
const PASSWORD_DAYS = 90;

/** One-time-code login and password change (API.md "Auth"); no desk token needed. */
export async function authRoutes(app: FastifyInstance, { store, mailer, tokens }: AppContext) {
  route(app, authCalls.requestCode, async ({ body, ip }) => {
    await requestCode(store, mailer, body.identifier, ip);
    return ok(null);
  });

  route(app, authCalls.verifyCode, async ({ body }) => {
    const user = await consumeCode(store, body.identifier, body.code);
    if (!user) throw new ApiError(401, [TEXT.badCode]);
    const [token, deskToken] = await Promise.all([tokens.login(user), tokens.desk(user)]);
    return ok({ token, deskToken, user: { id: user.id, name: user.name, email: user.email } });
  });

  route(app, authCalls.changePassword, async ({ body }) => {
    const user = await consumeCode(store, body.identifier, body.code);
    if (!user) throw new ApiError(401, [TEXT.badCode]);
    await userRepository.setPassword(store, user.id, await hashPassword(body.password), PASSWORD_DAYS);
    return ok(null);
  });
}
