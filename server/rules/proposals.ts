import type { Proposal, ProposalChange } from '../../schemas/api/proposals';
import { RESOURCE_CALLS } from '../../schemas/api/resources';
import { aggregateOf } from '../../schemas/api/resource-calls';
import { isRecord } from '../../schemas/guards';
import {
  PROPOSAL_ACTIONS,
  PROPOSAL_MSG as M,
  type ProposalAction,
  type ProposalItem,
  type ProposalState,
} from '../../schemas/proposal';
import type { JSONSchema } from 'json-schema-to-ts';
import {
  answerNameOf,
  bodySchemaOf,
  fieldsOf,
  idColumnOf,
  ownerOf,
  patchSchemaOf,
  type Resource,
} from '../../schemas/resource';
import { ALL_RESOURCES } from '../../schemas/resources';
import { check } from '../http/validation';
import { beginChangeSet, recordChangeSet } from '../repos/change-set';
import { proposalRepository } from '../repos/proposal-repository';
import { resourceTable } from '../repos/resource-table';
import { ensureOwned, type Scope } from '../repos/scope-repository';
import { joinedStore } from '../store/joined-store';
import type { Queryable, Store } from '../store/store';
import { OutOfReach, RuleRefusal, Taken } from './refusal';
import { ruleOf } from './resource-rules';
import { applyCopyItem, checkCopy, copyChanges, isCopy } from './proposal-copies';
import {
  applyNotification,
  checkNotification,
  isNotificationSave,
  notificationChanges,
} from './proposal-notifications';
import { notificationConfigs as notifications } from '../../schemas/resources/notification-configs';

/**
 * Proposals (issue 39, API.md "Proposals"): what an item of one may write and how it is checked, an item in words for
 * the reviewer, and the apply (now, or by the sweep once it is due).
 */

/**
 * How a proposal writes a declared resource's record by an item's action, and the schema its fields are checked by:
 * the resource's own call of that kind (its create, update or remove), else its save (a create, or an update of the
 * record the body names), else a write its declaration lets proposals make (`api.proposes`: an alert's settings).
 */
export interface ProposedWrite {
  resource: Resource;
  /** The body's schema of the call it stands for (a remove has none). */
  body: JSONSchema | undefined;
  /** A create that saves the scope's one record in place (a save with `upsert`). */
  upsert: boolean;
  /**
   * A setting's save (its `put`): the scope's record of the natural key the item's `id` names (a setting of no key:
   * the scope's one), made or else changed in place.
   */
  setting?: true;
}

/** The body schemas of the writes declarations let proposals make, by resource and action, built once. */
const bodySchemas = new Map<string, JSONSchema>();

/** The write an action makes of a resource, or null when none of its calls (nor its declaration) makes it. */
function writeOf(resource: Resource, action: ProposalAction): ProposedWrite | null {
  const calls = RESOURCE_CALLS[resource.name] ?? {};
  const own = calls[action];
  if (own) return { resource, body: 'body' in own ? own.body : undefined, upsert: false };
  const { save, proposes } = resource.api ?? {};
  if (action !== 'remove' && calls.save && save)
    return { resource, body: calls.save.body, upsert: action === 'create' && save.upsert === true };
  // A setting is made or else changed in place: its form proposes a create while none is stored.
  if (action !== 'remove' && calls.put && resource.naturalKey.length <= 1)
    return { resource, body: calls.put.body, upsert: false, setting: true };
  if (action !== 'remove' && proposes?.includes(action)) {
    const made = `${resource.name}:${action}`;
    const body = bodySchemas.get(made) ?? (action === 'update' ? patchSchemaOf(resource) : bodySchemaOf(resource));
    bodySchemas.set(made, body);
    return { resource, body, upsert: false };
  }
  return null;
}

/**
 * The write of an item of a proposal: of a declared resource found by its name, by a call of its action (its records
 * kept per owner, or a parent's, are not proposed yet: their calls name more than the scope). Refused in words,
 * naming the item (400).
 */
export function resourceOf(item: ProposalItem, n: number): ProposedWrite {
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource) throw new RuleRefusal([`Change ${n}: ${M.resource}`]);
  const write = writeOf(resource, item.action);
  if (!write || ownerOf(resource) || resource.api?.parent || resource.api?.updateInBody)
    throw new RuleRefusal([`Change ${n}: ${M.cannot(resource.title, item.action)}`]);
  return write;
}

/** The declared resources a proposal can write (each by at least one of its actions): the areas review can be required of. */
export const PROPOSABLE = ALL_RESOURCES.filter(
  (resource) =>
    // A notification configuration is proposed as its service's save sends it (proposal-notifications.ts).
    resource.name === notifications.name ||
    PROPOSAL_ACTIONS.some((action) => {
      try {
        resourceOf({ resource: resource.name, action }, 1);
        return true;
      } catch {
        return false;
      }
    }),
);

/**
 * Checks an item as its own call would (400 naming the item): a create's or update's fields by the call's body
 * schema, and an update's or remove's record named, within the scope's reach (404). Answers the item as proposed: at
 * the version it names (the ETag it was read with), else at its record's version now, against which its apply checks
 * it again.
 */
export async function checkItem(q: Queryable, scope: Scope, item: ProposalItem, n: number): Promise<ProposalItem> {
  if (isCopy(item)) return checkCopy(q, scope, item, n);
  if (isNotificationSave(item)) return checkNotification(q, scope, item, n);
  const { resource, body, setting } = resourceOf(item, n);
  if (setting) return checkSetting(q, scope, item, n, resource, body);
  const problems: string[] = [];
  if (item.action !== 'create' && (item.id === undefined || item.id === null)) problems.push(M.id);
  if (item.action !== 'remove') {
    if (!item.body) problems.push(M.body);
    else if (body) problems.push(...check(body, item.body));
  }
  if (problems.length > 0) throw new RuleRefusal(problems.map((problem) => `Change ${n}: ${problem}`));
  if (item.id === undefined || item.id === null) return item;
  await ensureOwned(q, aggregateOf(resource), String(item.id), scope);
  if (item.version !== undefined && item.version !== null) return item;
  const now = await q.one<{ version: number }>(
    `select version from ${resource.table} where ${idColumnOf(resource)}::text = $1 and company_id = $2`,
    [String(item.id), scope.companyId],
  );
  return { ...item, version: now?.version ?? null };
}

/** The natural key's values a setting item names: its one key field's value (its `id`), or none. */
const keyOf = (resource: Resource, item: ProposalItem): Record<string, string> =>
  resource.naturalKey.length === 1 ? { [resource.naturalKey[0]]: String(item.id ?? '') } : {};

/**
 * Checks a setting item as its save would (400 naming the item): its body by the save's schema and its key's own
 * rules, its key named where it has one; held to the version of the scope's record now (null: none yet).
 */
async function checkSetting(
  q: Queryable,
  scope: Scope,
  item: ProposalItem,
  n: number,
  resource: Resource,
  body: JSONSchema | undefined,
): Promise<ProposalItem> {
  const sent = isRecord(item.body) ? item.body : null;
  const problems = sent ? (body ? check(body, sent) : []) : [M.body];
  if (resource.naturalKey.length === 1 && (item.id === undefined || item.id === null || item.id === ''))
    problems.push(M.id);
  const key = keyOf(resource, item);
  for (const value of Object.values(key))
    for (const own of resource.api?.setting?.byKey?.[value] ? [resource.api.setting.byKey[value]] : [])
      for (const [name, schema] of Object.entries(own.fields))
        if (sent && name in sent) problems.push(...check(schema, sent[name]));
  if (problems.length > 0) throw new RuleRefusal(problems.map((problem) => `Change ${n}: ${problem}`));
  const now = await resourceTable(resource).byKey(q, scope, key);
  const id = resource.naturalKey.length === 1 ? String(item.id) : null;
  return { resource: item.resource, action: 'update', id, version: now?.version ?? null, body: sent };
}

/** A value in words for a change: text as it is, anything else as JSON; null for none. */
const inWords = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * A JSON text's values by path ('longstoppage_l1.short'; a list of one is its element), or null for a text that is not
 * a JSON object or list: settings kept as JSON (an alert's) are read a value at a time, not as one long text.
 */
function leavesOf(text: string | null): Map<string, string> | null {
  if (text === null || !/^\s*[[{]/.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const leaves = new Map<string, string>();
  const walk = (value: unknown, path: string) => {
    if (value !== null && typeof value === 'object' && Object.keys(value).length > 0)
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    else leaves.set(path, inWords(value) ?? 'null');
  };
  walk(Array.isArray(parsed) && parsed.length === 1 ? parsed[0] : parsed, '');
  return leaves;
}

/** A field now and as proposed: JSON settings a value at a time (those that differ), any other field as one row. */
function fieldChanges(label: string, before: string | null, after: string | null) {
  const was = before === null ? new Map<string, string>() : leavesOf(before);
  const will = leavesOf(after);
  if (!was || !will) return [{ field: label, before, after }];
  const paths = [...new Set([...was.keys(), ...will.keys()])].filter((path) => was.get(path) !== will.get(path));
  return paths.map((path) => ({
    field: path ? `${label}: ${path}` : label,
    before: was.get(path) ?? null,
    after: will.get(path) ?? null,
  }));
}

/** A record in words: its label fields' values, else its id. */
const recordName = (resource: Resource, record: Readonly<Record<string, unknown>>, id: string) =>
  resource.label
    .map((name) => inWords(record[answerNameOf({ name, ...resource.fields[name] })]))
    .filter(Boolean)
    .join(' · ') || id;

/** An item in words: its record now, and each field it sends, now and as proposed (an update's unchanged ones left out). */
export async function changesOf(
  store: Store,
  scope: Scope,
  item: ProposalItem,
  index: number,
): Promise<ProposalChange[]> {
  if (isCopy(item)) return copyChanges(store, scope, item, index);
  if (isNotificationSave(item)) return notificationChanges(store, item, index, fieldChanges);
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource) return [{ item: index, resource: item.resource, action: item.action, record: null, fields: [] }];
  const id = item.id === undefined || item.id === null ? null : String(item.id);
  const setting = writeOf(resource, item.action)?.setting === true;
  const current = setting
    ? await resourceTable(resource).byKey(store, scope, keyOf(resource, item))
    : id === null
      ? null
      : await resourceTable(resource)
          .read(store, id, scope)
          .catch(() => null);
  const body = isRecord(item.body) ? item.body : {};
  const fields = fieldsOf(resource)
    .filter((field) => field.name in body)
    .flatMap((field) =>
      fieldChanges(field.label, current ? inWords(current[answerNameOf(field)]) : null, inWords(body[field.name])),
    )
    .filter((change) => item.action !== 'update' || change.before !== change.after);
  const record = current ? recordName(resource, current, id ?? '') : id;
  return [{ item: index, resource: resource.title, action: item.action, record, fields }];
}

/**
 * What changed since an item was proposed: its record gone, or at another version than the proposal read (naming who
 * changed it last and when, from the audit log); null when it is as proposed.
 */
async function changedSince(q: Queryable, at: Scope, item: ProposalItem): Promise<string | null> {
  const companyId = at.companyId;
  const resource = ALL_RESOURCES.find((candidate) => candidate.name === item.resource);
  if (!resource || item.action === 'create') return null;
  let id = String(item.id);
  const name = `${resource.noun.charAt(0).toUpperCase()}${resource.noun.slice(1)} ${item.id ?? ''}`.trim();
  let row: { version: number } | null;
  if (writeOf(resource, item.action)?.setting) {
    // A setting is the scope's record of its key: none when proposed (version null) is as proposed while still none.
    const now = await resourceTable(resource).byKey(q, at, keyOf(resource, item));
    if ((now?.version ?? null) === (item.version ?? null)) return null;
    if (!now) return M.goneSince(name);
    id = String(now.id);
    row = now;
  } else
    row = await q.one<{ version: number }>(
      `select version from ${resource.table} where ${idColumnOf(resource)}::text = $1 and company_id = $2`,
      [id, companyId],
    );
  if (!row) return M.goneSince(name);
  if (row.version === item.version) return null;
  const last = await q.one<{ who: string; at: string }>(
    `select coalesce(u.name, a.user_email, 'someone') as who, to_char(a.at at time zone 'Asia/Kolkata', 'DD/MM/YYYY HH24:MI') || ' IST' as at
       from audit_log a left join users u on u.id = a.user_id
      where a.company_id = $1 and a.object_type = $2 and a.object_id = $3 order by a.id desc limit 1`,
    [companyId, resource.objectType, id],
  );
  return M.changedSince(name, last?.who ?? 'someone', last?.at ?? 'an unknown day');
}

/** How an apply ended: the proposal applied, or why nothing was written. */
export type Outcome = { applied: Proposal } | { failed: string; proposal: Proposal };
/** How the apply's transaction ended: applied, or why nothing was written (the proposal not yet marked failed). */
type Attempt = { applied: Proposal } | { failed: string };

/** A proposal not in a state the move asks for (applied, withdrawn or decided meanwhile): 409, nothing changed. */
export class NotInState extends Taken {}

/**
 * Applies proposal `id` as `who`, once: its row locked, in one of the states `from`; every record it updates or
 * removes first checked to be at the version proposed (else it fails, naming who changed it); then every item written
 * in one transaction, as one change set of kind `proposal`. A write refused (a code taken since) fails it too. A failed
 * proposal is marked so in a transaction of its own; nothing of it is written.
 */
export async function applyProposal(
  store: Store,
  id: string,
  who: { userId: string; email: string },
  companyType: Scope['companyType'],
  from: readonly ProposalState[],
): Promise<Outcome> {
  const outcome = await store
    .tx<Attempt>(async (q) => {
      const proposal = await proposalRepository.byId(q, id, true);
      const kept = await proposalRepository.scopeOf(q, id);
      if (!proposal || !kept) throw new OutOfReach();
      if (!from.includes(proposal.state)) throw new NotInState([M.notApproved(proposal.state)]);
      // Written where it was proposed, as the company's change: after any copy or revert into it.
      const at: Scope = { ...kept, companyType };
      const changeSet = await beginChangeSet(q, at.companyId, undefined);
      // Every record at the version it was proposed at, before anything is written.
      for (const item of proposal.items) {
        const changed = await changedSince(q, at, item);
        if (changed) return { failed: changed };
      }
      // The change set first: the audit entries of the writes below carry its id.
      const items = proposal.items.map(({ resource, action, id }) => ({ resource, action, id: id ?? null }));
      await recordChangeSet(q, changeSet, { company: at, kind: 'proposal', proposal: id, items });
      const joined = joinedStore(q, store.kind);
      for (const [i, item] of proposal.items.entries()) {
        if (isCopy(item)) {
          // A copy checks its own plan against the one proposed, and throws to roll back what was written before it.
          const changed = await applyCopyItem(joined, at, item, i + 1);
          if (changed) throw new RuleRefusal([changed]);
          continue;
        }
        if (isNotificationSave(item)) {
          await applyNotification(joined, item, who.email);
          continue;
        }
        const { resource, upsert, setting } = resourceOf(item, i + 1);
        const records = resourceTable(resource);
        const body = isRecord(item.body) ? item.body : {};
        const expected = item.version === undefined || item.version === null ? null : [item.version];
        if (setting) {
          const key = keyOf(resource, item);
          const merge = Object.values(key).some((value) => resource.api?.setting?.byKey?.[value]?.merge === true);
          await records.put(joined, at, body, who.email, { key, rule: ruleOf(resource), merge });
        } else if (item.action === 'create' && upsert)
          await records.put(joined, at, body, who.email, { rule: ruleOf(resource) });
        else if (item.action === 'create') await records.insert(joined, at, body, who.email, ruleOf(resource));
        else if (item.action === 'update')
          await records.update(joined, at, String(item.id), body, who.email, expected, ruleOf(resource));
        else await records.remove(joined, String(item.id), expected, at);
      }
      return {
        applied: await proposalRepository.move(q, id, 'applied', { appliedBy: who.userId, changeSet }),
      };
    })
    .catch((err: unknown): Attempt => {
      // A write the database or a rule refuses (a code taken since): the proposal fails in those words.
      if (err instanceof NotInState) throw err;
      if (err instanceof Taken || err instanceof RuleRefusal) return { failed: err.messages.join('; ') };
      // A copy's write the database refuses, named in words by the copy (its 409).
      if (
        err instanceof Error &&
        'messages' in err &&
        Array.isArray(err.messages) &&
        'status' in err &&
        err.status === 409
      )
        return { failed: err.messages.join('; ') };
      throw err;
    });
  if ('failed' in outcome) {
    // Nothing was written: the proposal is failed, in a transaction of its own.
    const proposal = await store.tx((q) => proposalRepository.move(q, id, 'failed', { error: outcome.failed }));
    return { failed: outcome.failed, proposal };
  }
  return outcome;
}
