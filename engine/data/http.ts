import { isRecord } from './pick';
import { deskToken } from './session';
import { serviceUrl, type ServiceName } from './services';
import type { EnvelopeKind as ContractEnvelope, Method } from '../../schemas/api/contract';

/** The main API envelope (spec 000 section 7). */
export interface MainEnvelope<T = unknown> {
  success: boolean;
  data: T;
  message: string[];
}

/**
 * The outcome of a call: never thrown, so callers branch on `ok`. `etag` is the answer's ETag header, when it has
 * one: the version of the record read or saved, to send back as `ifMatch` with the next save.
 */
export type HttpResult<T> =
  | { ok: true; status: number; data: T | undefined; body: unknown; messages: string[]; etag?: string }
  | { ok: false; status: number; messages: string[]; body: unknown };

/** The status of a conditional save refused because the record changed since it was read (see `ifMatch`). */
export const STALE_RECORD = 412;

export type QueryValue = string | number | boolean | null | undefined;

/** One request: the narrow interface every call in the console goes through. */
export interface HttpRequest {
  service?: ServiceName;
  method?: Method;
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * How the answer is wrapped: the main API's `{success, data, message[]}` (default), the data family's
   * `{status, result}` or the notification service's `{value}`.
   */
  envelope?: EnvelopeKind;
  /** Sent as If-Match: the ETag the record was read with, so a save over someone else's change is refused (412). */
  ifMatch?: string;
}

/** The answer shapes the console reads (spec 000, 001 and 002 section 7); a contract's 'none' is read as main. */
export type EnvelopeKind = Exclude<ContractEnvelope, 'none'>;

type Notify = (messages: string[]) => void;
let notifyErrors: Notify = () => {};
let onUnauthorized: () => void = () => {};

/** Wires the toast shown for each failure message and the reaction to a 401 (the shell does this once). */
export function configureHttp(options: { notify?: Notify; unauthorized?: () => void }): void {
  if (options.notify) notifyErrors = options.notify;
  if (options.unauthorized) onUnauthorized = options.unauthorized;
}

/** Appends the defined query values, in order, as a query string. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** The texts of an answer's `message` (a list or a single text), or [] when it has none. */
function messagesOf(holder: unknown): string[] {
  if (!isRecord(holder)) return [];
  const message = holder.message;
  if (Array.isArray(message)) return message.map(String);
  return typeof message === 'string' && message ? [message] : [];
}

/** Reads the texts of a failed answer: its `message` list, a single message, or the status text. */
function failureMessages(body: unknown, fallback: string): string[] {
  const messages = messagesOf(body);
  return messages.length ? messages : [fallback];
}

/**
 * Unwraps the data family's `{status, result}` (spec 001 section 7): a failure when `status` is not 'ok' or
 * `result.status` / `result.success` say so; the data is `result.data` when present, else `result` itself.
 */
function unwrapData(body: unknown): { ok: boolean; data: unknown; messages: string[] } {
  const { status, result, success } = isRecord(body) ? body : {};
  const inner = isRecord(result) ? result : {};
  // A main-envelope refusal (validation, credentials) can answer a data-family call too: success false fails it.
  const failed =
    success === false ||
    (status !== undefined && status !== 'ok' && status !== 1 && status !== true) ||
    inner.status === 0 ||
    inner.status === false ||
    inner.status === 'error' ||
    inner.success === false;
  const data = isRecord(result) && 'data' in result ? result.data : result;
  return { ok: !failed, data, messages: messagesOf(result).length ? messagesOf(result) : messagesOf(body) };
}

/**
 * Calls the platform API with the spec's semantics: statuses 200 to 400 are success, 204/205 carry nothing,
 * an envelope with `success: false` is a failure, failures are returned (not thrown) and each message is toasted,
 * except a 412 to a conditional save (`ifMatch`): the caller offers to reload the record instead.
 */
export async function http<T = unknown>(
  req: HttpRequest,
  options: { quiet?: boolean; unnotified?: readonly string[] } = {},
): Promise<HttpResult<T>> {
  // A FormData body (a file upload) is sent as multipart, with the boundary the browser sets.
  const sent = req.body;
  const multipart = typeof FormData !== 'undefined' && sent instanceof FormData;
  const headers: Record<string, string> = multipart ? {} : { 'content-type': 'application/json' };
  const token = deskToken();
  if (token) {
    headers.authorization = `Bearer ${token}`;
    headers.token = token;
  }
  if (req.ifMatch) headers['if-match'] = req.ifMatch;
  const fail = (status: number, messages: string[], body: unknown): HttpResult<T> => {
    if (status === 401) onUnauthorized();
    const conflict = status === STALE_RECORD && Boolean(req.ifMatch);
    // Messages the caller shows itself (`unnotified`, e.g. under a form's field) are not toasted.
    const toasted = options.unnotified ? messages.filter((text) => !options.unnotified!.includes(text)) : messages;
    if (!options.quiet && !conflict && toasted.length > 0) notifyErrors(toasted);
    return { ok: false, status, messages, body };
  };
  let res: Response;
  try {
    res = await fetch(serviceUrl(req.service ?? 'main', withQuery(req.path, req.query)), {
      method: req.method ?? 'GET',
      headers,
      body: sent === undefined ? undefined : multipart ? sent : JSON.stringify(sent),
      signal: req.signal,
    });
  } catch (error) {
    if (isRecord(error) && error.name === 'AbortError') return { ok: false, status: 0, messages: [], body: null };
    return fail(0, ['Network error. Please check your connection'], null);
  }
  const etag = res.headers.get('etag') ?? undefined;
  if (res.status === 204 || res.status === 205)
    return { ok: true, status: res.status, data: undefined, body: null, messages: [], etag };
  const body: unknown = await res.json().catch(() => null);
  // The one place an answer's data takes its type: the server answers what the call's contract declares (the server
  // tests check every answer against it), so `T` is the caller's word for the data, as a fetch's `json()` is.
  const succeed = (data: unknown, messages: string[]): HttpResult<T> => ({
    ok: true,
    status: res.status,
    data: data as T | undefined,
    body,
    messages,
    etag,
  });
  const success = res.status >= 200 && res.status <= 400;
  if (!success) {
    const inner = req.envelope === 'data' ? unwrapData(body).messages : [];
    return fail(
      res.status,
      inner.length ? inner : failureMessages(body, res.statusText || `Request failed (${res.status})`),
      body,
    );
  }
  if (req.envelope === 'data') {
    const unwrapped = unwrapData(body);
    if (!unwrapped.ok)
      return fail(res.status, unwrapped.messages.length ? unwrapped.messages : ['Request failed'], body);
    return succeed(unwrapped.data, unwrapped.messages);
  }
  // The notification service's `{value}`: the data is the value; its refusals carry `message` as the main API's do.
  if (req.envelope === 'value') {
    if (isRecord(body) && body.success === false)
      return fail(res.status, failureMessages(body, 'Request failed'), body);
    return succeed(isRecord(body) ? body.value : undefined, messagesOf(body));
  }
  if (isRecord(body) && 'success' in body) {
    if (body.success === false) return fail(res.status, failureMessages(body, 'Request failed'), body);
    return succeed(body.data, messagesOf(body));
  }
  return succeed(body, []);
}
