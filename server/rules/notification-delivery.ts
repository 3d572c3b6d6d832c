import {
  NOTIFICATION_CONFIG_MSG, NOTIFICATION_TEST_MSG as T, type NotificationConfigPayload, type NotificationPreviewBody,
} from '../../schemas/notification-config';
import { SAMPLE_TRIP, renderTemplate, unknownTokens, type TemplateEscape } from '../../schemas/notification-template';
import { createOutboxMailer, type Mailer } from '../auth/mailer';
import { ApiError } from '../http/envelope';
import type { Queryable } from '../store/store';
import { sendWebhook, type WebhookRequest } from './notification-webhook';

/** A preview: each part rendered with the sample trip, and the tokens the trip does not know. */
export interface NotificationPreview {
  subject?: string;
  header?: string;
  body: string;
  footer?: string;
  unknownTokens: string[];
}

/** Renders one part, or refuses the request with the template's reason (400). */
function render(part: string, label: string, escape: TemplateEscape = 'none'): string {
  const result = renderTemplate(part, SAMPLE_TRIP, escape);
  if ('error' in result) throw new ApiError(400, [`${label}: ${result.error}`]);
  return result.text;
}

const ESCAPE_OF: Record<string, TemplateEscape> = { JSON: 'json', XML: 'xml', URL_ENCODED: 'none' };

/** The preview of POST /notification/preview (tokens filled, IF and IF-ELSE evaluated). */
export function previewNotification(p: NotificationPreviewBody): NotificationPreview {
  const escape = p.mode === 'WEBHOOKS' ? ESCAPE_OF[p.contentType ?? 'JSON'] : 'none';
  const parts = [p.subject, p.header, p.body, p.footer].filter((part): part is string => typeof part === 'string');
  return {
    ...(p.subject !== undefined && { subject: render(p.subject, 'Subject') }),
    ...(p.header !== undefined && p.mode !== 'WEBHOOKS' && { header: render(p.header, 'Header') }),
    body: render(p.body ?? '', 'Body', escape),
    ...(p.footer !== undefined && { footer: render(p.footer, 'Footer') }),
    unknownTokens: [...new Set(parts.flatMap(unknownTokens))],
  };
}

/** What a test delivery did. */
export interface NotificationTestResult {
  mode: string;
  channel: 'smtp' | 'outbox' | 'webhook';
  to: string[];
  /** The webhook's answer status and the start of its body. */
  status?: number;
  answer?: string;
}

const CONTENT_TYPES: Record<string, string> = { JSON: 'application/json', XML: 'application/xml', URL_ENCODED: 'application/x-www-form-urlencoded' };

/** The extra headers of a webhook: a JSON object, or `Name: value` lines. */
export function parseHeaders(text: string | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)]));
    }
  } catch {
    // Not JSON: read as lines below.
  }
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A value at a dotted path of a JSON answer (`data.access_token`). */
const atPath = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);

/** The Authorization header of a webhook: BASIC from user and password (or the auth key as it is), BEARER from the dynamic token call or the auth key. */
async function authorization(p: NotificationConfigPayload): Promise<string | undefined> {
  if (p.authType === 'BASIC') {
    if (p.user) return `Basic ${Buffer.from(`${p.user}:${p.password ?? ''}`).toString('base64')}`;
    return p.authkey || undefined;
  }
  const dynamic = p.dynamicWebhookConfigs?.[0];
  if (!dynamic) return p.authkey ? `Bearer ${p.authkey}` : undefined;
  const answer = await sendWebhook({
    method: dynamic.method,
    url: dynamic.url,
    headers: { 'content-type': CONTENT_TYPES[dynamic.contentType], ...parseHeaders(dynamic.header), ...(dynamic.authkey && { authorization: dynamic.authkey }) },
    body: dynamic.content,
  });
  if (!answer.ok) throw new ApiError(400, [answer.reason === 'blocked' ? T.blockedHost : T.tokenFailed]);
  let token: unknown;
  try {
    token = atPath(JSON.parse(answer.answer), dynamic.accessTokenJsonPath || 'access_token');
  } catch {
    token = undefined;
  }
  if (answer.status >= 300 || typeof token !== 'string' || !token) throw new ApiError(400, [T.tokenFailed]);
  return `Bearer ${token}`;
}

/**
 * Delivers a configuration once with the sample trip (POST /notification/send-test): EMAIL through the mailer (SMTP
 * when configured, else the outbox) to its To, Cc and Bcc; WEBHOOKS as a real request (server/rules/notification-webhook.ts);
 * SMS and WHATSAPP into the outbox, one message per number.
 */
export async function sendTestNotification(db: Queryable, mailer: Mailer, p: NotificationConfigPayload): Promise<NotificationTestResult> {
  const list = (text?: string) => (text ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (p.mode === 'EMAIL') {
    const to = [...list(p.emailTo), ...list(p.emailCc), ...list(p.emailBcc)];
    const body = [p.header, p.body, p.footer].filter((part) => part?.trim()).map((part, i) => render(part!, ['Header', 'Body', 'Footer'][i])).join('\n\n');
    const subject = render(p.subject ?? '', 'Subject');
    for (const address of to) await mailer.send({ to: address, subject, body });
    return { mode: p.mode, channel: mailer.kind, to };
  }
  if (p.mode === 'WEBHOOKS') {
    const escape = ESCAPE_OF[p.contentType ?? 'JSON'];
    const auth = await authorization(p);
    const request: WebhookRequest = {
      method: p.method ?? 'POST',
      url: p.url ?? '',
      headers: { 'content-type': CONTENT_TYPES[p.contentType ?? 'JSON'], ...parseHeaders(p.header), ...(auth && { authorization: auth }) },
      body: render(p.body ?? '', 'Body', escape),
    };
    const answer = await sendWebhook(request);
    if (!answer.ok) throw new ApiError(400, [answer.reason === 'blocked' ? T.blockedHost : `${T.unreachable}: ${answer.detail}`]);
    return { mode: p.mode, channel: 'webhook', to: [request.url], status: answer.status, answer: answer.answer };
  }
  const to = list(p.mobilenumbers);
  const text = [p.mode === 'WHATSAPP' ? p.header : undefined, p.body, p.mode === 'WHATSAPP' ? p.footer : undefined]
    .filter((part) => part?.trim()).map((part) => render(part!, 'Content')).join('\n');
  if (!to.length) throw new ApiError(400, [NOTIFICATION_CONFIG_MSG.mobile]);
  const outbox = createOutboxMailer(db);
  for (const number of to) await outbox.send({ to: number, subject: p.mode, body: text });
  return { mode: p.mode, channel: 'outbox', to };
}
