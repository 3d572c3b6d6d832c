import type { FromSchema } from 'json-schema-to-ts';
import { BODY_OBJECT, MAX_NUMERIC_ID, MSG, NOT_BLANK } from './messages';

/**
 * Notification configuration (spec 002 sections 2.4, 3, 4, 5, 7 and 9): the save payload per mode, the texts the form
 * and the server share, and the constants of the modes. The server checks every save (form or bulk row) with
 * {@link notificationConfigPayloadSchema}; the form's schema is built from the same field schemas.
 */
export const NOTIFICATION_MODES = ['SMS', 'EMAIL', 'WEBHOOKS', 'WHATSAPP'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const WEBHOOK_CONTENT_TYPES = ['JSON', 'XML', 'URL_ENCODED'] as const;
export const WEBHOOK_AUTH_TYPES = ['BASIC', 'BEARER'] as const;
/** The default webhook auth type (spec 002 section 9). */
export const DEFAULT_WEBHOOK_AUTH_TYPE = 'BASIC';

/** Texts of spec 002 sections 5 and 8 (spelled as the spec does) and the server's own. */
/** At most this many recipients (mobile numbers or e-mail addresses) in one list, in the form and in the API. */
export const NOTIFICATION_MAX_RECIPIENTS = 50;

export const NOTIFICATION_CONFIG_MSG = {
  event: 'Please select event',
  mode: 'Please select template mode',
  mobile: 'Please enter Mobile Number',
  emailTo: 'Please enter valid email',
  method: 'Please enter method',
  url: 'Please enter url',
  contentType: 'Please select content type',
  authType: 'Please select auth type',
  noScope: 'Plese selecet either company or user',
  smsContent: 'Please enter sms content',
  emailSubject: 'Please enter email subject',
  emailBody: 'Please enter email body content',
  whatsappContent: 'Please enter whatsapp content',
  subjectPopup: 'Plese enter subject',
  created: (mode: string) => `${mode} event created successfully`,
  updated: (mode: string) => `${mode} event updated successfully`,
  /** The mode-configuration check found this scope, event and mode configured already (section 4). */
  configured: 'This event is already configured for this mode. Edit the existing configuration instead',
  locked: 'Event and mode cannot be changed once a configuration is saved',
  eventNotOnboarded: 'Please select an onboarded event',
  id: 'Ids must be whole numbers',
  urlFormat: 'Please enter a url starting with http:// or https://',
  tooLong: (max: number) => `Maximum ${max} character allowed`,
  copied: (token: string) => `${token} copied to clipboard`,
  pasteNote: 'Paste it with Ctrl+V on Windows or Cmd+V on Mac',
  toggled: 'Configuration updated successfully',
  tooManyRecipients: `At most ${NOTIFICATION_MAX_RECIPIENTS} recipients`,
} as const;

const M = NOTIFICATION_CONFIG_MSG;

/** Largest template (body) in characters; subjects, headers and footers are shorter. */
export const NOTIFICATION_BODY_MAX = 10_000;

const MOBILE = '[6-9][0-9]{9}';
/**
 * One e-mail address in ASCII, as the report forms' and consignees' `email` format takes it: RFC 5322 atext (and dots)
 * before the @, hostname labels after it. No class holds its separator, so the pattern cannot backtrack.
 */
export const EMAIL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+";
/** Comma-joined mobile numbers, each ten digits starting 6 to 9 (spec 002 section 5). */
export const MOBILE_LIST_PATTERN = `^${MOBILE}(,${MOBILE})*$`;
/** Comma-joined e-mail addresses. */
export const EMAIL_LIST_PATTERN = `^${EMAIL}(,${EMAIL})*$`;
/** Cc and Bcc: optional, with empty entries (dropped when stored, spec 002 section 3). */
export const OPTIONAL_EMAIL_LIST_PATTERN = `^(${EMAIL})?(,(${EMAIL})?)*$`;
/** One e-mail address, one mobile number (a recipient row of the form). */
export const EMAIL_PATTERN = `^${EMAIL}$`;
export const MOBILE_PATTERN = `^${MOBILE}$`;

const id = { type: ['integer', 'null'], minimum: 1, maximum: MAX_NUMERIC_ID, errorMessage: M.id } as const;
/** Configurations and events are numbered by the database's integers: larger ids name nothing. */
const INT4_MAX = 2_147_483_647;
const rowId = { type: ['integer', 'null'], minimum: 1, maximum: INT4_MAX, errorMessage: M.id } as const;
const text = <Max extends number>(max: Max) =>
  ({ type: 'string', maxLength: max, errorMessage: M.tooLong(max) }) as const;
/** A list as comma-joined text, capped at the form's {@link NOTIFICATION_MAX_RECIPIENTS} entries as the form caps its rows. */
const listOf = <P extends string, Msg extends string>(pattern: P, message: Msg) =>
  ({
    type: 'string',
    maxLength: 4000,
    maxEntries: NOTIFICATION_MAX_RECIPIENTS,
    pattern,
    errorMessage: { type: message, maxLength: M.tooLong(4000), maxEntries: M.tooManyRecipients, pattern: message },
  }) as const;
const choice = <E extends readonly string[], Msg extends string>(values: E, message: Msg) =>
  ({ type: 'string', maxLength: 20, enum: values, errorMessage: message }) as const;
const url = {
  type: 'string',
  maxLength: 2000,
  pattern: '^$|^https?://[^\\s]+$',
  errorMessage: { type: M.url, maxLength: M.tooLong(2000), pattern: M.urlFormat },
} as const;
/** A required text of a mode: present, not blank, within its length. */
const filled = <Msg extends string, Max extends number>(message: Msg, max: Max) =>
  ({
    type: 'string',
    minLength: 1,
    maxLength: max,
    pattern: NOT_BLANK,
    errorMessage: { type: message, minLength: message, maxLength: M.tooLong(max), pattern: MSG.blank },
  }) as const;

/** The webhook's dynamic token call (spec 002 section 3): sent only when method, url, content type and auth type are filled. */
export const dynamicWebhookConfigSchema = {
  type: 'object',
  properties: {
    method: choice(WEBHOOK_METHODS, M.method),
    url: {
      ...url,
      minLength: 1,
      errorMessage: { type: M.url, minLength: M.url, maxLength: M.tooLong(2000), pattern: M.urlFormat },
    },
    contentType: choice(WEBHOOK_CONTENT_TYPES, M.contentType),
    authType: choice(WEBHOOK_AUTH_TYPES, M.authType),
    authkey: text(2000),
    header: text(4000),
    content: text(NOTIFICATION_BODY_MAX),
    accessTokenJsonPath: text(500),
    ttlJsonPath: text(500),
  },
  required: ['method', 'url', 'contentType', 'authType'],
  additionalProperties: false,
  errorMessage: {
    required: { method: M.method, url: M.url, contentType: M.contentType, authType: M.authType },
    additionalProperties: 'Unknown field in the dynamic token config',
  },
} as const;

/** Every field of the save payload (spec 002 section 3), each with its length limit; which are required depends on the mode. */
export const NOTIFICATION_PAYLOAD_FIELDS = {
  customerConfigId: rowId,
  companyId: id,
  branchId: id,
  departmentId: id,
  userId: id,
  groupId: id,
  relatedCompanyId: id,
  relatedBranchId: id,
  relatedDepartmentId: id,
  eventId: { type: 'integer', minimum: 1, maximum: INT4_MAX, errorMessage: M.event },
  mode: choice(NOTIFICATION_MODES, M.mode),
  mobilenumbers: listOf(MOBILE_LIST_PATTERN, M.mobile),
  body: text(NOTIFICATION_BODY_MAX),
  subject: text(500),
  header: text(4000),
  footer: text(4000),
  subjectTemplateId: id,
  bodyTemplateId: id,
  headerTemplateId: id,
  footerTemplateId: id,
  emailTo: listOf(EMAIL_LIST_PATTERN, M.emailTo),
  emailCc: listOf(OPTIONAL_EMAIL_LIST_PATTERN, M.emailTo),
  emailBcc: listOf(OPTIONAL_EMAIL_LIST_PATTERN, M.emailTo),
  method: choice(WEBHOOK_METHODS, M.method),
  url,
  authkey: text(2000),
  user: text(200),
  password: text(200),
  contentType: choice(WEBHOOK_CONTENT_TYPES, M.contentType),
  authType: choice(WEBHOOK_AUTH_TYPES, M.authType),
  dynamicWebhookConfigs: {
    type: 'array',
    maxItems: 1,
    items: dynamicWebhookConfigSchema,
    errorMessage: { type: 'dynamicWebhookConfigs must be a list', maxItems: 'At most one dynamic token config' },
  },
} as const;

/** The payload's fields without the per-mode rules: the source of its TypeScript type. */
const payloadShape = {
  type: 'object',
  properties: NOTIFICATION_PAYLOAD_FIELDS,
  required: ['eventId', 'mode'],
  additionalProperties: false,
} as const;

/** What each mode requires (spec 002 section 5), as `if mode is X then ...`. */
const whenMode = <Mode extends NotificationMode, Then>(mode: Mode, then: Then) =>
  ({ if: { properties: { mode: { const: mode } }, required: ['mode'] }, then }) as const;

/**
 * The save payload of POST /notification/save-configuration and of one row of the configuration bulk upload: ids as
 * integers (null for none), then the fields of its mode. Fields of other modes are accepted (the form keeps what a
 * switch of mode left) but not stored: {@link NOTIFICATION_MODE_FIELDS} says which are kept.
 */
export const notificationConfigPayloadSchema = {
  ...payloadShape,
  allOf: [
    whenMode('SMS', {
      properties: {
        mobilenumbers: listOf(MOBILE_LIST_PATTERN, M.mobile),
        body: filled(M.smsContent, NOTIFICATION_BODY_MAX),
      },
      required: ['mobilenumbers', 'body'],
      errorMessage: { required: { mobilenumbers: M.mobile, body: M.smsContent } },
    }),
    whenMode('EMAIL', {
      properties: { subject: filled(M.emailSubject, 500), body: filled(M.emailBody, NOTIFICATION_BODY_MAX) },
      required: ['emailTo', 'subject', 'body'],
      errorMessage: { required: { emailTo: M.emailTo, subject: M.emailSubject, body: M.emailBody } },
    }),
    whenMode('WEBHOOKS', {
      properties: {
        url: {
          ...url,
          minLength: 1,
          errorMessage: { type: M.url, minLength: M.url, maxLength: M.tooLong(2000), pattern: M.urlFormat },
        },
      },
      required: ['method', 'url', 'contentType', 'authType'],
      errorMessage: { required: { method: M.method, url: M.url, contentType: M.contentType, authType: M.authType } },
    }),
    whenMode('WHATSAPP', {
      properties: { body: filled(M.whatsappContent, NOTIFICATION_BODY_MAX) },
      required: ['body'],
      errorMessage: { required: { body: M.whatsappContent } },
    }),
  ],
  errorMessage: {
    type: BODY_OBJECT,
    required: { eventId: M.event, mode: M.mode },
    additionalProperties: 'Unknown field in the configuration',
  },
} as const;

/** One configuration to save (form or bulk row). */
export type NotificationConfigPayload = FromSchema<typeof payloadShape>;

/** The fields each mode stores (spec 002 section 3), besides the scope, event and mode. */
export const NOTIFICATION_MODE_FIELDS = {
  SMS: ['mobilenumbers', 'body'],
  EMAIL: [
    'subjectTemplateId',
    'bodyTemplateId',
    'footerTemplateId',
    'headerTemplateId',
    'header',
    'footer',
    'body',
    'emailTo',
    'emailCc',
    'emailBcc',
    'subject',
  ],
  WEBHOOKS: [
    'bodyTemplateId',
    'body',
    'method',
    'url',
    'authkey',
    'header',
    'user',
    'password',
    'contentType',
    'authType',
    'dynamicWebhookConfigs',
  ],
  WHATSAPP: ['mobilenumbers', 'body', 'header', 'footer'],
} as const satisfies Record<NotificationMode, readonly (keyof NotificationConfigPayload)[]>;

/**
 * What the edit read answers for a stored webhook password or auth key (also the dynamic token call's auth key): the
 * secret itself never leaves the server. A save (or Send test) that sends the mask back keeps the stored secret.
 */
export const NOTIFICATION_SECRET_MASK = '••••••';

/** The scope fields of a payload, in the spec's order. */
export const NOTIFICATION_SCOPE_FIELDS = [
  'companyId',
  'branchId',
  'departmentId',
  'userId',
  'groupId',
  'relatedCompanyId',
  'relatedBranchId',
  'relatedDepartmentId',
] as const;
export type NotificationScope = Partial<Record<(typeof NOTIFICATION_SCOPE_FIELDS)[number], number | null>>;

const queryId = <Name extends string>(name: Name) =>
  ({
    type: 'integer',
    minimum: 1,
    maximum: MAX_NUMERIC_ID,
    errorMessage: `${name} must be a whole number from 1`,
  }) as const;
const queryRowId = <Name extends string>(name: Name) =>
  ({
    type: 'integer',
    minimum: 1,
    maximum: INT4_MAX,
    errorMessage: `${name} must be a whole number from 1 to ${INT4_MAX}`,
  }) as const;

/** The filter ids as the notification service's queries name them (spec 002 section 7, mode-configuration). */
const scopeQueryProperties = {
  company_id: queryId('company_id'),
  branch_id: queryId('branch_id'),
  department_id: queryId('department_id'),
  user_id: queryId('user_id'),
  group_id: queryId('group_id'),
  related_company_id: queryId('related_company_id'),
  related_branch_id: queryId('related_branch_id'),
  related_department_id: queryId('related_department_id'),
} as const;

/** GET /notification/configurations: the filter ids (a company or a user is required). */
export const notificationScopeQuerySchema = {
  type: 'object',
  properties: scopeQueryProperties,
  additionalProperties: false,
} as const;
export type NotificationScopeQuery = FromSchema<typeof notificationScopeQuerySchema>;

/** GET /notification/mode-configuration: the filter ids, the event and the mode. */
export const modeConfigurationQuerySchema = {
  type: 'object',
  properties: { ...scopeQueryProperties, mode: choice(NOTIFICATION_MODES, M.mode), event_id: queryRowId('event_id') },
  required: ['mode', 'event_id'],
  additionalProperties: false,
  errorMessage: { required: { mode: M.mode, event_id: M.event } },
} as const;

/** GET /notification/edit-configuration: the configuration, and the filter ids it is read in. */
export const editConfigurationQuerySchema = {
  type: 'object',
  properties: { ...scopeQueryProperties, customer_config_id: queryRowId('customer_config_id') },
  required: ['customer_config_id'],
  additionalProperties: false,
  errorMessage: { required: { customer_config_id: 'customer_config_id is required' } },
} as const;

/** POST /notification/toggle-config/{customerConfigId}. */
export const toggleConfigParamsSchema = {
  type: 'object',
  properties: { customerConfigId: queryRowId('customerConfigId') },
  required: ['customerConfigId'],
} as const;

/** POST /notification/preview: a template of a mode rendered with the sample trip. */
export const notificationPreviewBodySchema = {
  type: 'object',
  properties: {
    mode: choice(NOTIFICATION_MODES, M.mode),
    body: text(NOTIFICATION_BODY_MAX),
    subject: text(500),
    header: text(4000),
    footer: text(4000),
    contentType: choice(WEBHOOK_CONTENT_TYPES, M.contentType),
  },
  required: ['mode'],
  additionalProperties: false,
  errorMessage: { type: BODY_OBJECT, required: { mode: M.mode }, additionalProperties: 'Unknown field in the preview' },
} as const;
export type NotificationPreviewBody = FromSchema<typeof notificationPreviewBodySchema>;

/** Texts of the preview and of Send test. */
export const NOTIFICATION_TEST_MSG = {
  sent: (mode: string) => `${mode} test sent`,
  blockedHost:
    'The webhook URL points at a private or local address; add its host to NOTIFY_WEBHOOK_ALLOW_HOSTS to allow it',
  unreachable: 'The webhook could not be reached',
  tokenFailed: 'The dynamic token call failed',
  noPhone: "Your account has no mobile number: send the test to the configuration's recipients instead",
  webhookToMe: 'A webhook test calls its URL: send it to the recipients (the URL) instead',
  to: "Send the test to 'me' or to 'recipients'",
} as const;

/** The addresses or numbers of a list field: comma-separated, trimmed, blanks dropped. */
export const recipientList = (text?: string): string[] =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Whom a configuration's messages reach: its e-mail addresses (to, cc, bcc), its mobile numbers, or its URL. */
export function recipientsOf(p: Partial<NotificationConfigPayload>): string[] {
  if (p.mode === 'EMAIL') return [p.emailTo, p.emailCc, p.emailBcc].flatMap(recipientList);
  if (p.mode === 'WEBHOOKS') return p.url ? [p.url] : [];
  return recipientList(p.mobilenumbers);
}

/**
 * Whom a test send reaches: the signed-in operator (`me`, the default, so that checking a configuration mails no
 * customer), or the configuration's own recipients, which the console asks about first.
 */
export const notificationTestQuerySchema = {
  type: 'object',
  properties: {
    to: { type: 'string', enum: ['me', 'recipients'], default: 'me', errorMessage: NOTIFICATION_TEST_MSG.to },
  },
  additionalProperties: false,
} as const;
