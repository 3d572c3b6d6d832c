import { MSG } from '../../schemas/messages';

/** The main API's answer: `message` lists texts the console shows as error toasts (`[]` on success). */
export interface Envelope<T> {
  success: boolean;
  data: T;
  message: string[];
}

/** A successful answer carrying `data`. */
export function ok<T>(data: T): Envelope<T> {
  return { success: true, data, message: [] };
}

/** A failed answer; `data` is always null so a denied caller learns nothing else. */
export function fail(messages: string[]): Envelope<null> {
  return { success: false, data: null, message: messages };
}

/** An error a handler throws to answer with `status` and these messages (rendered by the error handler). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
    readonly headers: Record<string, string> = {},
  ) {
    super(messages.join('; '));
  }
}

/** The texts used by more than one route family. */
export const TEXT = {
  notFound: MSG.notFound,
  unauthorized: 'Unauthorized',
  noLego: 'This desk does not have Lego access',
  failed: 'Something went wrong. Please try again',
  concurrentChange: 'Another desk changed the same records at the same moment: nothing was saved, please try again',
  tooMany: 'Too many requests. Please try again later',
  badCode: 'Invalid or expired code',
  invalidValue: 'Invalid value',
} as const;

/** 404 'Not found': an unknown id, or one that belongs to another company. */
export const notFound = () => new ApiError(404, [TEXT.notFound]);
