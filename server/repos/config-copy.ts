import type { CompareArea, CopyItem } from '../../schemas/api/config-copy';
import { CONFIG_AREAS, CONFIG_AREA_KEYS, COPY_MSG, type ConfigArea } from '../../schemas/config-copy';
import { ApiError } from '../http/envelope';
import { cpuPool } from '../workers/cpu-pool';
import type { Queryable, Store } from '../store/store';
import { beginChangeSet, digestOf, previewToken, recordChangeSet, tokenMatches } from './change-set';
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
import { writeOrRefuse } from './record-refusal';
import { inSavepoint } from './savepoint';
import { declarationOf } from '../../schemas/audited';
import { fieldInWords } from '../../schemas/audit';
import type { Scope } from './scope-repository';

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
  const ctx: CopyContext = { source: left, target: right, branchMap: await branchMapOf(q, left, right), q };
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
    // The left item as a copy would write it on the right (its ids made the right's), so a copied item reads the same.
    const asCopied = async (row: AreaRow | undefined) => {
      const doc = config(row);
      if (!doc || !table.map) return doc;
      const mapped = await table.map(doc, ctx);
      return 'doc' in mapped ? mapped.doc : doc;
    };
    const pairs: [RowDoc | null, RowDoc | null][] = [];
    for (const k of keys) pairs.push([await asCopied(a.get(k)), config(b.get(k))]);
    const fields = await fieldsOfPairs(pairs);
    // Each field in its declaration's words, as the Audit Log names it (schemas/audit.ts fieldInWords).
    const items = keys.map((k, i) => {
      const state = !b.has(k) ? 'left' : !a.has(k) ? 'right' : fields[i].some((f) => f.differs) ? 'different' : 'same';
      const named = fields[i].map((f) => ({ ...f, field: fieldInWords(table.objectType, f.field) }));
      return { key: k, label: (a.get(k) ?? b.get(k))!.label, state, fields: named } as const;
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

/** A copy planned: each item's action (what the preview shows), the writes, and the digest and token of what it read. */
export interface CopyPlan {
  items: CopyItem[];
  writes: Write[];
  digest: string;
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
  lock = false,
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
    const [from, to] = [await areaRows(q, table, source), await areaRows(q, table, target, lock)];
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
      .map((f) => ({ field: fieldInWords(AREA_TABLES[area].objectType, f.field), before: f.left, after: f.right }));
    const action = there === null ? 'create' : changes.length === 0 ? 'skip' : 'overwrite';
    planned.push({ area, key, label, action, reason: null, changes });
    if (action !== 'skip') writes.push({ area, label, doc, existing: there?.doc ?? null });
  }
  // In the areas' order, each area's items by key.
  const order = (item: CopyItem) => CONFIG_AREA_KEYS.indexOf(item.area);
  planned.sort((a, b) => order(a) - order(b) || a.key.localeCompare(b.key, 'en', { numeric: true }));
  const digest = digestOf([source, target, seen]);
  return { items: planned, writes, digest, token: previewToken(digest) };
}

/**
 * Applies a copy as its preview planned it, in one transaction: the token is consumed first (409 when it was used
 * already), the target's rows are locked as they are read, and the copy is refused (412) when what it reads differs
 * from what the preview read, and (400) when it writes nothing. Every write is recorded as one change set; a write
 * the database refuses rolls all of them back and is named in words (409).
 */
export async function applyCopy(
  store: Store,
  source: Scope,
  target: Scope,
  items: readonly { area: ConfigArea; key?: string }[],
  token: string | undefined,
): Promise<{ changeSet: string; items: CopyItem[] }> {
  return store.tx(async (q) => {
    const changeSet = await beginChangeSet(q, target.companyId, token);
    const plan = await planCopy(q, source, target, items, true);
    if (!tokenMatches(token, plan.digest)) throw new ApiError(412, [COPY_MSG.stale]);
    if (plan.writes.length === 0) throw new ApiError(400, [COPY_MSG.nothing]);
    const done = plan.items.filter((item) => item.action === 'create' || item.action === 'overwrite');
    await recordChangeSet(q, changeSet, {
      company: target,
      kind: 'copy',
      source,
      items: done.map(({ area, key, action }) => ({ area, key, action })),
    });
    await writeCopy(q, plan, target);
    return { changeSet, items: plan.items };
  });
}

/**
 * Writes a copy's plan into `target` within the caller's transaction (a copy's apply, or a proposed copy's): each
 * area's items at once; when the database refuses a set, its items one by one name the one refused (409).
 */
export async function writeCopy(q: Queryable, plan: CopyPlan, target: Scope): Promise<void> {
  // Each area's items at once; when the database refuses a set, its items one by one name the one refused.
  for (const area of new Set(plan.writes.map((w) => w.area))) {
    const writes = plan.writes.filter((w) => w.area === area);
    try {
      await inSavepoint(q, 'copy_area', () => writeItems(q, AREA_TABLES[area], target, writes));
    } catch {
      for (const write of writes) {
        const row = {
          ...(write.existing ?? { company_id: target.companyId, branch_id: target.branchId }),
          ...write.doc,
        };
        const declaration = declarationOf(AREA_TABLES[area].objectType);
        try {
          await writeOrRefuse(
            q,
            declaration,
            { companyId: target.companyId, row, action: write.existing ? 'update' : 'insert' },
            () => writeItems(q, AREA_TABLES[area], target, [write]),
          );
        } catch (error) {
          const why = error instanceof ApiError ? error.messages.join('; ') : 'the database refused it';
          throw new ApiError(409, [
            `${CONFIG_AREAS[area].label} ${write.label} could not be written (${why}): nothing was copied`,
          ]);
        }
      }
    }
  }
}
