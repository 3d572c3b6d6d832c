/**
 * What the server reads of a thrown value, whatever was thrown (an Error, a driver's error, anything else): its
 * `code` (a SQLSTATE, a Node.js or Fastify code) and its message, read without assuming it is an Error.
 */

/** The `code` of a thrown value when it has a text one (e.g. '23505', 'ENOENT', 'FST_FILES_LIMIT'), else undefined. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  return typeof err.code === 'string' ? err.code : undefined;
}

/** The `message` of a thrown value when it has one (an Error's), as text; else undefined. */
export function errorMessage(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('message' in err)) return undefined;
  return typeof err.message === 'string' ? err.message : String(err.message);
}
