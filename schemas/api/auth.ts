import { defineCall } from './contract';
import { otpRequestSchema, otpVerifySchema, passwordChangeSchema } from '../auth';

const auth = { service: 'auth', envelope: 'main', public: true } as const;

/** Login by one-time code and the password change of spec 000 section 1; they need no desk token. */
export const authCalls = {
  requestCode: defineCall({ ...auth, id: 'auth.requestCode', method: 'POST', path: '/auth/otp/request', summary: 'Sends a one-time code (the same answer for known and unknown users)', body: otpRequestSchema, messages: ['Too many requests. Please try again later'] }),
  verifyCode: defineCall({ ...auth, id: 'auth.verifyCode', method: 'POST', path: '/auth/otp/verify', summary: 'Exchanges a code for the desk and auth tokens', body: otpVerifySchema, messages: ['Invalid or expired code', 'Too many requests. Please try again later'] }),
  changePassword: defineCall({ ...auth, id: 'auth.changePassword', method: 'POST', path: '/auth/password/change', summary: 'Sets a new password (the expired-password dialog)', body: passwordChangeSchema, messages: ['Unauthorized'] }),
};
