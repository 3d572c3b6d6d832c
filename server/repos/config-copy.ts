import { createHash, randomUUID } from 'node:crypto';
import type { CompareArea, CopyItem, RevertItem } from '../../schemas/api/config-copy';
import { auditObjectName } from '../../schemas/audit';
import { CONFIG_AREAS, CONFIG_AREA_KEYS, COPY_MSG, type ConfigArea } from '../../schemas/config-copy';
import { ApiError } from '../http/envelope';
import { auditChanges } from '../rules/audit-changes';
import { cpuPool } from '../workers/cpu-pool';
import { currentActor } from '../store/actor';
import type { Queryable, Store } from '../store/store';
import {
  AREA_TABLES,
  areaRows,
  branchMapOf,
  configOf,
  writeItems,
  type AreaRow,
  type CopyContext,
  type RowDoc,
} from './config-areas';
import { inSavepoint } from './savepoint';
import type { Scope } from './scope-repository';

/** A digest of what a preview saw: the apply is refused (412) when the same selection now reads otherwise. */
const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Columns whose values are secrets: compared, never shown. */
const SECRET = /^secrets(\.|\[|$)/;
const hideSecrets = <F extends { field: string; left: string | null; right: string | null }>(field: F): F =>
  SECRET.test(field.field)
    ? { ...field, left: field.left === null ? null : '(secret)', right: field.right === null ? null : '(secret)' }
    : field;

/** A company's and branch's names, for the comparison's heading. */
async function scopeNames(q: Queryable, scope: Scope) {
  const row = await q.one<{ company: string; branch: string | null }>(
    'select c.name as company, (select b.name from branches b where b.id = $2) as branch from companies c where c.id = $1',
    [scope.companyId, scope.branchId],
  );
  return {
    companyId: scope.companyId,
    companyName: row?.company ?? scope.companyId,
    branchId: scope.branchId,
    branchName: row?.branch ?? null,
  };
}

/** The fields of each pair of configurations side by side, in the worker pool (secrets hidden). */
async function fieldsOfPairs(pairs: [RowDoc | null, RowDoc | null][]) {
  if (pairs.length === 0) return [];
  const fields = await cpuPool().run('sideBySideMany', { pairs });
  return fields.map((list) => list.map(hideSecrets));
}

/**
 * Two scopes' configuration, area by area (API.md "Compare, copy and revert"): each item matched by its area's
 * natural key is only on the left, only on the right, on both but different (its fields side by side, the differing
 * ones marked) or the same.
 */
export async function compareScopes(q: Queryable, left: Scope, right: Scope) {
  const areas: CompareArea[] = [];
  for (const area of CONFIG_AREA_KEYS) {
    const table = AREA_TABLES[area];
    const { label, key } = CONFIG_AREAS[area];
    if (table.companyOnly && (left.branchId || right.branchId)) {
      areas.push({ area, label, key, note: table.companyOnly, items: [] });
      continue;
    }
    const [a, b] = [await areaRows(q, table, left), await areaRows(q, table, right)];
    const keys = [...new Set([...a.keys(), ...b.keys()])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
    const config = (row: AreaRow | undefined) => (row ? configOf(table, row.doc) : null);
    const fields = await fieldsOfPairs(keys.map((k) => [config(a.get(k)), config(b.get(k))]));
    const items = keys.map((k, i) => {
      const state = !b.has(k) ? 'left' : !a.has(k) ? 'right' : fields[i].some((f) => f.differs) ? 'different' : 'same';
      return { key: k, label: (a.get(k) ?? b.get(k))!.label, state, fields: fields[i] } as const;
    });
    areas.push({ area, label, key, note: null, items });
  }
  return { left: await scopeNames(q, left), right: await scopeNames(q, right), areas };
}

/** What an apply writes for one planned item. */
interface Write {
  area: ConfigArea;
  label: string;
  doc: RowDoc;
  existing: RowDoc | null;
}

/** A copy planned: each item's action (what the preview shows), the writes, and the token of what it read. */
interface CopyPlan {
  items: CopyItem[];
  writes: Write[];
  token: string;
}

/** The chosen items by area: a key, or every key of the area the source has (`null`). */
function chosenByArea(items: readonly { area: ConfigArea; key?: string }[]): Map<ConfigArea, Set<string> | null> {
  const chosen = new Map<ConfigArea, Set<string> | null>();
  for (const { area, key } of items) {
    if (key === undefined) chosen.set(area, null);
    else if (chosen.get(area) !== null) chosen.set(area, (chosen.get(area) ?? new Set()).add(key));
  }
  return chosen;
}

/**
 * Plans copying `items` from `source` to `target` without writing (the preview, and the apply's first step in its
 * transaction): each item is created, overwritten (with the fields it changes), skipped (the same already) or
 * refused with why (its area is kept per company and a branch is chosen; it names the source's users, groups,
 * branches or partners; it is not in the source).
 */
export async function planCopy(
  q: Queryable,
  source: Scope,
  target: Scope,
  items: readonly { area: ConfigArea; key?: string }[],
): Promise<CopyPlan> {
  if (source.companyId === target.companyId && source.branchId === target.branchId)
    throw new ApiError(400, [COPY_MSG.sameScope]);
  const ctx: CopyContext = { source, target, branchMap: await branchMapOf(q, source, target), q };
  const planned: CopyItem[] = [];
  const writes: Write[] = [];
  const copied: { area: ConfigArea; key: string; label: string; doc: RowDoc; there: AreaRow | null }[] = [];
  const seen: unknown[] = [];
  for (const [area, keys] of chosenByArea(items)) {
    const table = AREA_TABLES[area];
    const refuse = (key: string, label: string, reason: string) =>
      planned.push({ area, key, label, action: 'refuse', reason, changes: [] });
    if (table.companyOnly && (source.branchId || target.branchId)) {
      for (const key of keys ?? [CONFIG_AREAS[area].label]) refuse(key, CONFIG_AREAS[area].label, table.companyOnly);
      continue;
    }
    const [from, to] = [await areaRows(q, table, source), await areaRows(q, table, target)];
    for (const key of keys ?? from.keys()) {
      const row = from.get(key);
      const there = to.get(key) ?? null;
      seen.push([area, key, row?.doc ?? null, there?.doc ?? null]);
      if (!row) {
        refuse(key, there?.label ?? key, COPY_MSG.notFoundItem);
        continue;
      }
      const mapped = table.map ? await table.map(configOf(table, row.doc), ctx) : { doc: configOf(table, row.doc) };
      if ('refused' in mapped) {
        refuse(key, row.label, mapped.refused);
        continue;
      }
      copied.push({ area, key, label: row.label, doc: mapped.doc, there });
    }
  }
  // What each copied item changes in the target, worked out in the worker pool.
  const fields = await fieldsOfPairs(
    copied.map((c) => [c.there ? configOf(AREA_TABLES[c.area], c.there.doc) : null, c.doc]),
  );
  for (const [i, { area, key, label, doc, there }] of copied.entries()) {
    const changes = fields[i]
      .filter((f) => f.differs && !(there === null && f.right === null))
      .map((f) => ({ field: f.field, before: f.left, after: f.right }));
    const action = there === null ? 'create' : changes.length === 0 ? 'skip' : 'overwrite';
    planned.push({ area, key, label, action, reason: null, changes });
    if (action !== 'skip') writes.push({ area, label, doc, existing: there?.doc ?? null });
  }
  // In the areas' order, each area's items by key.
  const order = (item: CopyItem) => CONFIG_AREA_KEYS.indexOf(item.area);
  planned.sort((a, b) => order(a) - order(b) || a.key.localeCompare(b.key, 'en', { numeric: true }));
  return { items: planned, writes, token: digest([source, target, seen]) };
}

/** Records a change set and has the transaction's audit entries carry its id (migration 170_change_sets.sql). */
async function openChangeSet(
  q: Queryable,
  set: { company: Scope; kind: 'copy' | 'revert'; source?: Scope; reverts?: string; items: unknown[] },
): Promise<string> {
  const id = `cs_${randomUUID()}`;
  const actor = currentActor();
  await q.query("select set_config('app.change_set', $1, true)", [id]);
  await q.query(
    `insert into change_sets (id, company_id, branch_id, kind, user_id, user_email, source_company_id, source_branch_id, reverts, items)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
    [
      id,
      set.company.companyId,
      set.company.branchId,
      set.kind,
      actor?.userId ?? null,
      actor?.email ?? null,
      set.source?.companyId ?? null,
      set.source?.branchId ?? null,
      set.reverts ?? null,
      JSON.stringify(set.items),
    ],
  );
  return id;
}

/**
 * Applies a copy as its preview planned it, in one transaction: refused (412) when what it reads differs from what
 * the preview read (`token`), and (400) when it writes nothing. Every write is recorded as one change set; a write
 * that fails rolls all of them back and is named in the answer (409).
 */
export async function applyCopy(
  store: Store,
  source: Scope,
  target: Scope,
  items: readonly { area: ConfigArea; key?: string }[],
  token: string | undefined,
): Promise<{ changeSet: string; items: CopyItem[] }> {
  return store.tx(async (q) => {
    const plan = await planCopy(q, source, target, items);
    if (token !== plan.token) throw new ApiError(412, [COPY_MSG.stale]);
    if (plan.writes.length === 0) throw new ApiError(400, [COPY_MSG.nothing]);
    const done = plan.items.filter((item) => item.action === 'create' || item.action === 'overwrite');
    const changeSet = await openChangeSet(q, {
      company: target,
      kind: 'copy',
      source,
      items: done.map(({ area, key, action }) => ({ area, key, action })),
    });
    // Each area's items at once; when the database refuses a set, its items one by one name the one refused.
    for (const area of new Set(plan.writes.map((w) => w.area))) {
      const writes = plan.writes.filter((w) => w.area === area);
      try {
        await inSavepoint(q, 'copy_area', () => writeItems(q, AREA_TABLES[area], target, writes));
      } catch {
        for (const write of writes) {
          try {
            await inSavepoint(q, 'copy_item', () => writeItems(q, AREA_TABLES[area], target, [write]));
          } catch (error) {
            throw new ApiError(409, [
              `${CONFIG_AREAS[area].label} ${write.label} could not be written (${error instanceof Error ? error.message : String(error)}): nothing was copied`,
            ]);
          }
        }
      }
    }
    return { changeSet, items: plan.items };
  });
}

/** An audit entry to revert, with where its record is kept (from its table's audit trigger). */
interface RevertEntry {
  id: number;
  at: string;
  changeSet: string | null;
  objectType: string;
  objectId: string;
  action: 'insert' | 'update' | 'delete';
  before: RowDoc | null;
  after: RowDoc | null;
  table: string;
  idColumn: string;
  digests: string;
}

/** Entries of the scope's company (and branch, when chosen): one entry, or a change set's, newest first. */
async function entriesToRevert(
  q: Queryable,
  scope: Scope,
  which: { entry?: number; changeSet?: string },
): Promise<RevertEntry[]> {
  const rows = await q.query<RevertEntry>(
    `select a.id::int as id, a.at::text as at, a.change_set as "changeSet", a.object_type as "objectType",
            a.object_id as "objectId", a.action, a.before, a.after,
            tr.tgrelid::regclass::text as table, split_part(encode(tr.tgargs, 'escape'), '\\000', 2) as "idColumn",
            split_part(encode(tr.tgargs, 'escape'), '\\000', 6) as digests
       from audit_log a
       join pg_trigger tr on tr.tgname = 'audit_change' and split_part(encode(tr.tgargs, 'escape'), '\\000', 1) = a.object_type
      where a.company_id = $1 and ($2::text is null or a.branch_id = $2)
        and (a.id = $3 or a.change_set = $4)
      order by a.id desc`,
    [scope.companyId, scope.branchId, which.entry ?? null, which.changeSet ?? null],
  );
  if (rows.length === 0) throw new ApiError(404, ['Not found']);
  return rows;
}

/** The md5 digests the audit keeps of a secret column, and the empty values they can stand for. */
const EMPTY_DIGESTS = new Map([
  [`md5:${createHash('md5').update('{}').digest('hex')}`, '{}'],
  [`md5:${createHash('md5').update('').digest('hex')}`, ''],
]);

/** One record's revert, planned: what it does and the row it writes. */
interface RevertStep {
  entry: RevertEntry;
  item: RevertItem;
  row: RowDoc | null;
}

/** Columns a restore leaves as they are: bookkeeping that every save moves on. */
const KEEP_ON_RESTORE = new Set(['version', 'updated_at', 'updated_by']);

/**
 * Plans the revert of an entry or a change set (newest entry first): a creation is deleted, a change restored, a
 * deletion re-created. Refused (409) when a record changed after the entry (naming who changed it and when), and
 * when a secret the audit kept only as a digest would have to be put back.
 */
export async function planRevert(
  q: Queryable,
  scope: Scope,
  which: { entry?: number; changeSet?: string },
): Promise<{ items: RevertItem[]; steps: RevertStep[]; token: string }> {
  const entries = await entriesToRevert(q, scope, which);
  const steps: RevertStep[] = [];
  const seen: unknown[] = [];
  for (const entry of entries) {
    const later = await q.one<{ who: string; at: string }>(
      `select coalesce(u.name, a.user_email, 'System') as who, to_char(a.at at time zone 'Asia/Kolkata', 'DD/MM/YYYY HH24:MI') as at
         from audit_log a left join users u on u.id = a.user_id
        where a.object_type = $1 and a.object_id = $2 and a.id > $3 and a.change_set is distinct from $4::text
        order by a.id desc limit 1`,
      [entry.objectType, entry.objectId, entry.id, entry.changeSet],
    );
    if (later)
      throw new ApiError(409, [
        `${auditObjectName(entry.objectType)} ${entry.objectId} was changed since by ${later.who} on ${later.at}: reverting would undo that change`,
      ]);
    const digests = entry.digests ? entry.digests.split(',') : [];
    // The row now, and the digests of its secret columns as the audit trigger makes them (md5 of the value's text).
    const current = await q.one<{ doc: RowDoc; digests: Record<string, string> | null }>(
      `select to_jsonb(t) as doc,
              (select jsonb_object_agg(k, 'md5:' || md5(to_jsonb(t)->>k)) from unnest($2::text[]) k where to_jsonb(t)->>k is not null) as digests
         from ${entry.table} t where t."${entry.idColumn}"::text = $1`,
      [entry.objectId, digests],
    );
    seen.push([entry.id, current?.doc ?? null]);
    const restored = entry.before ? { ...entry.before } : null;
    for (const column of digests) {
      const kept = restored?.[column];
      if (typeof kept !== 'string' || !kept.startsWith('md5:')) continue;
      if (restored && current?.digests?.[column] === kept) restored[column] = current.doc[column];
      else if (restored && EMPTY_DIGESTS.has(kept)) restored[column] = EMPTY_DIGESTS.get(kept) === '{}' ? {} : '';
      else
        throw new ApiError(409, [
          `The audit log keeps only a digest of ${column} of ${auditObjectName(entry.objectType)} ${entry.objectId}: it cannot be put back`,
        ]);
    }
    const action = entry.action === 'insert' ? 'delete' : entry.action === 'update' ? 'restore' : 'recreate';
    if ((action === 'recreate') !== (current === null))
      throw new ApiError(409, [`${auditObjectName(entry.objectType)} ${entry.objectId} is not as the entry left it`]);
    const changes =
      action === 'delete'
        ? auditChanges(current!.doc, null, entry.objectId)
        : action === 'restore'
          ? auditChanges(current!.doc, restored, entry.objectId)
          : auditChanges(null, restored, entry.objectId);
    steps.push({
      entry,
      row: restored,
      item: {
        entry: entry.id,
        objectType: entry.objectType,
        objectName: auditObjectName(entry.objectType),
        objectId: entry.objectId,
        action,
        changes: changes.map((c) => (SECRET.test(c.field) ? { ...c, before: '(secret)', after: '(secret)' } : c)),
      },
    });
  }
  if (steps.every((step) => step.item.action === 'restore' && step.item.changes.length === 0))
    throw new ApiError(400, [COPY_MSG.revertNothing]);
  return { items: steps.map((s) => s.item), steps, token: digest([which, seen]) };
}

/**
 * Reverts an entry or a change set as its preview planned, in one transaction recorded as a change set of its own
 * (so a revert can be reverted): refused (412) when a record reads otherwise than the preview saw.
 */
export async function applyRevert(
  store: Store,
  scope: Scope,
  which: { entry?: number; changeSet?: string },
  token: string | undefined,
): Promise<{ changeSet: string; items: RevertItem[] }> {
  return store.tx(async (q) => {
    const plan = await planRevert(q, scope, which);
    if (token !== plan.token) throw new ApiError(412, [COPY_MSG.revertStale]);
    const changeSet = await openChangeSet(q, {
      company: scope,
      kind: 'revert',
      reverts: which.changeSet ? `set:${which.changeSet}` : `entry:${which.entry}`,
      items: plan.items.map(({ objectType, objectId, action }) => ({ objectType, objectId, action })),
    });
    for (const { entry, row, item } of plan.steps) {
      const key = `t."${entry.idColumn}"::text = $1`;
      if (item.action === 'delete') {
        await q.query(`delete from ${entry.table} t where ${key}`, [entry.objectId]);
        continue;
      }
      const columns = Object.keys(row!).filter((c) => item.action === 'recreate' || !KEEP_ON_RESTORE.has(c));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const values = (n: number) => `select ${list} from jsonb_populate_record(null::${entry.table}, $${n}::jsonb)`;
      if (item.action === 'recreate')
        await q.query(`insert into ${entry.table} (${list}) overriding system value ${values(1)}`, [
          JSON.stringify(row),
        ]);
      else {
        const bump = 'version' in row! ? ', version = t.version + 1' : '';
        await q.query(`update ${entry.table} t set (${list}) = (${values(2)})${bump} where ${key}`, [
          entry.objectId,
          JSON.stringify(row),
        ]);
      }
    }
    return { changeSet, items: plan.items };
  });
}
