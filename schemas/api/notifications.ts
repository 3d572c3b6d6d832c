import { notificationConfigs } from '../resources/notification-configs';
import type { FromSchema } from 'json-schema-to-ts';
import { defineCall } from './contract';
import { REASONS } from './refers';
import { bool, int, list, shape, str } from './shapes';
import { ANSWERS } from './answers';
import { EVENT_MSG, EVENT_STATUSES, eventSaveBodySchema } from '../notification-event';
import {
  NOTIFICATION_CONFIG_MSG,
  NOTIFICATION_MODES,
  NOTIFICATION_TEST_MSG,
  notificationTestQuerySchema,
  WEBHOOK_AUTH_TYPES,
  WEBHOOK_CONTENT_TYPES,
  WEBHOOK_METHODS,
  editConfigurationQuerySchema,
  modeConfigurationQuerySchema,
  notificationConfigPayloadSchema,
  notificationPreviewBodySchema,
  notificationScopeQuerySchema,
  toggleConfigParamsSchema,
} from '../notification-config';

// ---- Notification events (helper "events"; spec 002 sections 2.3 and 7) ----

/** The notification service answers `{value}`; the built-in server mounts it at /notification (SERVICE_BASES). */
const notification = { service: 'notification', envelope: 'value' } as const;

/** One of `values`. */
const oneOf = <const V extends readonly string[]>(values: V) => ({ type: 'string', enum: [...values] }) as const;

const mode = oneOf(NOTIFICATION_MODES);

/** The filter ids of the configuration reads and toggle: the scope itself, or platform users and groups. */
const FILTER_IDS = {
  'query.company_id': REASONS.notificationFilter,
  'query.branch_id': REASONS.notificationFilter,
  'query.department_id': REASONS.notificationFilter,
  'query.related_company_id': REASONS.notificationFilter,
  'query.related_branch_id': REASONS.notificationFilter,
  'query.related_department_id': REASONS.notificationFilter,
  'query.user_id': REASONS.notificationFilter,
  'query.group_id': REASONS.notificationFilter,
} as const;

/** The ids of a configuration a save or a test sends besides its own: its scope, its event and its templates. */
const CONFIGURATION_IDS = {
  'body.companyId': REASONS.notificationScope,
  'body.branchId': REASONS.notificationScope,
  'body.departmentId': REASONS.notificationScope,
  'body.userId': REASONS.notificationScope,
  'body.groupId': REASONS.notificationScope,
  'body.relatedCompanyId': REASONS.notificationScope,
  'body.relatedBranchId': REASONS.notificationScope,
  'body.relatedDepartmentId': REASONS.notificationScope,
  'body.eventId': REASONS.notificationEvent,
  'body.subjectTemplateId': REASONS.notificationTemplate,
  'body.bodyTemplateId': REASONS.notificationTemplate,
  'body.headerTemplateId': REASONS.notificationTemplate,
  'body.footerTemplateId': REASONS.notificationTemplate,
} as const;

/** An event as the list and the save answer it. */
export const notificationEventAnswer = shape({ id: int, name: str, event_status: oneOf(EVENT_STATUSES) });
/** An event as the list and the save answer it. */
export type NotificationEvent = FromSchema<typeof notificationEventAnswer>;

/** An ONBOARDED event: what a configuration may name. */
export const onboardedEventAnswer = shape({ id: int, name: str });
/** An ONBOARDED event. */
export type OnboardedEvent = FromSchema<typeof onboardedEventAnswer>;

/** A configuration of the list of a scope. */
export const notificationConfigRowAnswer = shape({ customerConfigId: int, eventName: str, isEnabled: bool, mode });
/** A configuration of the list of a scope. */
export type NotificationConfigListRow = FromSchema<typeof notificationConfigRowAnswer>;

/** The webhook's dynamic token call as stored (its auth key masked by the edit read). */
const dynamicWebhookConfigAnswer = shape(
  {
    method: oneOf(WEBHOOK_METHODS),
    url: str,
    contentType: oneOf(WEBHOOK_CONTENT_TYPES),
    authType: oneOf(WEBHOOK_AUTH_TYPES),
  },
  { authkey: str, header: str, content: str, accessTokenJsonPath: str, ttlJsonPath: str },
);

/**
 * A configuration as the edit form reads it: its id, event and mode, and the fields its mode stores
 * (NOTIFICATION_MODE_FIELDS; blanks are not stored), the password and auth keys masked.
 */
export const notificationConfigEditAnswer = shape(
  { customerConfigId: int, eventId: int, eventName: str, mode, isEnabled: bool },
  {
    mobilenumbers: str,
    body: str,
    subject: str,
    header: str,
    footer: str,
    subjectTemplateId: int,
    bodyTemplateId: int,
    headerTemplateId: int,
    footerTemplateId: int,
    emailTo: str,
    emailCc: str,
    emailBcc: str,
    method: oneOf(WEBHOOK_METHODS),
    url: str,
    authkey: str,
    user: str,
    password: str,
    contentType: oneOf(WEBHOOK_CONTENT_TYPES),
    authType: oneOf(WEBHOOK_AUTH_TYPES),
    dynamicWebhookConfigs: list(dynamicWebhookConfigAnswer),
  },
);
/** A configuration as the edit form reads it. */
export type NotificationConfigEdit = FromSchema<typeof notificationConfigEditAnswer>;

/** A template rendered with the sample trip: the parts of its mode, and the tokens the trip does not know. */
export const notificationPreviewAnswer = shape(
  { body: str, unknownTokens: list(str) },
  { subject: str, header: str, footer: str },
);
/** A preview of POST /notification/preview. */
export type NotificationPreview = FromSchema<typeof notificationPreviewAnswer>;

/** What a test delivery did: by which channel, to whom; of a webhook, its answer's status and the start of its body. */
export const notificationTestAnswer = shape(
  { mode, channel: oneOf(['smtp', 'outbox', 'webhook']), to: list(str) },
  { status: int, answer: str },
);
/** What a test delivery did. */
export type NotificationTestResult = FromSchema<typeof notificationTestAnswer>;

/** The texts a save or a toggle answers beside its value ('SMS event created successfully'). */
const saved = { message: list(str) } as const;

/**
 * The notification service's calls (spec 002 section 7). Events are platform-wide, so their calls take no company
 * scope; the configuration calls (below) are scoped to the company, branch and department in scope.
 */
export const notificationCalls = {
  events: defineCall({
    ...notification,
    id: 'notification.events',
    method: 'GET',
    path: '/notification/events',
    summary: 'Every notification event (id, name, event_status), by name',
    answer: list(notificationEventAnswer),
  }),
  saveEvent: defineCall({
    ...notification,
    id: 'notification.saveEvent',
    refers: { 'body.id': REASONS.notificationEvent },
    method: 'POST',
    path: '/notification/save-event',
    summary:
      "Creates an event ({name}, PENDING) or sets an event's status ({id, event_status}); a name taken (any case) answers 500 'Event is already created', as the spec's console expects",
    body: eventSaveBodySchema,
    messages: [EVENT_MSG.duplicate, EVENT_MSG.onboardedFinal],
    answers: {
      404: "'Not found': an unknown event id",
      500: `'${EVENT_MSG.duplicate}': the name is taken (any case), as the spec's console expects; or 'Something went wrong. Please try again'`,
    },
    answer: notificationEventAnswer,
  }),
  onboardedEvents: defineCall({
    ...notification,
    id: 'notification.onboardedEvents',
    method: 'GET',
    path: '/notification/onboarded-events',
    summary: 'The ONBOARDED events (id, name), by name',
    answer: list(onboardedEventAnswer),
  }),

  // ---- Notification configuration (helper "config") ----
  editConfiguration: defineCall({
    ...notification,
    id: 'notification.editConfiguration',
    refers: { ...FILTER_IDS, 'query.customer_config_id': REASONS.notificationConfig },
    etag: true,
    method: 'GET',
    path: '/notification/edit-configuration',
    summary:
      'One configuration as the edit form reads it (404 unless it is of the company in scope, or of the user when it has no company)',
    querystring: editConfigurationQuerySchema,
    answer: notificationConfigEditAnswer,
    // A webhook's stored settings (auth, headers, dynamic token) are sent as stored, with the password masked:
    // the serializer would drop what the answer schema has not named yet (CI saw an edited webhook's Send test fail).
    unserialized: 'a configuration is sent as stored (its secrets masked), whatever settings its mode keeps',
  }),
  configFormFields: defineCall({
    ...notification,
    id: 'notification.configFormFields',
    method: 'GET',
    path: '/notification/config-form-fields',
    summary: 'The placeholder token names of a trip that templates may use',
    answer: list(str),
  }),
  modeConfiguration: defineCall({
    ...notification,
    id: 'notification.modeConfiguration',
    refers: { ...FILTER_IDS, 'query.event_id': REASONS.notificationEvent },
    method: 'GET',
    path: '/notification/mode-configuration',
    summary: 'Whether the scope has the event configured in the mode already; else the default body (and subject)',
    querystring: modeConfigurationQuerySchema,
    messages: [NOTIFICATION_CONFIG_MSG.noScope],
    answer: shape({ configured: bool, default_body: str, default_subject: str }),
  }),
  saveConfiguration: defineCall({
    ...notification,
    id: 'notification.saveConfiguration',
    // A company that reviews its notification configurations has them proposed (issue 39): the save answers 409.
    area: notificationConfigs.name,
    refers: { ...CONFIGURATION_IDS, 'body.customerConfigId': REASONS.notificationConfig },
    method: 'POST',
    path: '/notification/save-configuration',
    summary: 'Creates (customerConfigId null) or updates one configuration; one per scope, event and mode',
    body: notificationConfigPayloadSchema,
    messages: [
      NOTIFICATION_CONFIG_MSG.noScope,
      NOTIFICATION_CONFIG_MSG.configured,
      NOTIFICATION_CONFIG_MSG.locked,
      NOTIFICATION_CONFIG_MSG.eventNotOnboarded,
    ],
    answers: { 404: ANSWERS.notFoundInBody, 409: NOTIFICATION_CONFIG_MSG.configured },
    versioned: true,
    answer: shape({ customerConfigId: int, created: bool }),
    meta: saved,
  }),
  configurations: defineCall({
    ...notification,
    id: 'notification.configurations',
    refers: FILTER_IDS,
    method: 'GET',
    path: '/notification/configurations',
    summary: 'The configurations of exactly the scope of the filter ids (customerConfigId, eventName, isEnabled, mode)',
    querystring: notificationScopeQuerySchema,
    messages: [NOTIFICATION_CONFIG_MSG.noScope],
    answer: list(notificationConfigRowAnswer),
  }),
  toggleConfig: defineCall({
    ...notification,
    id: 'notification.toggleConfig',
    area: notificationConfigs.name,
    refers: { ...FILTER_IDS, 'params.customerConfigId': REASONS.notificationConfig },
    method: 'POST',
    path: '/notification/toggle-config/:customerConfigId',
    summary: "Flips a configuration's enabled flag (scope in the query as for the list)",
    params: toggleConfigParamsSchema,
    querystring: notificationScopeQuerySchema,
    versioned: true,
    answer: shape({ customerConfigId: int, isEnabled: bool }),
    meta: saved,
  }),
  preview: defineCall({
    ...notification,
    id: 'notification.preview',
    method: 'POST',
    path: '/notification/preview',
    summary: 'A template rendered with the sample trip (tokens filled, IF and IF-ELSE evaluated; grammar in API.md)',
    body: notificationPreviewBodySchema,
    answer: notificationPreviewAnswer,
  }),
  sendTest: defineCall({
    ...notification,
    id: 'notification.sendTest',
    refers: {
      ...CONFIGURATION_IDS,
      'body.customerConfigId': 'not read: a test delivers the form as it is, stored or not',
    },
    method: 'POST',
    path: '/notification/send-test',
    summary:
      "Delivers the form's configuration once, rendered with the sample trip, to the signed-in operator (to=me, the default) or to its recipients (to=recipients): EMAIL by the mailer, WEBHOOKS as a real request (recipients only), SMS and WHATSAPP into the outbox",
    querystring: notificationTestQuerySchema,
    body: notificationConfigPayloadSchema,
    messages: [
      NOTIFICATION_TEST_MSG.blockedHost,
      NOTIFICATION_TEST_MSG.unreachable,
      NOTIFICATION_TEST_MSG.tokenFailed,
      NOTIFICATION_TEST_MSG.noPhone,
      NOTIFICATION_TEST_MSG.webhookToMe,
    ],
    answers: { 404: ANSWERS.notFoundInBody, 429: ANSWERS.outboundQuota },
    answer: notificationTestAnswer,
    unserialized: 'what a test delivery did, as the delivery reports it (a webhook adds its answer and status)',
  }),
};
