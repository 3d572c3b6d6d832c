import type { FastifyInstance } from 'fastify';
import { authCalls } from '../../schemas/api/auth';
import { ApiError, TEXT, ok } from '../http/envelope';
import { route } from '../http/route';
import { consumeCode, requestCode } from '../auth/otp';
import { hashPassword } from '../auth/passwords';
import { tokenOf } from '../auth/desk-guard';
import { userRepository } from '../repos/user-repository';
import type { AppContext } from '../context';

/** Days a changed password stays valid. */
const PASSWORD_DAYS = 90;

/**
 * One-time-code login, password change and logout (API.md "Auth"); none is behind the desk guard. `clock`
 * measures code lifetimes, rate windows and waiting periods (default: the database's clock).
 */
export async function authRoutes(app: FastifyInstance, { store, mailer, tokens, clock }: AppContext) {
  route(app, authCalls.requestCode, async ({ body, ip }) => {
    await requestCode(store, mailer, body.identifier, ip, clock);
    return ok(null);
  });

  route(app, authCalls.verifyCode, async ({ body, ip }) => {
    const user = await consumeCode(store, body.identifier, body.code, ip, clock);
    if (!user) throw new ApiError(401, [TEXT.badCode]);
    const [token, deskToken] = await Promise.all([tokens.login(user), tokens.desk(user)]);
    return ok({ token, deskToken, user: { id: user.id, name: user.name, email: user.email } });
  });

  route(app, authCalls.changePassword, async ({ body, ip }) => {
    const user = await consumeCode(store, body.identifier, body.code, ip, clock);
    if (!user) throw new ApiError(401, [TEXT.badCode]);
    await userRepository.setPassword(store, user.id, await hashPassword(body.password), PASSWORD_DAYS);
    return ok(null);
  });

  // A desk token signed here is revoked until it expires; one already revoked or expired needs nothing more,
  // and the answer is the same. Without a token, or with one not signed here, there is nothing to log out of.
  route(app, authCalls.logout, async (request) => {
    const token = tokenOf(request);
    const claims = token ? await tokens.verifyDesk(token, { acceptExpired: true }) : null;
    if (!claims) throw new ApiError(401, [TEXT.unauthorized]);
    if (claims.expiresAt > Date.now() / 1000) await userRepository.revokeToken(store, claims.tokenId, claims.expiresAt);
    return ok(null);
  });
}
