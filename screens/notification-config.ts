import { endpoint } from '../engine/data/endpoint';
import { formCheck, formTools } from '../engine/form/parts';
import { defineForm, defineList } from '../engine/registry/define';
import type { Scope } from '../engine/scope/scope';
import { notificationCalls } from '../schemas/api/notifications';
import { NOTIFICATION_CONFIG_MSG as M } from '../schemas/notification-config';
import { formToPayload, notificationConfigFormSchema } from '../schemas/notification-config-form';
import {
  readModeCheck,
  readPreview,
  readTestResult,
  testQuestion,
  toConfigForm,
  type ConfigRead,
} from '../schemas/notification-config-read';
import * as registered from './notification-config.meta';

/** The notification service's configuration calls (spec 002 section 7), the filter ids sent as company_id... */
export const notificationConfigApi = {
  list: endpoint(notificationCalls.configurations),
  toggle: endpoint(notificationCalls.toggleConfig),
  read: endpoint(notificationCalls.editConfiguration),
  save: endpoint(notificationCalls.saveConfiguration),
  check: endpoint(notificationCalls.modeConfiguration),
  events: endpoint(notificationCalls.onboardedEvents, { scoped: false }),
  tokens: endpoint(notificationCalls.configFormFields, { scoped: false }),
  preview: endpoint(notificationCalls.preview, { scoped: false }),
  sendTest: endpoint(notificationCalls.sendTest, { scoped: false }),
};

type Listed = { customerConfigId: number; eventName: string; isEnabled: boolean; mode: string };

/** /configuration-list: the configurations of exactly the filter bar's scope, each with its enable switch. */
export const notificationConfigList = defineList({
  ...registered.notificationConfigList,
  source: notificationConfigApi.list,
  rowKey: 'customerConfigId',
  columns: [
    { title: 'Event', field: 'eventName' },
    {
      title: 'Enable Notificaton',
      field: 'isEnabled',
      kind: 'switch',
      toggle: {
        endpoint: notificationConfigApi.toggle,
        input: (row: Listed) => ({ params: { customerConfigId: row.customerConfigId } }),
        confirmText: 'Do you want to enable or disable this notification?',
        error: 'Error while updating the configuration',
      },
    },
    { title: 'Mode', field: 'mode' },
  ],
  search: { placeholder: 'Search event or mode', fields: ['eventName', 'mode'] },
  noun: 'configurations',
  emptyText: 'No notification configurations for the given selection',
  fetchError: 'Error while fetching configurations',
  headerButtons: [
    { label: 'Bulk Upload', to: '/bulk-upload/configurations' },
    { label: 'New Configuration', to: '/configuration-list/notification-config', primary: true },
  ],
  edit: { to: '/configuration-list/edit-notification-config/:customerConfigId' },
});

/** An id of the query string as the payload sends it: an integer, or null. */
const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/** The filter bar's ids as the payload sends them (spec 002 section 3), and the record's. */
const payloadIds = (scope: Scope, customerConfigId: number | null) => ({
  customerConfigId,
  companyId: idOf(scope.companyId),
  branchId: idOf(scope.branchId),
  departmentId: idOf(scope.departmentId),
  userId: idOf(scope.uID),
  groupId: idOf(scope.gID),
  relatedCompanyId: idOf(scope.relatedCompanyId),
  relatedBranchId: idOf(scope.relatedBranchId),
  relatedDepartmentId: idOf(scope.relatedDepartmentId),
});

/** The content field of each mode (where the default body goes). */
const BODY_FIELD: Readonly<Record<string, string>> = {
  SMS: 'smsBody',
  EMAIL: 'emailBody',
  WEBHOOKS: 'webhookBody',
  WHATSAPP: 'whatsappBody',
};
const bodyField = (mode: unknown) => (typeof mode === 'string' ? BODY_FIELD[mode] : undefined);

/** The token formats: a value everywhere; in WEBHOOKS also an IF or IF-ELSE block (spec 002 section 4). */
const VALUE = { label: 'Value', format: '{{$}}' };
/** A template text; with `popup` also edited in a dialog whose Save refuses an empty text (spec 002 section 5). */
const template = (
  formats: readonly { label: string; format: string }[],
  rows = 5,
  popup?: { open: string; title: string; empty: string },
) => ({
  'ui:widget': 'templateText',
  'ui:options': {
    tokens: notificationConfigApi.tokens,
    formats,
    copied: '$ copied to clipboard',
    note: M.pasteNote,
    rows,
    ...(popup && { popup }),
  },
});
const recipients = (addText: string, placeholder: string) => ({
  'ui:options': { keepLast: true, addWhenLastFilled: true, orderable: false, addText, itemLabel: placeholder },
  // A row emptied is '' (rjsf's default is undefined, which no type accepts): an empty Cc or Bcc row is dropped
  // from the save (spec 002 section 3), an empty To or mobile row is asked for.
  items: { 'ui:placeholder': placeholder, 'ui:emptyValue': '' },
});

/**
 * /configuration-list/notification-config and /configuration-list/edit-notification-config/{id}: one form for the four
 * modes. Once event and mode are chosen the server says whether the scope has that combination already (an error,
 * Submit disabled) or fills the default content; in edit mode both are locked. Preview and Send test go through the
 * server's one template language.
 */
export const notificationConfigForm = defineForm({
  ...registered.notificationConfigForm,
  schema: notificationConfigFormSchema,
  requiresCompany: false,
  // Spec 002 section 5: an info message.
  scopeNeeds: (scope) => (scope.companyId || scope.uID ? undefined : { text: M.noScope, tone: 'info' }),
  uiSchema: {
    'ui:order': ['eventId', 'mode', '*'],
    eventId: {
      'ui:widget': 'remoteSelect',
      'ui:options': {
        endpoint: notificationConfigApi.events,
        labelField: 'name',
        valueField: 'id',
        placeholder: 'Select event',
        lockOnEdit: true,
        fetchError: 'Error while fetching events',
      },
    },
    mode: { 'ui:widget': 'editLockedSelect', 'ui:placeholder': 'Select template mode' },
    mobileNumbers: recipients('Add Mobile Number', 'Mobile Number'),
    emailTo: recipients('Add Email To', 'Email'),
    emailCc: recipients('Add Email Cc', 'Email'),
    emailBcc: recipients('Add Email Bcc', 'Email'),
    smsBody: template([VALUE], 4, { open: 'Edit SMS Content', title: 'SMS Content', empty: M.smsContent }),
    whatsappBody: template([VALUE], 4, {
      open: 'Edit WhatsApp Content',
      title: 'WhatsApp Content',
      empty: M.whatsappContent,
    }),
    emailBody: template([VALUE], 8),
    subject: template([VALUE], 1, { open: 'Edit Subject', title: 'Subject', empty: M.subjectPopup }),
    header: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
    footer: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
    webhookBody: template(
      [
        VALUE,
        { label: 'IF', format: '{{#if $}}{{$}}{{/if}}' },
        { label: 'IF-ELSE', format: '{{#if $}}{{$}}{{else}}{{/if}}' },
      ],
      8,
    ),
    password: { 'ui:widget': 'password' },
    dynamicToken: { content: { 'ui:widget': 'textarea' }, header: { 'ui:widget': 'textarea' } },
  },
  load: {
    endpoint: notificationConfigApi.read,
    input: ({ scope, params }) => ({ scope, query: { customer_config_id: params.customerConfigId } }),
    error: 'Error while fetching the configuration',
  },
  toForm: (record: ConfigRead) => toConfigForm(record),
  toSubmission: (form, { scope, editing, params }) => ({
    body: formToPayload(form, payloadIds(scope, editing ? idOf(params.customerConfigId) : null)),
  }),
  submit: { create: notificationConfigApi.save },
  submitLabel: { create: 'Submit', edit: 'Submit' },
  messages: {
    created: 'Configuration saved',
    createError: 'Error while saving the configuration',
    preferServer: true,
  },
  parts: [
    formCheck({
      endpoint: notificationConfigApi.check,
      input: (form, { scope }) =>
        form.eventId && form.mode
          ? { scope, query: { event_id: String(form.eventId), mode: String(form.mode) } }
          : undefined,
      apply: (data, form) => {
        const answer = readModeCheck(data);
        const field = bodyField(form.mode);
        if (!answer || !field) return {};
        if (answer.configured) return { error: M.configured };
        return {
          fill: { [field]: answer.default_body, ...(form.mode === 'EMAIL' && { subject: answer.default_subject }) },
        };
      },
    }),
    formTools([
      {
        label: 'Preview',
        endpoint: notificationConfigApi.preview,
        input: (form) => {
          const payload = formToPayload(form, payloadIds({}, null));
          return {
            body: {
              mode: payload.mode,
              body: payload.body ?? '',
              ...(payload.mode === 'EMAIL' && { subject: payload.subject }),
              ...(payload.mode !== 'SMS' &&
                payload.mode !== 'WEBHOOKS' && { header: payload.header, footer: payload.footer }),
              ...(payload.mode === 'WEBHOOKS' && payload.contentType && { contentType: payload.contentType }),
            },
          };
        },
        show: readPreview,
      },
      // A test reaches the operator unless they choose the configuration's recipients, and then only after saying whom.
      {
        label: 'Send test to me',
        endpoint: notificationConfigApi.sendTest,
        input: (form, { scope, params }) => ({
          query: { to: 'me' },
          body: formToPayload(form, payloadIds(scope, idOf(params.customerConfigId))),
        }),
        hiddenWhen: (form) => formToPayload(form, payloadIds({}, null)).mode === 'WEBHOOKS',
        show: readTestResult,
      },
      {
        label: 'Send test to recipients…',
        endpoint: notificationConfigApi.sendTest,
        input: (form, { scope, params }) => ({
          query: { to: 'recipients' },
          body: formToPayload(form, payloadIds(scope, idOf(params.customerConfigId))),
        }),
        confirm: (form) => testQuestion(formToPayload(form, payloadIds({}, null))),
        show: readTestResult,
      },
    ]),
  ],
  after: '/configuration-list',
  back: '/configuration-list',
});
