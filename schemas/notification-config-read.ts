/**
 * Reading the notification service's answers on the console side (spec 002 sections 3 and 7): the edit read into the
 * form's fields, the mode-configuration check, the preview and a test delivery, each read defensively (an answer
 * that is not what it should be reads as nothing).
 */
import { recipientsOf, type NotificationConfigPayload } from './notification-config';
import { recipientWords } from './recipient-words';

/** The configuration read of GET /notification/edit-configuration (spec 002 section 3). */
export interface ConfigRead {
  customerConfigId?: number;
  eventId?: number;
  eventName?: string;
  mode?: string;
  [field: string]: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
/** A comma-joined list as recipient rows (one empty row when there is none). */
const rowsOf = (value: unknown) => {
  const rows = textOf(value)
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return rows.length ? rows : [''];
};

/** The content field of each mode in the form. */
const BODY_FIELD: Record<string, string> = {
  SMS: 'smsBody',
  EMAIL: 'emailBody',
  WEBHOOKS: 'webhookBody',
  WHATSAPP: 'whatsappBody',
};
/** Fields read as they are. */
const PLAIN = [
  'subject',
  'header',
  'footer',
  'method',
  'url',
  'contentType',
  'authType',
  'authkey',
  'user',
  'password',
];

/** A stored configuration as the form's data: recipients as rows, the body in its mode's content field. */
export function toConfigForm(record: ConfigRead): Record<string, unknown> {
  const mode = textOf(record.mode);
  const form: Record<string, unknown> = {
    eventId: record.eventId === undefined ? undefined : String(record.eventId),
    mode,
  };
  for (const field of PLAIN) if (typeof record[field] === 'string') form[field] = record[field];
  if (BODY_FIELD[mode]) form[BODY_FIELD[mode]] = textOf(record.body);
  if (mode === 'SMS' || mode === 'WHATSAPP') form.mobileNumbers = rowsOf(record.mobilenumbers);
  if (mode === 'EMAIL') {
    form.emailTo = rowsOf(record.emailTo);
    form.emailCc = rowsOf(record.emailCc);
    form.emailBcc = rowsOf(record.emailBcc);
  }
  if (mode === 'WEBHOOKS') {
    const dynamic = Array.isArray(record.dynamicWebhookConfigs) ? record.dynamicWebhookConfigs[0] : undefined;
    form.useDynamicToken = isObject(dynamic);
    if (isObject(dynamic)) form.dynamicToken = dynamic;
  }
  return form;
}

/** The mode-configuration answer: configured, default_body, default_subject. */
export function readModeCheck(
  data: unknown,
): { configured: boolean; default_body: string; default_subject: string } | undefined {
  if (!isObject(data)) return undefined;
  return {
    configured: data.configured === true,
    default_body: textOf(data.default_body),
    default_subject: textOf(data.default_subject),
  };
}

/** The preview dialog: each rendered part, and the tokens the sample trip does not know. */
export function readPreview(data: unknown): { title: string; entries: [string, string][] } {
  const preview = isObject(data) ? data : {};
  const entries: [string, string][] = [];
  for (const [key, label] of [
    ['subject', 'Subject'],
    ['header', 'Header'],
    ['body', 'Body'],
    ['footer', 'Footer'],
  ] as const) {
    if (typeof preview[key] === 'string') entries.push([label, preview[key] as string]);
  }
  const unknown = Array.isArray(preview.unknownTokens) ? preview.unknownTokens.map(String) : [];
  if (unknown.length) entries.push(['Unknown tokens', unknown.join(', ')]);
  return { title: 'Preview with a sample trip', entries };
}

/**
 * What 'Send test to recipients…' asks before it sends: how many it reaches and the first few (a webhook: its URL).
 * Nothing to ask when there is no recipient yet: the server names what is missing.
 */
export function testQuestion(
  p: Partial<NotificationConfigPayload>,
): { title: string; content: string; okText: string } | null {
  const to = recipientsOf(p);
  if (to.length === 0) return null;
  if (p.mode === 'WEBHOOKS')
    return {
      title: 'Call the webhook?',
      content: `The test calls ${to[0]} now with the sample trip.`,
      okText: 'Call the webhook',
    };
  const { whom, shown } = recipientWords(to);
  return {
    title: `Send the test to ${whom}?`,
    content: `The ${p.mode ?? ''} test goes now to ${shown}, as the configuration's real messages would.`,
    okText: `Send to ${whom}`,
  };
}

/** The Send test dialog: where it went and, for a webhook, the answer's status. */
export function readTestResult(data: unknown): { title: string; entries: [string, string][] } {
  const result = isObject(data) ? data : {};
  const channel =
    { smtp: 'E-mail (SMTP)', outbox: 'Outbox (no transport configured)', webhook: 'HTTP request' }[
      textOf(result.channel)
    ] ?? textOf(result.channel);
  const entries: [string, string][] = [
    ['Sent through', channel],
    ['To', Array.isArray(result.to) ? result.to.join(', ') : ''],
  ];
  if (typeof result.status === 'number') entries.push(['Answer status', String(result.status)]);
  if (typeof result.answer === 'string' && result.answer) entries.push(['Answer', result.answer]);
  return { title: `${textOf(result.mode)} test sent`, entries };
}
