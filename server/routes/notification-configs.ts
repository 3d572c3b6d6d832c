import { PROPOSAL_MSG } from '../../schemas/proposal';
import { notificationConfigs } from '../../schemas/resources/notification-configs';
import { reviewAreaRepository } from '../repos/review-area-repository';
import type { FastifyInstance } from 'fastify';
import { notificationCalls, type NotificationConfigEdit } from '../../schemas/api/notifications';
import {
  NOTIFICATION_CONFIG_MSG as M,
  NOTIFICATION_TEST_MSG,
  type NotificationConfigPayload,
  type NotificationScopeQuery,
} from '../../schemas/notification-config';
import { NOTIFICATION_TOKENS } from '../../schemas/notification-template';
import { ApiError, notFound } from '../http/envelope';
import { route } from '../http/route';
import {
  notificationConfigRepository as configs,
  type NotificationConfigScope,
  type StoredNotificationConfig,
} from '../repos/notification-config-repository';
import { findOnboardedEvent } from '../repos/notification-event-repository';
import { defaultTemplate } from '../rules/notification-defaults';
import { previewNotification, sendTestNotification, testMessages } from '../rules/notification-delivery';
import { requireOutbound, settleOutbound } from '../rules/outbound-gate';
import { newId } from '../http/ids';
import {
  checkNotificationScope,
  maskSecrets,
  payloadScope,
  saveNotificationConfig,
  unmaskForDelivery,
  withSecrets,
  withinReach,
} from '../rules/notification-config-save';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/**
 * A test send's configuration addressed to the signed-in operator instead of its recipients (`to=me`, the default):
 * an e-mail to their address only, an SMS or WhatsApp to their mobile number; a webhook has no such recipient.
 */
async function toOperator(
  q: Queryable,
  payload: NotificationConfigPayload,
  desk: { userId: string; email: string },
): Promise<NotificationConfigPayload> {
  if (payload.mode === 'WEBHOOKS') throw new ApiError(400, [NOTIFICATION_TEST_MSG.webhookToMe]);
  if (payload.mode === 'EMAIL') return { ...payload, emailTo: desk.email, emailCc: '', emailBcc: '' };
  const user = await q.one<{ phone: string | null }>('select phone from users where id = $1', [desk.userId]);
  if (!user?.phone) throw new ApiError(400, [NOTIFICATION_TEST_MSG.noPhone]);
  return { ...payload, mobilenumbers: user.phone };
}

/** The notification service's answer (spec 002 section 7). */
const value = <T>(answer: T) => ({ value: answer });

const text = (id: number | undefined) => (id === undefined ? null : String(id));

/**
 * The scope of a query's filter ids, checked: a company or a user ('Plese selecet either company or user'), ids that
 * exist and belong together (404).
 */
async function queryScope(q: Queryable, query: NotificationScopeQuery): Promise<NotificationConfigScope> {
  if (!query.company_id && !query.user_id) throw new ApiError(400, [M.noScope]);
  const scope: NotificationConfigScope = {
    companyId: text(query.company_id),
    branchId: text(query.branch_id),
    departmentId: text(query.department_id),
    userId: query.user_id ?? null,
    groupId: query.group_id ?? null,
    relatedCompanyId: text(query.related_company_id),
    relatedBranchId: text(query.related_branch_id),
    relatedDepartmentId: text(query.related_department_id),
  };
  await checkNotificationScope(q, scope);
  return scope;
}

/**
 * A stored configuration as the edit form reads it (spec 002 section 3, Configuration read): its secrets merged back,
 * the password and auth keys masked (API.md "Notification configuration").
 */
function editRead({ version: _version, ...c }: StoredNotificationConfig): NotificationConfigEdit {
  return {
    customerConfigId: c.id,
    eventId: c.eventId,
    eventName: c.eventName,
    mode: c.mode,
    isEnabled: c.isEnabled,
    ...maskSecrets(withSecrets(c.settings, c.secrets)),
  };
}

/**
 * A company that reviews its notification configurations (issue 39, API.md "Proposals") has their saves and switches
 * proposed: refused here (409), whoever sends them.
 */
async function refuseReviewed(q: Queryable, companyId: string | number | null | undefined): Promise<void> {
  if (companyId === null || companyId === undefined || companyId === '') return;
  if (await reviewAreaRepository.requires(q, String(companyId), notificationConfigs.name))
    throw new ApiError(409, [PROPOSAL_MSG.reviewRequired(notificationConfigs.title)]);
}

/**
 * Notification configuration (spec 002 sections 2.4 and 7; API.md "Notification configuration"): the edit read,
 * the placeholder tokens, the mode-configuration check, the save, the list of a scope and the enable toggle; beyond
 * the spec, the template preview and a test delivery. A configuration of another company (or, without a company,
 * of another user) answers 404.
 */
export async function notificationConfigRoutes(app: FastifyInstance, { store, mailer, outbound, clock }: AppContext) {
  route(app, notificationCalls.configFormFields, async () => value([...NOTIFICATION_TOKENS]));

  route(app, notificationCalls.configurations, async ({ query }) => {
    const scope = await queryScope(store, query);
    return value(await configs.list(store, scope));
  });

  route(app, notificationCalls.editConfiguration, async ({ query }) => {
    const scope = await queryScope(store, query);
    const stored = await configs.byId(store, query.customer_config_id);
    if (!stored || !withinReach(stored.scope, scope)) throw notFound();
    return value({ ...editRead(stored), version: stored.version });
  });

  route(app, notificationCalls.modeConfiguration, async ({ query }) => {
    const scope = await queryScope(store, query);
    const { mode } = query;
    const configured = (await configs.find(store, scope, query.event_id, mode)) !== null;
    const event = await findOnboardedEvent(store, query.event_id);
    if (!event) throw new ApiError(400, [M.eventNotOnboarded]);
    const template = defaultTemplate(mode, event.name);
    return value({ configured, default_body: template.body, default_subject: template.subject });
  });

  // An update with a stale If-Match changes nothing: 412 (API.md "Lost updates").
  route(app, notificationCalls.saveConfiguration, async (request) => {
    const { body, desk, expected } = request;
    await refuseReviewed(store, body.companyId);
    const saved = await store.tx(async (q) => {
      const result = await saveNotificationConfig(q, body, desk.email, expected);
      if (!result.ok) throw new ApiError(result.status ?? 400, result.errors);
      return result;
    });
    const message = saved.created ? M.created(body.mode) : M.updated(body.mode);
    const { customerConfigId, created, version = null } = saved;
    return { ...value({ customerConfigId, created, version }), message: [message] };
  });

  route(app, notificationCalls.toggleConfig, async (request) => {
    const { params, query, desk, expected } = request;
    const toggled = await store.tx(async (q) => {
      const scope = await queryScope(q, query);
      const stored = await configs.byId(q, params.customerConfigId);
      if (!stored || !withinReach(stored.scope, scope)) throw notFound();
      await refuseReviewed(q, stored.scope.companyId);
      return configs.toggle(q, stored.id, desk.email, expected);
    });
    return {
      ...value({ customerConfigId: params.customerConfigId, isEnabled: toggled.isEnabled, version: toggled.version }),
      message: [M.toggled],
    };
  });

  route(app, notificationCalls.preview, async ({ body }) => value(previewNotification(body)));

  // A test send passes the outbound gate: once its templates and recipients are found good, its messages (one per
  // address or number; a webhook call is one) are taken from the desk's and the company's quotas before anything
  // goes, or it answers 429 and sends nothing.
  route(app, notificationCalls.sendTest, async ({ query, body, desk }) => {
    if (!body.companyId && !body.userId) throw new ApiError(400, [M.noScope]);
    await checkNotificationScope(store, payloadScope(body));
    // The form sends masked secrets back: the stored ones of the configuration it edits are used.
    const unmasked = await unmaskForDelivery(store, body);
    const payload = query.to === 'recipients' ? unmasked : await toOperator(store, unmasked, desk);
    const ticket = newId('out');
    const admit = () =>
      store.tx((q) =>
        requireOutbound(
          q,
          outbound,
          {
            kind: 'test',
            deskId: desk.userId,
            companyKey: body.companyId ? String(body.companyId) : `user:${body.userId}`,
            messages: testMessages(payload),
          },
          clock,
          ticket,
        ),
      );
    try {
      return value(await sendTestNotification(store, mailer, payload, admit));
    } finally {
      await settleOutbound(store, ticket, clock);
    }
  });
}
