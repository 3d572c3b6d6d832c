import {
  NOTIFICATION_CONFIG_MSG as M,
  NOTIFICATION_MODE_FIELDS,
  NOTIFICATION_SECRET_MASK as MASK,
  notificationConfigPayloadSchema,
  type NotificationConfigPayload,
} from '../../schemas/notification-config';
import { MSG } from '../../schemas/messages';
import { isOneOf } from '../../schemas/guards';
import { checked } from '../http/validation';
import {
  notificationConfigRepository as repo,
  type NotificationConfigScope,
} from '../repos/notification-config-repository';
import { findOnboardedEvent } from '../repos/notification-event-repository';
import { inSavepoint } from '../repos/savepoint';
import { scopeInReach } from '../repos/scope-reach';
import type { Queryable } from '../store/store';
import { isUniqueViolation } from '../store/unique';
import { renderNotificationParts } from './notification-delivery';
import { OutOfReach } from './refusal';

/** What a save answers: the configuration's id and whether it was new, or why nothing was stored. */
export type NotificationConfigSaveResult =
  | { ok: true; customerConfigId: number; created: boolean; version?: number }
  | { ok: false; errors: string[]; status?: 400 | 404 | 409 | 412 };

/**
 * The webhook fields kept apart from the settings (the audit log records `secrets` as a digest only): the password,
 * the auth key and the extra headers (API keys); of the dynamic token call its auth key, headers and content (often
 * a client secret). The edit read masks the {@link MASKED} ones.
 */
const SECRET_FIELDS = ['password', 'authkey', 'header'] as const;
const DYNAMIC_SECRET_FIELDS = ['authkey', 'header', 'content'] as const;
/** The secrets the edit read answers as {@link MASK} (a save sending the mask back keeps the stored one). */
const MASKED = ['password', 'authkey'] as const;
const DYNAMIC_MASKED = ['authkey'] as const;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const dynamicOf = (fields: Fields): Fields[] =>
  Array.isArray(fields.dynamicWebhookConfigs) ? fields.dynamicWebhookConfigs.filter(isFields) : [];

/**
 * A configuration's fields with its secrets merged back (what a delivery uses): the top-level secrets, and each
 * dynamic token call's secrets into its entry. Rows stored before the secrets moved keep theirs in the settings.
 */
export function withSecrets(settings: Fields, secrets: Fields): Fields {
  const { dynamicWebhookConfigs: _secretDynamic, ...top } = secrets;
  const merged: Fields = { ...settings, ...top };
  const secretDynamic = dynamicOf(secrets);
  if (Array.isArray(settings.dynamicWebhookConfigs))
    merged.dynamicWebhookConfigs = dynamicOf(settings).map((entry, i) => ({ ...entry, ...secretDynamic[i] }));
  return merged;
}

/** The fields as the edit read answers them: the password and auth keys (top-level and dynamic) as {@link MASK}. */
export function maskSecrets(fields: Fields): Fields {
  const masked: Fields = { ...fields };
  for (const field of MASKED) if (typeof masked[field] === 'string' && masked[field]) masked[field] = MASK;
  if (Array.isArray(fields.dynamicWebhookConfigs)) {
    masked.dynamicWebhookConfigs = dynamicOf(fields).map((entry) => {
      const copy = { ...entry };
      for (const field of DYNAMIC_MASKED) if (typeof copy[field] === 'string' && copy[field]) copy[field] = MASK;
      return copy;
    });
  }
  return masked;
}

/**
 * The payload with each masked secret ({@link MASK} sent back by the form) replaced by the stored one of `stored`
 * (the configuration's fields with secrets, or null: then the masked secret is dropped).
 */
export function unmaskSecrets(p: NotificationConfigPayload, stored: Fields | null): NotificationConfigPayload {
  const out: NotificationConfigPayload = { ...p };
  const take = <K extends string>(into: Partial<Record<K, string>>, from: Fields | undefined, fields: readonly K[]) => {
    for (const field of fields) {
      if (into[field] !== MASK) continue;
      const kept = from?.[field];
      if (typeof kept === 'string' && kept) into[field] = kept;
      else delete into[field];
    }
  };
  take(out, stored ?? undefined, MASKED);
  if (Array.isArray(p.dynamicWebhookConfigs)) {
    const storedDynamic = stored ? dynamicOf(stored) : [];
    out.dynamicWebhookConfigs = p.dynamicWebhookConfigs.map((entry, i) => {
      const copy = { ...entry };
      take(copy, storedDynamic[i], DYNAMIC_MASKED);
      return copy;
    });
  }
  return out;
}

/**
 * The payload of a Send test with its masked secrets filled from the configuration it names (`customerConfigId`,
 * when within reach of the payload's scope); masked secrets of anything else are dropped.
 */
export async function unmaskForDelivery(
  db: Queryable,
  p: NotificationConfigPayload,
): Promise<NotificationConfigPayload> {
  const stored = p.customerConfigId ? await repo.byId(db, p.customerConfigId) : null;
  const reachable = stored && withinReach(stored.scope, payloadScope(p)) && stored.mode === p.mode ? stored : null;
  return unmaskSecrets(p, reachable && withSecrets(reachable.settings, reachable.secrets));
}

const text = (id: number | null | undefined) => (id === null || id === undefined ? null : String(id));

/** A comma-joined list with empty entries (and spaces around entries) dropped, as the form sends Cc and Bcc. */
const cleanList = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(',');

/** The stored scope of a payload (ids as text; user and group as numbers). */
export function payloadScope(p: NotificationConfigPayload): NotificationConfigScope {
  return {
    companyId: text(p.companyId),
    branchId: text(p.branchId),
    departmentId: text(p.departmentId),
    userId: p.userId ?? null,
    groupId: p.groupId ?? null,
    relatedCompanyId: text(p.relatedCompanyId),
    relatedBranchId: text(p.relatedBranchId),
    relatedDepartmentId: text(p.relatedDepartmentId),
  };
}

/**
 * Whether a stored configuration may be addressed from a scope: the same company, and the same branch (department)
 * when both name one; or the same user when neither has a company.
 */
export function withinReach(
  stored: NotificationConfigScope,
  asked: Pick<NotificationConfigScope, 'companyId' | 'userId' | 'branchId' | 'departmentId'>,
): boolean {
  if (stored.companyId !== null || asked.companyId !== null) {
    // Like every id (scope-repository reachFilter): a configuration of the wider scope stays reachable from a narrower one.
    const narrow = (mine: string | null, theirs: string | null) => theirs === null || mine === null || mine === theirs;
    return (
      stored.companyId === asked.companyId &&
      narrow(stored.branchId, asked.branchId) &&
      narrow(stored.departmentId, asked.departmentId)
    );
  }
  return stored.userId !== null && stored.userId === asked.userId;
}

/**
 * Whether the scope's ids exist and belong together (a branch of the company, a department of the branch; the same
 * for the related party): a branch or department without its company does not.
 */
export async function notificationScopeInReach(db: Queryable, scope: NotificationConfigScope): Promise<boolean> {
  const reaches = async (c: string | null, b: string | null, d: string | null) =>
    c ? scopeInReach(db, { c, b: b ?? undefined, d: d ?? undefined }) : !b && !d;
  return (
    (await reaches(scope.companyId, scope.branchId, scope.departmentId)) &&
    (await reaches(scope.relatedCompanyId, scope.relatedBranchId, scope.relatedDepartmentId))
  );
}

/** {@link notificationScopeInReach}, or {@link OutOfReach} (404 'Not found', like any id out of reach). */
export async function checkNotificationScope(db: Queryable, scope: NotificationConfigScope): Promise<void> {
  if (!(await notificationScopeInReach(db, scope))) throw new OutOfReach();
}

/** The mode's fields of a payload (spec 002 section 3), split into settings and secrets; other modes' fields are dropped. */
function modeFields(p: NotificationConfigPayload): {
  settings: Record<string, unknown>;
  secrets: Record<string, unknown>;
} {
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const field of NOTIFICATION_MODE_FIELDS[p.mode]) {
    let value: unknown = p[field];
    if (value === undefined || value === null || value === '') continue;
    if (
      (field === 'emailCc' || field === 'emailBcc' || field === 'emailTo' || field === 'mobilenumbers') &&
      typeof value === 'string'
    )
      value = cleanList(value);
    // The header of EMAIL and WHATSAPP is template text; of WEBHOOKS, extra request headers (API keys).
    const secret = isOneOf(SECRET_FIELDS, field) && (field !== 'header' || p.mode === 'WEBHOOKS');
    if (field === 'dynamicWebhookConfigs' && p.dynamicWebhookConfigs) {
      const split = p.dynamicWebhookConfigs.map((entry) => {
        const open: Fields = {};
        const hidden: Fields = {};
        for (const [key, v] of Object.entries(entry)) (isOneOf(DYNAMIC_SECRET_FIELDS, key) ? hidden : open)[key] = v;
        return { open, hidden };
      });
      settings[field] = split.map(({ open }) => open);
      if (split.some(({ hidden }) => Object.keys(hidden).length)) secrets[field] = split.map(({ hidden }) => hidden);
    } else if (secret) secrets[field] = value;
    else settings[field] = value;
  }
  return { settings, secrets };
}

/**
 * Validates and stores one notification configuration (the form's save and one row of the bulk upload): the
 * schema's texts per mode, a company or a user ('Plese selecet either company or user'), templates of the mode that
 * the preview can read (the part named: 'Body: …'), ids that exist and belong together (404), an ONBOARDED event;
 * then creates it (`customerConfigId` null; one per scope, event and mode: 409) or updates the one named (404 unless
 * within reach of the payload's company, or its user when it has none; its event and mode stay; with `expected`
 * versions, only while it has one of them: 412). Run it inside the caller's transaction; the caller checks the
 * desk's scope.
 */
export async function saveNotificationConfig(
  db: Queryable,
  payload: unknown,
  by: string | null = null,
  expected: readonly number[] | null = null,
): Promise<NotificationConfigSaveResult> {
  const result = checked(notificationConfigPayloadSchema, payload);
  if ('errors' in result) return { ok: false, errors: result.errors, status: 400 };
  const p: NotificationConfigPayload = result.value;
  if (!p.companyId && !p.userId) return { ok: false, errors: [M.noScope], status: 400 };
  // What the preview and Send test refuse is not stored either ('Body: {{#if eta}} is not closed with {{/if}}').
  const templates = renderNotificationParts(p);
  if ('error' in templates) return { ok: false, errors: [templates.error], status: 400 };
  const scope = payloadScope(p);
  if (!(await notificationScopeInReach(db, scope))) return { ok: false, errors: [MSG.notFound], status: 404 };
  if (p.customerConfigId) {
    const stored = await repo.byId(db, p.customerConfigId);
    if (!stored || !withinReach(stored.scope, scope)) return { ok: false, errors: [MSG.notFound], status: 404 };
    if (stored.eventId !== p.eventId || stored.mode !== p.mode) return { ok: false, errors: [M.locked], status: 400 };
    // A masked secret sent back unchanged keeps the stored one.
    const { settings, secrets } = modeFields(unmaskSecrets(p, withSecrets(stored.settings, stored.secrets)));
    // A stale If-Match throws StaleVersion (412, API.md "Lost updates").
    const version = await repo.update(db, stored.id, settings, secrets, by, expected);
    return { ok: true, customerConfigId: stored.id, created: false, version };
  }
  if (!(await findOnboardedEvent(db, p.eventId))) return { ok: false, errors: [M.eventNotOnboarded], status: 400 };
  const { settings, secrets } = modeFields(unmaskSecrets(p, null));
  if (await repo.find(db, scope, p.eventId, p.mode)) return { ok: false, errors: [M.configured], status: 409 };
  try {
    const row = await inSavepoint(db, 'notification_config_insert', () =>
      repo.insert(db, scope, p.eventId, p.mode, settings, secrets, by),
    );
    return { ok: true, customerConfigId: row.id, created: true, version: row.version };
  } catch (err) {
    // Two saves of the same combination at once: the second meets the unique index.
    if (isUniqueViolation(err)) return { ok: false, errors: [M.configured], status: 409 };
    throw err;
  }
}
