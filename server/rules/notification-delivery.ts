import {
  NOTIFICATION_CONFIG_MSG,
  NOTIFICATION_MODE_FIELDS,
  NOTIFICATION_TEST_MSG as T,
  recipientList,
  recipientsOf,
  type NotificationConfigPayload,
  type NotificationMode,
  type NotificationPreviewBody,
} from '../../schemas/notification-config';
import { SAMPLE_TRIP, renderTemplate, unknownTokens, type TemplateEscape } from '../../schemas/notification-template';
import type { NotificationPreview, NotificationTestResult } from '../../schemas/api/notifications';
import { createOutboxMailer, type Mailer } from '../auth/mailer';
import { RuleRefusal } from './refusal';
import type { Queryable } from '../store/store';
import { isOneOf, isRecord } from '../../schemas/guards';
import { sendWebhook, type WebhookRequest } from '../adapters/notification-webhook';

/** The fields of a configuration that can be written in the template language, in reading order. */
const TEMPLATE_PARTS = ['subject', 'header', 'body', 'footer'] as const;
type TemplatePart = (typeof TEMPLATE_PARTS)[number];

/** The template parts a mode stores ({@link NOTIFICATION_MODE_FIELDS}); a WEBHOOKS header is request headers, not a template. */
const partsOf = (mode: NotificationMode): TemplatePart[] =>
  TEMPLATE_PARTS.filter(
    (part) => isOneOf(NOTIFICATION_MODE_FIELDS[mode], part) && !(mode === 'WEBHOOKS' && part === 'header'),
  );

const PART_LABEL: Record<TemplatePart, string> = {
  subject: 'Subject',
  header: 'Header',
  body: 'Body',
  footer: 'Footer',
};

const ESCAPE_OF: Record<string, TemplateEscape> = { JSON: 'json', XML: 'xml', URL_ENCODED: 'none' };

/** The template parts of a payload rendered with the sample trip, and the tokens the trip does not know. */
export interface RenderedParts {
  parts: Partial<Record<TemplatePart, string>>;
  unknownTokens: string[];
}

/**
 * Every template part of a payload's mode that it has, rendered with the sample trip (a WEBHOOKS body escaped for
 * its content type), or the first unreadable part's reason ('Body: {{#if eta}} is not closed with {{/if}}'). The one
 * check of the preview, Send test and the save, so that a template one of them refuses is refused by all.
 */
export function renderNotificationParts(
  p: Pick<NotificationPreviewBody, 'mode' | 'contentType' | TemplatePart>,
): RenderedParts | { error: string } {
  const parts: RenderedParts['parts'] = {};
  const templates: string[] = [];
  for (const part of partsOf(p.mode)) {
    const template = p[part];
    if (typeof template !== 'string') continue;
    const escaping = p.mode === 'WEBHOOKS' && part === 'body' ? ESCAPE_OF[p.contentType ?? 'JSON'] : 'none';
    const result = renderTemplate(template, SAMPLE_TRIP, escaping);
    if ('error' in result) return { error: `${PART_LABEL[part]}: ${result.error}` };
    parts[part] = result.text;
    templates.push(template);
  }
  return { parts, unknownTokens: [...new Set(templates.flatMap(unknownTokens))] };
}

/** {@link renderNotificationParts}, refusing the request with the reason (400). */
function renderParts(p: Pick<NotificationPreviewBody, 'mode' | 'contentType' | TemplatePart>): RenderedParts {
  const rendered = renderNotificationParts(p);
  if ('error' in rendered) throw new RuleRefusal([rendered.error]);
  return rendered;
}

/** The preview of POST /notification/preview (tokens filled, IF and IF-ELSE evaluated): the parts of the mode. */
export function previewNotification(p: NotificationPreviewBody): NotificationPreview {
  const { parts, unknownTokens: unknown } = renderParts({ ...p, body: p.body ?? '' });
  return { ...parts, body: parts.body ?? '', unknownTokens: unknown };
}

const CONTENT_TYPES: Record<string, string> = {
  JSON: 'application/json',
  XML: 'application/xml',
  URL_ENCODED: 'application/x-www-form-urlencoded',
};

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

/** A field of a JSON object, or an item of a JSON list by its index (`0`, `1`...); undefined otherwise. */
function childAt(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9]\d*)$/.test(key) ? node[Number(key)] : undefined;
  return isRecord(node) ? node[key] : undefined;
}

/** A value at a dotted path of a JSON answer (`data.access_token`, `tokens.0.value`). */
const atPath = (doc: unknown, path: string): unknown => path.split('.').reduce<unknown>(childAt, doc);

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
    headers: {
      'content-type': CONTENT_TYPES[dynamic.contentType],
      ...parseHeaders(dynamic.header),
      ...(dynamic.authkey && { authorization: dynamic.authkey }),
    },
    body: dynamic.content,
  });
  if (!answer.ok) throw new RuleRefusal([answer.reason === 'blocked' ? T.blockedHost : T.tokenFailed]);
  let token: unknown;
  try {
    token = atPath(JSON.parse(answer.answer), dynamic.accessTokenJsonPath || 'access_token');
  } catch {
    token = undefined;
  }
  if (answer.status >= 300 || typeof token !== 'string' || !token) throw new RuleRefusal([T.tokenFailed]);
  return `Bearer ${token}`;
}

/** The parts among `parts` whose template is not blank (a blank header or footer adds no empty paragraph). */
const filled = (p: Partial<Record<TemplatePart, string>>, parts: readonly TemplatePart[]) =>
  parts.filter((part) => p[part]?.trim());

/**
 * Delivers a configuration once with the sample trip (POST /notification/send-test): EMAIL through the mailer (SMTP
 * when configured, else the outbox) to its To, Cc and Bcc; WEBHOOKS as a real request (server/adapters/notification-webhook.ts);
 * SMS and WHATSAPP into the outbox, one message per number. `admit` runs once the payload is found deliverable, just
 * before anything goes out (the outbound gate: a refused template does not use up a test send).
 */
export async function sendTestNotification(
  db: Queryable,
  mailer: Mailer,
  p: NotificationConfigPayload,
  admit: () => Promise<void> = async () => undefined,
): Promise<NotificationTestResult> {
  if (p.mode === 'EMAIL') {
    const to = recipientsOf(p);
    const { parts } = renderParts(p);
    await admit();
    const body = filled(p, ['header', 'body', 'footer'])
      .map((part) => parts[part])
      .join('\n\n');
    const subject = parts.subject ?? '';
    for (const address of to) await mailer.send({ to: address, subject, body });
    return { mode: p.mode, channel: mailer.kind, to };
  }
  if (p.mode === 'WEBHOOKS') {
    const { parts } = renderParts({ ...p, body: p.body ?? '' });
    await admit();
    const auth = await authorization(p);
    const request: WebhookRequest = {
      method: p.method ?? 'POST',
      url: p.url ?? '',
      headers: {
        'content-type': CONTENT_TYPES[p.contentType ?? 'JSON'],
        ...parseHeaders(p.header),
        ...(auth && { authorization: auth }),
      },
      body: parts.body ?? '',
    };
    const answer = await sendWebhook(request);
    if (!answer.ok)
      throw new RuleRefusal([answer.reason === 'blocked' ? T.blockedHost : `${T.unreachable}: ${answer.detail}`]);
    return { mode: p.mode, channel: 'webhook', to: [request.url], status: answer.status, answer: answer.answer };
  }
  const to = recipientList(p.mobilenumbers);
  const { parts } = renderParts(p);
  const text = filled(p, partsOf(p.mode))
    .map((part) => parts[part])
    .join('\n');
  if (!to.length) throw new RuleRefusal([NOTIFICATION_CONFIG_MSG.mobile]);
  await admit();
  const outbox = createOutboxMailer(db);
  for (const number of to) await outbox.send({ to: number, subject: p.mode, body: text });
  return { mode: p.mode, channel: 'outbox', to };
}

/** How many messages a test send of `p` makes (the outbound gate counts them): one per address or number, one webhook call. */
export function testMessages(p: NotificationConfigPayload): number {
  if (p.mode === 'EMAIL') return recipientsOf(p).length;
  if (p.mode === 'WEBHOOKS') return 1;
  return Math.max(1, recipientList(p.mobilenumbers).length);
}
