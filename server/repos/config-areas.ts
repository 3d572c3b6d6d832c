import { type AuditedTable, auditedOf, branchSql, type CompareSection, declarationOf } from '../../schemas/audited';
import { type ConfigArea, compareSectionOf, perComparedResource } from '../../schemas/config-copy';
import type { Resource } from '../../schemas/resource';
import { currentActor } from '../store/actor';
import { newId } from '../http/ids';
import { AREA_HOOKS } from './config-area-hooks';
import type { Queryable } from '../store/store';
import type { Scope } from './scope-repository';

/** A stored row as PostgreSQL's `to_jsonb` gives it: its columns by name. */
export type RowDoc = Record<string, unknown>;

/** The two companies (and branches) of a copy, to map the values that name the source's own things. */
export interface CopyContext {
  source: Scope;
  target: Scope;
  /** The target's branch of the same name as each source branch id (ids of the source's branches only). */
  branchMap: Map<string, { name: string; target: string | null }>;
  /** Names of the source's users and groups, to name them in a refusal. */
  q: Queryable;
}

/** What copying a source row to the target writes (its configuration columns, mapped), or why it cannot. */
export type Mapped = { doc: RowDoc } | { refused: string };

/**
 * An area of the configuration as stored: its table, the rows one scope has in it (`$1` company, `$2` branch or
 * null: the company-wide rows), the natural key that matches an item across companies (SQL over the row `t`), a
 * readable name, and the columns that are the row's place and bookkeeping rather than its configuration (neither
 * compared nor copied; a created row gets them from the target).
 */
export interface AreaTable {
  area: string;
  table: string;
  /** The audit log's object type of the table: its declaration (schemas/audited.ts). */
  objectType: string;
  /** SQL condition of the scope's rows over `t`. */
  inScope: string;
  key: string;
  label: string;
  /** Bookkeeping and placement columns. */
  own: readonly string[];
  /** The table has a `version` column that every write bumps. */
  versioned: boolean;
  /** What an overwrite sets besides the copied columns (default: `updated_at = now()` where the row has one). */
  touched?: string;
  /** A row kept per company only: with a branch chosen, the area is not compared (this says so). */
  companyOnly?: string;
  /** The placement of a row created in the target: id, company, branch and whatever else the table needs. */
  place(target: Scope, q: Queryable): Promise<RowDoc>;
  /** The source row's configuration mapped to the target (values naming the source's own things), or a refusal. */
  map?(doc: RowDoc, ctx: CopyContext): Promise<Mapped> | Mapped;
}

/** The bookkeeping columns of every table (and `version` where it has one). */
const BOOKKEEPING = ['created_at', 'updated_at', 'created_by', 'updated_by'];

/**
 * An area as stored, from its table's declaration and its own (schemas/audited.ts): the scope's rows (the company's,
 * and the chosen branch's where the table has a branch; with departments, those of none), the placement and
 * bookkeeping columns that are the row's own, and the placement of a row created in the target.
 */
function declaredArea(table: AuditedTable, section: CompareSection): AreaTable {
  const branch = table.branch && branchSql(table.branch);
  const branchColumn = table.branch?.length === 1 ? table.branch[0] : undefined;
  const inScope = [
    't.company_id = $1',
    branch ? `coalesce(${branch}, '') = coalesce($2::text, '')` : '$2::text is null',
    ...(section.departments ? ['t.department_id is null'] : []),
    ...(section.where ? [section.where] : []),
  ];
  const placement = [...table.key, 'company_id', ...(branchColumn ? [branchColumn] : [])];
  return {
    area: section.name,
    table: table.table,
    objectType: table.objectType,
    inScope: inScope.join(' and '),
    key: section.key,
    label: section.label ?? table.label,
    own: [
      ...new Set([
        ...placement,
        ...(section.departments ? ['department_id'] : []),
        ...(section.own ?? []),
        ...(table.versioned ? ['version'] : []),
        ...BOOKKEEPING,
      ]),
    ],
    versioned: table.versioned === true,
    ...(!branch && { companyOnly: 'Kept per company: choose no branch to compare it' }),
    place: async (target) => ({
      ...(section.idPrefix && { id: newId(section.idPrefix) }),
      company_id: target.companyId,
      ...(branchColumn && { [branchColumn]: target.branchId }),
    }),
  };
}

/** An audited table's area: as declared, with what its copy does beyond the declaration (config-area-hooks.ts). */
function tableArea(table: AuditedTable, section: CompareSection): AreaTable {
  const declared = declaredArea(table, section);
  const hooks = AREA_HOOKS[section.name];
  if (!hooks) return declared;
  const more = hooks.place;
  return {
    ...declared,
    ...(hooks.map && { map: hooks.map }),
    ...(more && { place: async (target, q) => ({ ...(await declared.place(target, q)), ...(await more(target, q)) }) }),
  };
}

/**
 * A compared resource's area (schemas/resource.ts): as its declaration gives it, with the area's hooks where it has
 * some, its rows stamped with who copied them as the resource's own writes do (epoch milliseconds, or timestamps).
 */
function resourceArea(resource: Resource): AreaTable {
  const declared = tableArea(auditedOf(resource), compareSectionOf(resource));
  // Who copied it: the actor the transaction announced (server/store/actor.ts).
  const actor = `coalesce(nullif(current_setting('app.user_email', true), ''), 'system')`;
  const by = () => currentActor()?.email ?? 'system';
  if (resource.stamps === 'timestamps')
    return {
      ...declared,
      touched: `updated_at = now(), updated_by = ${actor}`,
      place: async (target, q) => ({ ...(await declared.place(target, q)), created_by: by(), updated_by: by() }),
    };
  return {
    ...declared,
    touched: `updated_at = (extract(epoch from clock_timestamp()) * 1000)::bigint, updated_by = ${actor}`,
    place: async (target, q) => ({ ...(await declared.place(target, q)), updated_by: by(), updated_at: Date.now() }),
  };
}

/** Every area of {@link CONFIG_AREAS}, as stored: the audited tables' and each compared resource's. */
export const AREA_TABLES: Record<ConfigArea, AreaTable> = perComparedResource(resourceArea);

/** The source's branches, each with the target's branch of the same name (the chosen branches map to each other). */
export async function branchMapOf(
  q: Queryable,
  source: Scope,
  target: Scope,
): Promise<Map<string, { name: string; target: string | null }>> {
  const rows = await q.query<{ id: string; name: string; target: string | null }>(
    `select s.id, coalesce(s.name, s.id) as name,
            (select t.id from branches t where t.company_id = $2 and lower(t.name) = lower(s.name) order by t.id limit 1) as target
       from branches s where s.company_id = $1`,
    [source.companyId, target.companyId],
  );
  const map = new Map(rows.map((row) => [row.id, { name: row.name, target: row.target }]));
  if (source.branchId) {
    const chosen = map.get(source.branchId);
    map.set(source.branchId, { name: chosen?.name ?? source.branchId, target: target.branchId });
  }
  return map;
}

/** One stored item of an area: its key, readable name and whole row. */
export interface AreaRow {
  key: string;
  label: string;
  doc: RowDoc;
}

/**
 * The rows of an area in a scope, by key (a key held twice keeps its first row, oldest id first), locked until the
 * transaction ends when `lock` (an apply plans from them).
 */
export async function areaRows(
  q: Queryable,
  area: AreaTable,
  scope: Scope,
  lock = false,
): Promise<Map<string, AreaRow>> {
  const rows = await q.query<AreaRow>(
    `select ${area.key} as key, ${area.label} as label, to_jsonb(t) as doc from ${area.table} t
      where ${area.inScope} order by 1${lock ? ' for update of t' : ''}`,
    [scope.companyId, scope.branchId],
  );
  const out = new Map<string, AreaRow>();
  for (const row of rows) if (row.key !== null && !out.has(row.key)) out.set(row.key, row);
  return out;
}

/** The configuration of a row: its columns but the area's own (placement and bookkeeping). */
export function configOf(area: AreaTable, doc: RowDoc): RowDoc {
  return Object.fromEntries(Object.entries(doc).filter(([column]) => !area.own.includes(column)));
}

/** The key column of a table's rows (its declaration's; one column for every area), for the write of one row. */
const idColumn = (area: AreaTable) => declarationOf(area.objectType).key[0];

/** A copied item to write: its configuration, and the row it overwrites in the target (null: it is created there). */
export interface ItemWrite {
  doc: RowDoc;
  existing: RowDoc | null;
}

/**
 * Writes copied items of one area in the target, set by set: the overwrites in one statement (each row's
 * configuration columns from its JSON, `jsonb_populate_record`, its version bumped), the creations in another (with the
 * target's placement). The columns come from the rows' own JSON, so every column of the configuration is written as it
 * was read.
 */
export async function writeItems(q: Queryable, area: AreaTable, target: Scope, writes: readonly ItemWrite[]) {
  const updates = writes.filter((w) => w.existing);
  if (updates.length > 0) {
    const list = Object.keys(updates[0].doc)
      .map((c) => `"${c}"`)
      .join(', ');
    const bump = [
      ...(area.versioned ? ['version = t.version + 1'] : []),
      ...(area.touched !== undefined
        ? [area.touched]
        : 'updated_at' in updates[0].existing!
          ? ['updated_at = now()']
          : []),
    ];
    await q.query(
      `update ${area.table} t set (${list}) = (select ${list} from jsonb_populate_record(null::${area.table}, x.doc))
       ${bump.length > 0 ? `, ${bump.join(', ')}` : ''}
       from jsonb_array_elements($1::jsonb) x(doc) where t.${idColumn(area)}::text = x.doc->>'__key'`,
      [JSON.stringify(updates.map((w) => ({ ...w.doc, __key: String(w.existing![idColumn(area)]) })))],
    );
  }
  const creates = writes.filter((w) => !w.existing);
  if (creates.length > 0) {
    const rows: RowDoc[] = [];
    for (const w of creates) rows.push({ ...w.doc, ...(await area.place(target, q)) });
    const list = Object.keys(rows[0])
      .map((c) => `"${c}"`)
      .join(', ');
    await q.query(
      `insert into ${area.table} (${list}) select ${list} from jsonb_populate_recordset(null::${area.table}, $1::jsonb)`,
      [JSON.stringify(rows)],
    );
  }
}
