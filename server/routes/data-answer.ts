import type { FastifyReply } from 'fastify';
import { ACCESS_KEY, INVALID_ACCESS_KEY } from '../../schemas/access-key';
import { ApiError } from '../http/envelope';

/** The data family's success (spec 001 section 7): `{status:'ok', result:{status:1, data, message}}`. */
export function dataOk(data: unknown, message = '', extra: Record<string, unknown> = {}) {
  return { status: 'ok', result: { status: 1, data, message, ...extra } };
}

/** The data family's failure: a 4xx with `{status:'error', result:{status:0, message}}`. */
export function dataFail(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ status: 'error', result: { status: 0, message } });
}

/** The access key is optional; when sent it must be the fixed one (see schemas/access-key.ts). */
export function checkKey(key: unknown): void {
  if (key !== undefined && key !== ACCESS_KEY) throw new ApiError(400, [INVALID_ACCESS_KEY]);
}

/** An id as the data family sends it (number or digit string; null/'' = none). */
export const idText = (value: unknown): string | null => (value === undefined || value === null || value === '' ? null : String(value));
