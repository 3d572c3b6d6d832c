/**
 * The fixed access key some data-family calls of spec 001 send (`key`). It is the same for every user, so it
 * proves nothing: the server still requires the user's desk token and only checks that a key, when sent, is this one.
 */
export const ACCESS_KEY = 'lego-console';

/** The message when a call sends another key. */
export const INVALID_ACCESS_KEY = 'Invalid access key';

/** The access key as a schema property: optional, and when present exactly {@link ACCESS_KEY}. */
export const accessKeySchema = { type: 'string', const: ACCESS_KEY, errorMessage: INVALID_ACCESS_KEY } as const;
