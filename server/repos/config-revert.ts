import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { RevertItem } from '../../schemas/api/config-copy';
import { type AuditedTable, audited } from '../../schemas/audited';
import { COPY_MSG } from '../../schemas/config-copy';
import { ApiError } from '../http/envelope';
import { auditChanges } from '../rules/audit-changes';
import type { Queryable, Store } from '../store/store';
import { beginChangeSet, digestOf, previewToken, recordChangeSet, tokenMatches } from './change-set';
import { ofCompany, type RowDoc, usedBy, writeOrRefuse } from './record-refusal';
import type { Scope } from './scope-repository';
import { timeText } from '../../schemas/time-format';

/** Columns whose values are secrets: compared, never shown. */
const SECRET = /^secrets(\.|\[|$)/;

/** Columns every save moves on: a restore leaves them, and a record is compared without them. */
const NOISE = new Set(['version', 'updated_at', 'updated_by']);

/** An audit entry to revert, with its table's declaration. */
interface RevertEntry {
  id: number;
  changeSet: string | null;
  objectType: string;
  objectId: string;
  action: 'insert' | 'update' | 'delete';
  before: RowDoc | null;
  after: RowDoc | null;
  declaration: AuditedTable;
}

/** An entry or a change set to revert. */
export interface RevertTarget {
  entry?: number;
  changeSet?: string;
}

/** Entries of the scope's company (and branch, when chosen): one entry, or a change set's, newest first. */
async function entriesToRevert(q: Queryable, scope: Scope, which: RevertTarget): Promise<RevertEntry[]> {
  const rows = await q.query<Omit<RevertEntry, 'declaration'>>(
    `select a.id::int as id, a.change_set as "changeSet", a.object_type as "objectType", a.object_id as "objectId",
            a.action, a.before, a.after
       from audit_log a
      where a.company_id = $1 and ($2::text is null or a.branch_id = $2)
        and (a.id = $3 or a.change_set = $4)
      order by a.id desc`,
    [scope.companyId, scope.branchId, which.entry ?? null, which.changeSet ?? null],
  );
  if (rows.length === 0) throw new ApiError(404, ['Not found']);
  return rows.map((row) => {
    const declaration = audited(row.objectType);
    if (!declaration) throw new ApiError(409, [`${row.objectType} ${row.objectId} ${COPY_MSG.revertGone}`]);
    return { ...row, declaration };
  });
}

/** The key of an entry's record within its tenant: the declared key columns of the row it names. */
const keyOf = (entry: RevertEntry): RowDoc =>
  Object.fromEntries(entry.declaration.key.map((column) => [column, (entry.after ?? entry.before)?.[column] ?? null]));

/**
 * SQL that finds the record over `t` by its key (`$1`, the key as JSON) within the company `$2`: by its own
 * company_id, or its parent's.
 */
function recordWhere(declaration: AuditedTable): string {
  const key = declaration.key.map((c) => `t."${c}" = r."${c}"`).join(' and ');
  return `exists (select 1 from jsonb_populate_record(null::${declaration.table}, $1::jsonb) r where ${key}) and ${ofCompany(declaration, 2)}`;
}

/**
 * The columns of a table that a write may name, read once per table: `insert` those not generated, `update` also
 * without identity columns (always generated, they are set only when a row is re-created).
 */
interface Writable {
  insert: Set<string>;
  update: Set<string>;
}
const writableColumns = new Map<string, Promise<Writable>>();
function writable(q: Queryable, table: string): Promise<Writable> {
  let columns = writableColumns.get(table);
  if (!columns) {
    columns = q
      .query<{ name: string; identity: string }>(
        `select attname as name, attidentity::text as identity from pg_attribute
          where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        [table],
      )
      .then((rows) => ({
        insert: new Set(rows.map((row) => row.name)),
        update: new Set(rows.filter((row) => row.identity === '').map((row) => row.name)),
      }));
    writableColumns.set(table, columns);
    columns.catch(() => writableColumns.delete(table));
  }
  return columns;
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
  key: RowDoc;
  row: RowDoc | null;
}

/** Whether a record as it is now is what the audit says it was (the columns the audit kept, bookkeeping aside). */
function sameRecord(now: RowDoc, kept: RowDoc): boolean {
  return Object.keys(kept).every(
    (column) => NOISE.has(column) || !(column in now) || isDeepStrictEqual(now[column], kept[column]),
  );
}

/** Who changed a record after an entry (outside the change set being reverted), and when, or null. */
async function laterChange(q: Queryable, scope: Scope, entry: RevertEntry, key: RowDoc, which: RevertTarget) {
  const match = entry.declaration.key.map((column, i) => `coalesce(a.after, a.before)->>'${column}' = $${i + 6}`);
  // When, as the console writes times (India time, named: '29/11/2026 11:14 IST').
  return q.one<{ who: string; at: number }>(
    `select coalesce(u.name, a.user_email, 'System') as who, (extract(epoch from a.at) * 1000)::int8 as at
       from audit_log a left join users u on u.id = a.user_id
      where a.company_id = $1 and a.object_type = $2 and a.object_id = $3 and a.id > $4
        and ($5::text is null or a.change_set is distinct from $5::text) and ${match.join(' and ')}
      order by a.id desc limit 1`,
    [
      scope.companyId,
      entry.objectType,
      entry.objectId,
      entry.id,
      which.changeSet ?? null,
      ...entry.declaration.key.map((column) => {
        const value = key[column];
        return value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
      }),
    ],
  );
}

/**
 * Plans the revert of an entry or a change set (newest entry first): a creation is deleted, a change restored, a
 * deletion re-created. Each record is found by its company and its key (schemas/audited.ts), and locked when `lock`
 * (the apply). Refused (409) when a record changed after the entry, in a change set or not (naming who and when),
 * or reads otherwise than the entry left it, and when a secret the audit kept only as a digest would have to be put
 * back.
 */
export async function planRevert(
  q: Queryable,
  scope: Scope,
  which: RevertTarget,
  lock = false,
): Promise<{ items: RevertItem[]; steps: RevertStep[]; digest: string; token: string }> {
  const entries = await entriesToRevert(q, scope, which);
  const steps: RevertStep[] = [];
  const seen: unknown[] = [];
  /** Each record as the newer entries of a change set leave it once reverted (undefined: not met yet). */
  const expected = new Map<string, RowDoc | null>();
  for (const entry of entries) {
    const { declaration } = entry;
    const name = `${declaration.name} ${entry.objectId}`;
    // An entry logged before its table took its present shape (a key or branch column added since, as a landing
    // page's id) names no record this revert can find, nor the place to put one back: refused, naming it.
    const logged = entry.after ?? entry.before;
    const placed = [...declaration.key, ...(declaration.branch?.length === 1 ? declaration.branch : [])];
    if (logged && placed.some((column) => !(column in logged)))
      throw new ApiError(409, [`${name} was logged before its table changed: it cannot be reverted`]);
    const key = keyOf(entry);
    const recordId = JSON.stringify([entry.objectType, key]);
    const digests = declaration.digests ?? [];
    const current = await q.one<{ doc: RowDoc; digests: Record<string, string> | null }>(
      `select to_jsonb(t) as doc,
              (select jsonb_object_agg(k, 'md5:' || md5(to_jsonb(t)->>k)) from unnest($3::text[]) k
                where to_jsonb(t)->>k is not null) as digests
         from ${declaration.table} t where ${recordWhere(declaration)}${lock ? ' for update of t' : ''}`,
      [JSON.stringify(key), scope.companyId, digests],
    );
    const later = expected.has(recordId) ? null : await laterChange(q, scope, entry, key, which);
    if (later)
      throw new ApiError(409, [
        `${name} was changed since by ${later.who} on ${timeText(later.at)}: reverting would undo that change`,
      ]);
    const now = current ? { ...current.doc, ...current.digests } : null;
    const left = expected.has(recordId) ? expected.get(recordId)! : entry.after;
    if (left === null ? now !== null : now === null || !sameRecord(now, left))
      throw new ApiError(409, [`${name} is not as the entry left it: it was changed since`]);
    expected.set(recordId, entry.before);
    seen.push([entry.id, current?.doc ?? null]);
    const restored = entry.before ? { ...entry.before } : null;
    for (const column of digests) {
      const kept = restored?.[column];
      if (typeof kept !== 'string' || !kept.startsWith('md5:')) continue;
      if (restored && current?.digests?.[column] === kept) restored[column] = current.doc[column];
      else if (restored && EMPTY_DIGESTS.has(kept)) restored[column] = EMPTY_DIGESTS.get(kept) === '{}' ? {} : '';
      else
        throw new ApiError(409, [`The audit log keeps only a digest of ${column} of ${name}: it cannot be put back`]);
    }
    const action = entry.action === 'insert' ? 'delete' : entry.action === 'update' ? 'restore' : 'recreate';
    const from = action === 'recreate' ? null : (current?.doc ?? null);
    const changes = auditChanges(from, action === 'delete' ? null : restored, entry.objectId);
    steps.push({
      entry,
      key,
      row: restored,
      item: {
        entry: entry.id,
        objectType: entry.objectType,
        objectName: declaration.name,
        objectId: entry.objectId,
        action,
        changes: changes.map((c) => (SECRET.test(c.field) ? { ...c, before: '(secret)', after: '(secret)' } : c)),
      },
    });
  }
  if (steps.every((step) => step.item.action === 'restore' && step.item.changes.length === 0))
    throw new ApiError(400, [COPY_MSG.revertNothing]);
  const digest = digestOf([scope, which, seen]);
  return { items: steps.map((s) => s.item), steps, digest, token: previewToken(digest) };
}

/** Writes one planned step: deletes, restores (the writable columns but bookkeeping) or re-creates the record. */
async function writeStep(q: Queryable, scope: Scope, { entry, key, row, item }: RevertStep) {
  const { declaration } = entry;
  const where = recordWhere(declaration);
  if (item.action === 'delete') {
    const doc = entry.after ?? key;
    // Rows of others that a deletion would take along or leave without it (a route's waypoints and trips): refused.
    const use = await usedBy(q, declaration, doc);
    if (use) throw new ApiError(409, [use]);
    await writeOrRefuse(q, declaration, { companyId: scope.companyId, row: doc, action: 'delete' }, () =>
      q.query(`delete from ${declaration.table} t where ${where}`, [JSON.stringify(key), scope.companyId]),
    );
    return;
  }
  const columns = await writable(q, declaration.table);
  const names = Object.keys(row!).filter((c) =>
    item.action === 'recreate'
      ? columns.insert.has(c)
      : columns.update.has(c) && !NOISE.has(c) && !declaration.key.includes(c),
  );
  const list = names.map((c) => `"${c}"`).join(', ');
  if (item.action === 'recreate') {
    await writeOrRefuse(q, declaration, { companyId: scope.companyId, row: row!, action: 'insert' }, () =>
      q.query(
        `insert into ${declaration.table} (${list}) overriding system value
         select ${list} from jsonb_populate_record(null::${declaration.table}, $1::jsonb)`,
        [JSON.stringify(row)],
      ),
    );
    return;
  }
  const set = names.map((c) => `"${c}" = n."${c}"`);
  if (columns.update.has('version')) set.push('version = t.version + 1');
  await writeOrRefuse(q, declaration, { companyId: scope.companyId, row: row!, action: 'update' }, () =>
    q.query(
      `update ${declaration.table} t set ${set.join(', ')}
         from jsonb_populate_record(null::${declaration.table}, $3::jsonb) n where ${where}`,
      [JSON.stringify(key), scope.companyId, JSON.stringify(row)],
    ),
  );
}

/**
 * Reverts an entry or a change set as its preview planned, in one transaction recorded as a change set of its own
 * (so a revert can be reverted). The token is consumed first (409 when it was used already), the records are locked
 * as they are read, and the revert is refused (412) when one reads otherwise than the preview saw.
 */
export async function applyRevert(
  store: Store,
  scope: Scope,
  which: RevertTarget,
  token: string | undefined,
): Promise<{ changeSet: string; items: RevertItem[] }> {
  return store.tx(async (q) => {
    const changeSet = await beginChangeSet(q, scope.companyId, token);
    const plan = await planRevert(q, scope, which, true);
    if (!tokenMatches(token, plan.digest)) throw new ApiError(412, [COPY_MSG.revertStale]);
    await recordChangeSet(q, changeSet, {
      company: scope,
      kind: 'revert',
      reverts: which.changeSet ? `set:${which.changeSet}` : `entry:${which.entry}`,
      items: plan.items.map(({ objectType, objectId, action }) => ({ objectType, objectId, action })),
    });
    for (const step of plan.steps) await writeStep(q, scope, step);
    return { changeSet, items: plan.items };
  });
}
