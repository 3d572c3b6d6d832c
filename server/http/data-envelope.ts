import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_KEY, INVALID_ACCESS_KEY } from '../../schemas/access-key';
import { ApiError, fail, type Envelope } from './envelope';
import { describeFailure } from './validation';

/** The data family's answer (spec 001 section 7): `{status: 'ok', result: {status: 1, data, message}}`. */
export interface DataEnvelope<T> {
  status: 'ok' | 'error';
  result: { status: 0 | 1; data?: T; message: string; [field: string]: unknown };
}

/** A successful data-family answer; `message` is what the console shows where the spec shows the server's text. */
export function dataOk<T>(data: T, message = '', extra: Record<string, unknown> = {}): DataEnvelope<T> {
  return { status: 'ok', result: { status: 1, data, message, ...extra } };
}

/** The access key is optional; when sent it must be the fixed one (see schemas/access-key.ts). */
export function checkKey(key: unknown): void {
  if (key !== undefined && key !== ACCESS_KEY) throw new ApiError(400, [INVALID_ACCESS_KEY]);
}

/** An id as the data family sends it (number or digit string; null/'' = none). */
export const idText = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : String(value);

/** How the data family joins several texts into its single `result.message` (texts may hold commas). */
export const MESSAGE_JOIN = '; ';

/**
 * Every failure of a data-family call (unknown ids, conflicts, validation, bad JSON, unexpected errors) as
 * `{status: 'error', result: {status: 0, message}}` with its status; only the credential checks (401/403), which
 * run before any family's code, keep the main envelope they answer everywhere else.
 */
export function dataErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const failure = describeFailure(err, request);
  const credentials = failure.status === 401 || failure.status === 403;
  const body: DataEnvelope<never> | Envelope<null> = credentials
    ? fail(failure.messages)
    : { status: 'error', result: { status: 0, message: failure.messages.join(MESSAGE_JOIN) } };
  return reply.code(failure.status).headers(failure.headers).send(body);
}
