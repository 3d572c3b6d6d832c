import { defineCall } from './contract';
import { ANSWERS } from './answers';
import { EVENT_MSG, eventSaveBodySchema } from '../notification-event';
import {
  NOTIFICATION_CONFIG_MSG, NOTIFICATION_TEST_MSG, editConfigurationQuerySchema, modeConfigurationQuerySchema, notificationConfigPayloadSchema,
  notificationPreviewBodySchema, notificationScopeQuerySchema, toggleConfigParamsSchema,
} from '../notification-config';

// ---- Notification events (helper "events"; spec 002 sections 2.3 and 7) ----

/** The notification service answers `{value}`; the built-in server mounts it at /notification (SERVICE_BASES). */
const notification = { service: 'notification', envelope: 'value' } as const;

/**
 * The notification service's calls (spec 002 section 7). Events are platform-wide, so their calls take no company
 * scope; the configuration calls (below) are scoped to the company, branch and department in scope.
 */
export const notificationCalls = {
  events: defineCall({ ...notification, id: 'notification.events', method: 'GET', path: '/notification/events', summary: 'Every notification event (id, name, event_status), by name' }),
  saveEvent: defineCall({ ...notification, id: 'notification.saveEvent', method: 'POST', path: '/notification/save-event', summary: "Creates an event ({name}, PENDING) or sets an event's status ({id, event_status}); a name taken (any case) answers 500 'Event is already created', as the spec's console expects", body: eventSaveBodySchema, messages: [EVENT_MSG.duplicate, EVENT_MSG.onboardedFinal], answers: { 404: "'Not found': an unknown event id", 500: `'${EVENT_MSG.duplicate}': the name is taken (any case), as the spec's console expects; or 'Something went wrong. Please try again'` } }),
  onboardedEvents: defineCall({ ...notification, id: 'notification.onboardedEvents', method: 'GET', path: '/notification/onboarded-events', summary: 'The ONBOARDED events (id, name), by name' }),

  // ---- Notification configuration (helper "config") ----
  editConfiguration: defineCall({ ...notification, id: 'notification.editConfiguration', method: 'GET', path: '/notification/edit-configuration', summary: 'One configuration as the edit form reads it (404 unless it is of the company in scope, or of the user when it has no company)', querystring: editConfigurationQuerySchema }),
  configFormFields: defineCall({ ...notification, id: 'notification.configFormFields', method: 'GET', path: '/notification/config-form-fields', summary: 'The placeholder token names of a trip that templates may use' }),
  modeConfiguration: defineCall({ ...notification, id: 'notification.modeConfiguration', method: 'GET', path: '/notification/mode-configuration', summary: 'Whether the scope has the event configured in the mode already; else the default body (and subject)', querystring: modeConfigurationQuerySchema, messages: [NOTIFICATION_CONFIG_MSG.noScope] }),
  saveConfiguration: defineCall({ ...notification, id: 'notification.saveConfiguration', method: 'POST', path: '/notification/save-configuration', summary: 'Creates (customerConfigId null) or updates one configuration; one per scope, event and mode', body: notificationConfigPayloadSchema, messages: [NOTIFICATION_CONFIG_MSG.noScope, NOTIFICATION_CONFIG_MSG.configured, NOTIFICATION_CONFIG_MSG.locked, NOTIFICATION_CONFIG_MSG.eventNotOnboarded], answers: { 404: ANSWERS.notFoundInBody, 409: NOTIFICATION_CONFIG_MSG.configured, 412: ANSWERS.stale } }),
  configurations: defineCall({ ...notification, id: 'notification.configurations', method: 'GET', path: '/notification/configurations', summary: 'The configurations of exactly the scope of the filter ids (customerConfigId, eventName, isEnabled, mode)', querystring: notificationScopeQuerySchema, messages: [NOTIFICATION_CONFIG_MSG.noScope] }),
  toggleConfig: defineCall({ ...notification, id: 'notification.toggleConfig', method: 'POST', path: '/notification/toggle-config/:customerConfigId', summary: "Flips a configuration's enabled flag (scope in the query as for the list)", params: toggleConfigParamsSchema, querystring: notificationScopeQuerySchema, answers: { 412: ANSWERS.stale } }),
  preview: defineCall({ ...notification, id: 'notification.preview', method: 'POST', path: '/notification/preview', summary: 'A template rendered with the sample trip (tokens filled, IF and IF-ELSE evaluated; grammar in API.md)', body: notificationPreviewBodySchema }),
  sendTest: defineCall({ ...notification, id: 'notification.sendTest', method: 'POST', path: '/notification/send-test', summary: "Delivers the form's configuration once, rendered with the sample trip: EMAIL by the mailer, WEBHOOKS as a real request, SMS and WHATSAPP into the outbox", body: notificationConfigPayloadSchema, messages: [NOTIFICATION_TEST_MSG.blockedHost, NOTIFICATION_TEST_MSG.unreachable, NOTIFICATION_TEST_MSG.tokenFailed], answers: { 404: ANSWERS.notFoundInBody, 429: ANSWERS.outboundQuota } }),
};
