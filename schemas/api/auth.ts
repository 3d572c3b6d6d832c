import type { FromSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import { none, shape, str } from './shapes';
import { otpRequestSchema, otpVerifySchema, passwordChangeSchema } from '../auth';

const auth = { service: 'auth', envelope: 'main', public: true } as const;

/**
 * Largest body of the login calls: an identifier (254), a code and a password (128) fit many times over. Anything
 * larger is answered 413 before it is even parsed, since these calls are open to anyone.
 */
export const AUTH_BODY_LIMIT = 4096;

const TOO_MANY = 'Too many requests. Please try again later';
const BAD_CODE = 'Invalid or expired code';

/** Texts of the auth calls that only they answer. */
export const AUTH_TEXT = {
  /**
   * After 100 wrong codes for one account (NIST SP 800-63B 5.2.2), for the waiting period its Retry-After header
   * gives; the account's pending codes are void, so a new one is needed.
   */
  locked: 'Too many wrong codes for this account. Please wait, then request a new code',
} as const;

/** What a code check answers besides success: a wrong code, or too many tries. */
const CODE_ANSWERS = {
  401: `'${BAD_CODE}': a wrong, used or expired code`,
  429: `'${TOO_MANY}' after too many wrong codes from this address, or '${AUTH_TEXT.locked}' while the account waits; Retry-After gives the seconds to wait`,
} as const;

/** What a good code gets: the login token, the desk token the API calls carry, and who logged in. */
export const loginAnswer = shape({
  token: { ...str, description: "The login token (sub, email, name, pwd_exp, typ 'login')" },
  deskToken: { ...str, description: "The desk token every guarded call carries (typ 'desk')" },
  user: shape({ id: str, name: str, email: str }),
});

/** What a good code gets. */
export type LoginAnswer = FromSchema<typeof loginAnswer>;

/**
 * Login by one-time code, the password change of spec 000 section 1 and logout. None is behind the desk guard:
 * logout reads the desk token itself, so that a desk without Lego access or a disabled user can end a session too.
 */
export const authCalls = {
  requestCode: defineCall({
    ...auth,
    id: 'auth.requestCode',
    method: 'POST',
    path: '/auth/otp/request',
    summary: 'Sends a one-time code (the same answer for known and unknown users)',
    body: otpRequestSchema,
    bodyLimit: AUTH_BODY_LIMIT,
    messages: [TOO_MANY],
    answers: {
      429: `'${TOO_MANY}': too many code requests from this address (or over a sending quota); Retry-After gives the seconds to wait`,
    },
    answer: none,
  }),
  verifyCode: defineCall({
    ...auth,
    id: 'auth.verifyCode',
    method: 'POST',
    path: '/auth/otp/verify',
    summary: 'Exchanges a code for the desk and auth tokens',
    body: otpVerifySchema,
    bodyLimit: AUTH_BODY_LIMIT,
    messages: [BAD_CODE, TOO_MANY, AUTH_TEXT.locked],
    answers: CODE_ANSWERS,
    answer: loginAnswer,
  }),
  changePassword: defineCall({
    ...auth,
    id: 'auth.changePassword',
    method: 'POST',
    path: '/auth/password/change',
    summary: 'Sets a new password (the expired-password dialog)',
    body: passwordChangeSchema,
    bodyLimit: AUTH_BODY_LIMIT,
    messages: [BAD_CODE, TOO_MANY, AUTH_TEXT.locked],
    answers: CODE_ANSWERS,
    answer: none,
  }),
  logout: defineCall({
    ...auth,
    id: 'auth.logout',
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revokes the desk token the call carries (Authorization: Bearer or token header); again is no error',
    bodyLimit: AUTH_BODY_LIMIT,
    messages: ['Unauthorized'],
    answers: { 401: "'Unauthorized': no desk token, or one not signed here" },
    answer: none,
  }),
};
