import type { FromSchema } from 'json-schema-to-ts';

/**
 * An e-mail (something@domain.tld, at most 254 characters) or a mobile number. The domain is read as one character,
 * the characters up to its first dot, then the rest: the same texts as `[^@\s]+\.[^@\s]+`, without the overlap that
 * lets a backtracking engine try every dot (and take quadratic time on `a@a.a.a...`).
 */
const identifier = {
  type: 'string',
  title: 'E-mail or phone',
  maxLength: 254,
  pattern: '^([^@\\s]+@[^@\\s][^@\\s.]*\\.[^@\\s]+|[6-9][0-9]{9})$',
  errorMessage: 'Please enter a valid e-mail or 10 digit phone number',
} as const;

const code = {
  type: 'string',
  title: 'Code',
  maxLength: 6,
  pattern: '^[0-9]{6}$',
  errorMessage: 'Enter the 6 digit code',
} as const;

const PASSWORD_RULE = 'Password must be at least 8 characters with a letter and a digit';

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
      // A letter and a digit anywhere: two plain patterns rather than lookaheads, which RE2 (the server's engine) lacks.
      allOf: [
        { maxLength: 128, pattern: '[A-Za-z]' },
        { maxLength: 128, pattern: '[0-9]' },
      ],
      errorMessage: PASSWORD_RULE,
    },
  },
  required: ['identifier', 'code', 'password'],
  errorMessage: {
    required: {
      identifier: identifier.errorMessage,
      code: code.errorMessage,
      password: PASSWORD_RULE,
    },
  },
} as const;

export type OtpRequest = FromSchema<typeof otpRequestSchema>;
export type OtpVerify = FromSchema<typeof otpVerifySchema>;
export type PasswordChange = FromSchema<typeof passwordChangeSchema>;
