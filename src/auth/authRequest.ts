import { serviceUrl } from '../../engine/data/services';
import type { Contract } from '../../schemas/api/contract';
import { retryAfterSeconds, tooManyText } from './retryAfter';

/** The outcome of a login call: its data, or the texts to show and, for a 429, the seconds to wait. */
export type AuthFailure = { ok: false; status: number; messages: string[]; retryAfter: number | null };
export type AuthResult<T> = { ok: true; data: T | undefined } | AuthFailure;

const NETWORK = 'Network error. Please check your connection';

/**
 * Posts one of the login calls (main envelope, no session yet). The engine's HTTP helper does not hand back the
 * answer's headers, and a refused login must say how long to wait, which only `Retry-After` tells.
 */
export async function postAuth<T>(call: Contract, body: unknown): Promise<AuthResult<T>> {
  let res: Response;
  try {
    res = await fetch(serviceUrl(call.service, call.path), {
      method: call.method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, messages: [NETWORK], retryAfter: null };
  }
  const envelope = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: unknown } | null;
  const messages = Array.isArray(envelope?.message)
    ? envelope.message.map(String)
    : typeof envelope?.message === 'string' && envelope.message
      ? [envelope.message]
      : [];
  if (res.ok && envelope?.success !== false) return { ok: true, data: envelope?.data };
  return {
    ok: false,
    status: res.status,
    messages: messages.length ? messages : [res.statusText || `Request failed (${res.status})`],
    retryAfter: res.status === 429 ? retryAfterSeconds(res.headers.get('retry-after')) : null,
  };
}

/** What the page shows when a call is refused: the headline and, under it, the server's more specific text. */
export interface Refusal {
  title: string;
  description?: string;
}

/**
 * The refusal of a failed login call. A 429 states the wait its Retry-After asks for; a text of the server's
 * other than the generic 'Too many requests' (the account's lock-out) stays under it.
 */
export function refusalOf(result: AuthFailure): Refusal {
  if (result.status !== 429 || result.retryAfter === null) return { title: result.messages.join(' ') };
  const specific = result.messages.filter((m) => !m.startsWith('Too many requests'));
  return { title: tooManyText(result.retryAfter), description: specific.length ? specific.join(' ') : undefined };
}
