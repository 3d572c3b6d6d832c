import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_KEY, INVALID_ACCESS_KEY } from '../../schemas/access-key';
import { ApiError } from './envelope';
import { errorHandler } from './validation';

/** The data family's answer (spec 001 section 7): `{status: 'ok', result: {status: 1, data, message}}`. */
export interface DataEnvelope<T> {
  status: 'ok' | 'error';
  result: { status: 0 | 1; data?: T; message: string; [field: string]: unknown };
}

/** A successful data-family answer; `message` is what the console shows where the spec shows the server's text. */
export function dataOk<T>(data: T, message = '', extra: Record<string, unknown> = {}): DataEnvelope<T> {
  return { status: 'ok', result: { status: 1, data, message, ...extra } };
}

/** The data family's failure: a 4xx with `{status: 'error', result: {status: 0, message}}`. */
export function dataFail(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ status: 'error', result: { status: 0, message } });
}

/** The access key is optional; when sent it must be the fixed one (see schemas/access-key.ts). */
export function checkKey(key: unknown): void {
  if (key !== undefined && key !== ACCESS_KEY) throw new ApiError(400, [INVALID_ACCESS_KEY]);
}

/** An id as the data family sends it (number or digit string; null/'' = none). */
export const idText = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));

/**
 * Failures of the data family's own rules (unknown ids, conflicts) as `{status: 'error', result: {status: 0,
 * message}}`; credentials, validation and anything unexpected are left to the shared handler, as on every route.
 */
function dataErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof ApiError && err.status !== 401 && err.status !== 403 && err.status < 500) {
    const body: DataEnvelope<never> = { status: 'error', result: { status: 0, message: err.messages.join(', ') } };
    return reply.code(err.status).headers(err.headers).send(body);
  }
  return errorHandler(err, request, reply);
}

/** Registers `routes` in a child context whose failures answer in the data family's envelope (guards inherited). */
export async function withDataEnvelope(app: FastifyInstance, routes: (api: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (api) => {
    api.setErrorHandler(dataErrorHandler);
    await routes(api);
  });
}
