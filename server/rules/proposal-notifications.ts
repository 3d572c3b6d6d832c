import type { ProposalChange } from '../../schemas/api/proposals';
import { NOTIFICATION_SCOPE_FIELDS, notificationConfigPayloadSchema } from '../../schemas/notification-config';
import { PROPOSAL_MSG as M, type ProposalItem } from '../../schemas/proposal';
import { isRecord } from '../../schemas/guards';
import { notificationConfigs as notifications } from '../../schemas/resources/notification-configs';
import { check } from '../http/validation';
import { notificationConfigRepository as configs } from '../repos/notification-config-repository';
import type { Scope } from '../repos/scope-repository';
import type { Queryable } from '../store/store';
import { maskSecrets, saveNotificationConfig, withSecrets } from './notification-config-save';
import { RuleRefusal } from './refusal';

/**
 * Notification configurations proposed (issue 39): their save is the notification service's own call
 * (`POST /notification/save-configuration`), so an item holds that call's payload, as the configuration form sends
 * it: a create, or (naming its `customerConfigId`) an update of one of the proposal's company. It is checked and
 * written by the save's own rules; a secret (a password, a token) is never kept in a proposal.
 */

/** A payload's fields that name its configuration (scope, event, mode) rather than change it. */
const NAMING = new Set<string>([...NOTIFICATION_SCOPE_FIELDS, 'customerConfigId', 'eventId', 'mode', 'isEnabled']);

/** Whether an item of a proposal is a notification configuration's save. */
export const isNotificationSave = (item: ProposalItem) => item.resource === notifications.name;

/** The configuration an item's payload names (its `customerConfigId`), or null for a new one. */
const configIdOf = (body: Readonly<Record<string, unknown>>) => {
  const id = body.customerConfigId;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? Number(id) : null;
};

/**
 * Checks a notification item as the save checks its payload, for the proposal's company (400 naming the item, 404 for
 * a configuration out of reach), and answers it as proposed: a create, or an update of the configuration the payload
 * names at its version now.
 */
export async function checkNotification(
  q: Queryable,
  scope: Scope,
  item: ProposalItem,
  n: number,
): Promise<ProposalItem> {
  const body = isRecord(item.body) ? item.body : null;
  const problems = body ? check(notificationConfigPayloadSchema, body) : [M.body];
  if (problems.length > 0 || !body) throw new RuleRefusal(problems.map((problem) => `Change ${n}: ${problem}`));
  if (String(body.companyId ?? '') !== scope.companyId)
    throw new RuleRefusal([`Change ${n}: ${M.cannot(notifications.title, 'create')} for another company`]);
  if (JSON.stringify(maskSecrets(body)) !== JSON.stringify(body))
    throw new RuleRefusal([
      `Change ${n}: a secret (a password or a token) is saved directly, never kept in a proposal`,
    ]);
  const id = configIdOf(body);
  if (id === null) return { resource: item.resource, action: 'create', body };
  const stored = await configs.byId(q, id);
  if (!stored || stored.scope.companyId !== scope.companyId) throw new RuleRefusal([`Change ${n}: ${M.id}`]);
  return { resource: item.resource, action: 'update', id: String(id), version: item.version ?? stored.version, body };
}

/** A notification item in words: each field of the payload now and as proposed (secrets masked), those that change. */
export async function notificationChanges(
  q: Queryable,
  item: ProposalItem,
  index: number,
  fieldChanges: (label: string, before: string | null, after: string | null) => ProposalChange['fields'],
): Promise<ProposalChange[]> {
  const body = isRecord(item.body) ? item.body : {};
  const id = configIdOf(body);
  const stored = id === null ? null : await configs.byId(q, id);
  const now = stored ? maskSecrets(withSecrets(stored.settings, stored.secrets)) : null;
  const record = stored ? `${stored.eventName} · ${stored.mode}` : null;
  // The payload's own fields: its scope, event and mode name the configuration and do not change.
  const proposed = Object.fromEntries(Object.entries(body).filter(([name]) => !NAMING.has(name)));
  return [
    {
      item: index,
      resource: notifications.title,
      action: stored ? 'update' : 'create',
      record,
      fields: fieldChanges('Configuration', now ? JSON.stringify(now) : null, JSON.stringify(proposed)),
    },
  ];
}

/** Writes a notification item within the apply's transaction, by the save's rules, at the version proposed. */
export async function applyNotification(q: Queryable, item: ProposalItem, by: string): Promise<void> {
  const expected = item.version === undefined || item.version === null ? null : [item.version];
  const saved = await saveNotificationConfig(q, item.body ?? null, by, expected);
  if (!saved.ok) throw new RuleRefusal(saved.errors);
}
