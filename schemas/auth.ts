import type { FromSchema } from 'json-schema-to-ts';

const identifier = {
  type: 'string',
  title: 'E-mail or phone',
  maxLength: 254,
  pattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+|[6-9][0-9]{9})$',
  errorMessage: 'Please enter a valid e-mail or 10 digit phone number',
} as const;

const code = { type: 'string', title: 'Code', pattern: '^[0-9]{6}$', errorMessage: 'Enter the 6 digit code' } as const;

/** POST /auth/otp/request. */
export const otpRequestSchema = {
  type: 'object',
  properties: { identifier },
  required: ['identifier'],
  errorMessage: { required: { identifier: 'Please enter a valid e-mail or 10 digit phone number' } },
} as const;

/** POST /auth/otp/verify. */
export const otpVerifySchema = {
  type: 'object',
  properties: { identifier, code },
  required: ['identifier', 'code'],
  errorMessage: { required: { identifier: identifier.errorMessage, code: code.errorMessage } },
} as const;

/** POST /auth/password/change: a fresh one-time code proves the identity. */
export const passwordChangeSchema = {
  type: 'object',
  properties: {
    identifier,
    code,
    password: {
      type: 'string',
      title: 'New password',
      minLength: 8,
      maxLength: 128,
      pattern: '^(?=.*[A-Za-z])(?=.*[0-9]).*$',
      errorMessage: 'Password must be at least 8 characters with a letter and a digit',
    },
  },
  required: ['identifier', 'code', 'password'],
  errorMessage: {
    required: {
      identifier: identifier.errorMessage,
      code: code.errorMessage,
      password: 'Password must be at least 8 characters with a letter and a digit',
    },
  },
} as const;

export type OtpRequest = FromSchema<typeof otpRequestSchema>;
export type OtpVerify = FromSchema<typeof otpVerifySchema>;
export type PasswordChange = FromSchema<typeof passwordChangeSchema>;
