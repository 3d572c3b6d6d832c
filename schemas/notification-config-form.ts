import {
  type NotificationConfigPayload,
  type NotificationScope,
  DEFAULT_WEBHOOK_AUTH_TYPE,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_CONFIG_MSG as M,
  NOTIFICATION_MAX_RECIPIENTS,
  NOTIFICATION_MODES,
  WEBHOOK_AUTH_TYPES,
  WEBHOOK_CONTENT_TYPES,
  WEBHOOK_METHODS,
} from './notification-config';
import { MSG, NOT_BLANK } from './messages';

/**
 * The notification configuration form (spec 002 sections 2.4, 4 and 5): Event and Mode, then the chosen mode's
 * fields (a nested if/then/else at the root, so rjsf renders only the chosen mode's and a failing branch reports only
 * its own messages). Recipients are rows (one number or address each); each mode has its own content field, so a
 * switch of mode starts from that mode's content. The payload is built from it by the screen (ids as integers,
 * rows comma-joined).
 */

const tooLong = (max: number) => M.tooLong(max);
const text = <Title extends string, Max extends number>(title: Title, max: Max) =>
  ({ type: 'string', title, maxLength: max, errorMessage: tooLong(max) }) as const;
const filled = <Title extends string, Msg extends string, Max extends number>(title: Title, message: Msg, max: Max) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: max,
    pattern: NOT_BLANK,
    errorMessage: { type: message, minLength: message, maxLength: tooLong(max), pattern: MSG.blank },
  }) as const;
const choice = <Title extends string, E extends readonly string[], Msg extends string>(
  title: Title,
  values: E,
  message: Msg,
) => ({ type: 'string', title, enum: values, errorMessage: message }) as const;
/** Recipient rows, at least one filled. */
const rows = <Title extends string, P extends string, Msg extends string>(title: Title, pattern: P, message: Msg) =>
  ({
    type: 'array',
    title,
    minItems: 1,
    maxItems: NOTIFICATION_MAX_RECIPIENTS,
    default: [''],
    // A row added by the form starts empty (rjsf leaves an item without a default undefined, which no type accepts).
    items: {
      type: 'string',
      default: '',
      minLength: 1,
      maxLength: 254,
      pattern,
      errorMessage: { type: message, minLength: message, maxLength: message, pattern: message },
    },
    errorMessage: { minItems: message, maxItems: M.tooManyRecipients },
  }) as const;
/** Optional recipient rows (empty rows allowed, dropped from the payload). */
const optionalRows = <Title extends string, P extends string, Msg extends string>(
  title: Title,
  pattern: P,
  message: Msg,
) =>
  ({
    type: 'array',
    title,
    maxItems: NOTIFICATION_MAX_RECIPIENTS,
    default: [''],
    items: {
      type: 'string',
      default: '',
      maxLength: 254,
      pattern: `^$|${pattern}`,
      errorMessage: { type: message, maxLength: message, pattern: message },
    },
    errorMessage: { maxItems: M.tooManyRecipients },
  }) as const;
const url = <Title extends string>(title: Title) =>
  ({
    type: 'string',
    title,
    minLength: 1,
    maxLength: 2000,
    pattern: '^https?://[^\\s]+$',
    errorMessage: { type: M.url, minLength: M.url, maxLength: tooLong(2000), pattern: M.urlFormat },
  }) as const;

/** The dynamic token call, shown when 'Use dynamic token' is ticked (its four choices required, spec 002 section 5). */
export const dynamicTokenFormSchema = {
  type: 'object',
  title: 'Dynamic Token',
  properties: {
    method: choice('Method', WEBHOOK_METHODS, M.method),
    url: url('URL'),
    contentType: choice('Content Type', WEBHOOK_CONTENT_TYPES, M.contentType),
    authType: choice('Auth Type', WEBHOOK_AUTH_TYPES, M.authType),
    authkey: text('Auth Key', 2000),
    header: text('Header', 4000),
    content: text('Content', NOTIFICATION_BODY_MAX),
    accessTokenJsonPath: text('Access Token JSON Path', 500),
    ttlJsonPath: text('TTL JSON Path', 500),
  },
  required: ['method', 'url', 'contentType', 'authType'],
  errorMessage: { required: { method: M.method, url: M.url, contentType: M.contentType, authType: M.authType } },
} as const;

const branch = <Mode extends string, Then>(mode: Mode, then: Then) =>
  ({ if: { properties: { mode: { const: mode } }, required: ['mode'] }, then }) as const;

const sms = {
  properties: {
    mobileNumbers: rows('Mobile Numbers', MOBILE_PATTERN, M.mobile),
    smsBody: filled('SMS Content', M.smsContent, NOTIFICATION_BODY_MAX),
  },
  required: ['mobileNumbers', 'smsBody'],
  errorMessage: { required: { mobileNumbers: M.mobile, smsBody: M.smsContent } },
} as const;

const email = {
  properties: {
    emailTo: rows('Email To', EMAIL_PATTERN, M.emailTo),
    emailCc: optionalRows('Email Cc', EMAIL_PATTERN, M.emailTo),
    emailBcc: optionalRows('Email Bcc', EMAIL_PATTERN, M.emailTo),
    subject: filled('Subject', M.emailSubject, 500),
    header: text('Header', 4000),
    emailBody: filled('Email Body', M.emailBody, NOTIFICATION_BODY_MAX),
    footer: text('Footer', 4000),
  },
  required: ['emailTo', 'subject', 'emailBody'],
  errorMessage: { required: { emailTo: M.emailTo, subject: M.emailSubject, emailBody: M.emailBody } },
} as const;

const webhooks = {
  properties: {
    method: choice('Method', WEBHOOK_METHODS, M.method),
    url: url('URL'),
    contentType: choice('Content Type', WEBHOOK_CONTENT_TYPES, M.contentType),
    authType: { ...choice('Auth Type', WEBHOOK_AUTH_TYPES, M.authType), default: DEFAULT_WEBHOOK_AUTH_TYPE },
    authkey: text('Auth Key', 2000),
    header: text('Header', 4000),
    user: text('User', 200),
    password: text('Password', 200),
    webhookBody: text('Body', NOTIFICATION_BODY_MAX),
    useDynamicToken: { type: 'boolean', title: 'Use dynamic token', default: false },
  },
  required: ['method', 'url', 'contentType', 'authType'],
  errorMessage: { required: { method: M.method, url: M.url, contentType: M.contentType, authType: M.authType } },
  // rjsf shows the dynamic token section while the box is ticked (a condition it resolves, as the modes').
  if: { properties: { useDynamicToken: { const: true } }, required: ['useDynamicToken'] },
  then: { properties: { dynamicToken: dynamicTokenFormSchema }, required: ['dynamicToken'] },
} as const;

const whatsapp = {
  properties: {
    mobileNumbers: optionalRows('Mobile Numbers', MOBILE_PATTERN, M.mobile),
    header: text('Header', 4000),
    whatsappBody: filled('WhatsApp Content', M.whatsappContent, NOTIFICATION_BODY_MAX),
    footer: text('Footer', 4000),
  },
  required: ['whatsappBody'],
  errorMessage: { required: { whatsappBody: M.whatsappContent } },
} as const;

/** The form: Event (onboarded only) and Mode, then the mode's fields. */
export const notificationConfigFormSchema = {
  type: 'object',
  properties: {
    eventId: { type: 'string', title: 'Event', minLength: 1, maxLength: 20, errorMessage: M.event },
    mode: choice('Mode', NOTIFICATION_MODES, M.mode),
  },
  required: ['eventId', 'mode'],
  errorMessage: { required: { eventId: M.event, mode: M.mode } },
  ...branch('SMS', sms),
  else: {
    ...branch('EMAIL', email),
    else: {
      ...branch('WEBHOOKS', webhooks),
      else: branch('WHATSAPP', whatsapp),
    },
  },
} as const;

type Values = Record<string, unknown>;
const textAt = (form: Values, key: string) => (typeof form[key] === 'string' ? form[key] : '');
/** Recipient rows as one comma-joined list, empty rows dropped. */
const joinedAt = (form: Values, key: string) =>
  (Array.isArray(form[key]) ? form[key] : [])
    .filter((row): row is string => typeof row === 'string')
    .map((row) => row.trim())
    .filter(Boolean)
    .join(',');
const isOneOf = <E extends readonly string[]>(values: E, value: unknown): value is E[number] =>
  typeof value === 'string' && values.includes(value);
const choiceAt = <E extends readonly string[]>(values: E, form: Values, key: string): E[number] | undefined => {
  const value = form[key];
  return isOneOf(values, value) ? value : undefined;
};

/** The webhook's dynamic token config (spec 002 section 3). */
export type DynamicWebhookConfig = NonNullable<NotificationConfigPayload['dynamicWebhookConfigs']>[number];

/** The dynamic token section of the form data when it is ticked and its four choices are filled, else undefined. */
export function readDynamicToken(form: Values): DynamicWebhookConfig | undefined {
  const token =
    form.useDynamicToken === true && typeof form.dynamicToken === 'object' && form.dynamicToken !== null
      ? (form.dynamicToken as Values)
      : undefined;
  if (!token) return undefined;
  const method = choiceAt(WEBHOOK_METHODS, token, 'method');
  const contentType = choiceAt(WEBHOOK_CONTENT_TYPES, token, 'contentType');
  const authType = choiceAt(WEBHOOK_AUTH_TYPES, token, 'authType');
  const url = textAt(token, 'url');
  if (!method || !contentType || !authType || !url) return undefined;
  const optional = Object.fromEntries(
    ['authkey', 'header', 'content', 'accessTokenJsonPath', 'ttlJsonPath']
      .map((key) => [key, textAt(token, key)])
      .filter(([, value]) => value),
  );
  return { method, url, contentType, authType, ...optional };
}

/** The ids a payload carries besides the form's: the filter bar's, as integers (null for none), and the record's. */
export type PayloadIds = NotificationScope & { customerConfigId: number | null };

/**
 * The save payload of spec 002 section 3 from the form data: the mode's fields (recipient rows comma-joined, empty
 * rows dropped; the dynamic token config only when its four choices are filled) and the ids.
 */
export function formToPayload(form: Values, ids: PayloadIds): NotificationConfigPayload {
  const base = { ...ids, eventId: Number(form.eventId) };
  const mode = choiceAt(NOTIFICATION_MODES, form, 'mode');
  switch (mode) {
    case 'SMS':
      return { ...base, mode, mobilenumbers: joinedAt(form, 'mobileNumbers'), body: textAt(form, 'smsBody') };
    case 'EMAIL':
      return {
        ...base,
        mode,
        emailTo: joinedAt(form, 'emailTo'),
        emailCc: joinedAt(form, 'emailCc'),
        emailBcc: joinedAt(form, 'emailBcc'),
        subject: textAt(form, 'subject'),
        header: textAt(form, 'header'),
        body: textAt(form, 'emailBody'),
        footer: textAt(form, 'footer'),
        subjectTemplateId: null,
        bodyTemplateId: null,
        headerTemplateId: null,
        footerTemplateId: null,
      };
    case 'WEBHOOKS': {
      const dynamic = readDynamicToken(form);
      return {
        ...base,
        mode,
        bodyTemplateId: null,
        body: textAt(form, 'webhookBody'),
        method: choiceAt(WEBHOOK_METHODS, form, 'method'),
        url: textAt(form, 'url'),
        contentType: choiceAt(WEBHOOK_CONTENT_TYPES, form, 'contentType'),
        authType: choiceAt(WEBHOOK_AUTH_TYPES, form, 'authType'),
        authkey: textAt(form, 'authkey'),
        header: textAt(form, 'header'),
        user: textAt(form, 'user'),
        password: textAt(form, 'password'),
        ...(dynamic && { dynamicWebhookConfigs: [dynamic] }),
      };
    }
    default: {
      // WhatsApp numbers are optional (spec 002 section 5): none sends no list. A form without a mode is refused
      // before it is sent; the server names the missing mode otherwise.
      const numbers = joinedAt(form, 'mobileNumbers');
      return {
        ...base,
        mode: mode ?? 'WHATSAPP',
        ...(numbers && { mobilenumbers: numbers }),
        body: textAt(form, 'whatsappBody'),
        header: textAt(form, 'header'),
        footer: textAt(form, 'footer'),
      };
    }
  }
}
