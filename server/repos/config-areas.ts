import { randomUUID } from 'node:crypto';
import { AUDITED, type AuditedType, auditedOf, declarationOf } from '../../schemas/audited';
import { fieldsOf, type Resource } from '../../schemas/resource';
import { currentActor } from '../store/actor';
import { type ConfigArea, perComparedResource, type StaticArea } from '../../schemas/config-copy';
import { newId } from '../http/ids';
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

/** An area's table, object type and the name of an item (its record's label in words), from the table's declaration. */
const stored = <T extends AuditedType>(declaration: (typeof AUDITED)[T]) => ({
  table: declaration.table,
  objectType: declaration.objectType,
  label: declaration.label,
});

/** The bookkeeping columns of every table. */
const BOOKKEEPING = ['version', 'created_at', 'updated_at', 'created_by', 'updated_by'];
/** Rows of a company and branch column pair: the branch's, or with none chosen, the company-wide ones. */
const BRANCH_SCOPE = "t.company_id = $1 and coalesce(t.branch_id, '') = coalesce($2::text, '')";
/** Rows that also have a department: only those of no department (a comparison is of companies and branches). */
const NO_DEPARTMENT = `${BRANCH_SCOPE} and t.department_id is null`;
/** Rows kept per company: a branch chosen has none. */
const COMPANY_ONLY = 't.company_id = $1 and $2::text is null';

const placed = (prefix: string) => async (target: Scope) => ({
  id: newId(prefix),
  company_id: target.companyId,
  branch_id: target.branchId,
});

/** The text of a column that may hold JSON as text (an alert's extra_context). */
const isBlank = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '';

/**
 * A compared resource's area (schemas/resource.ts): its rows in the scope (of no department), matched across
 * companies by its natural key, named by its label; its fields are its configuration, its placement and bookkeeping
 * its own; a row created in the target is placed there and stamped with who copied it.
 */
function resourceArea(resource: Resource): AreaTable {
  const fields = new Map(fieldsOf(resource).map((field) => [field.name, field]));
  const keyPart = (name: string) => {
    const field = fields.get(name);
    return field?.sql === 'date' ? `to_char(t.${field.column}, 'YYYY-MM-DD')` : `t.${field?.column ?? name}::text`;
  };
  return {
    area: resource.name,
    table: resource.table,
    objectType: resource.objectType,
    inScope: resource.reach === 'company' ? COMPANY_ONLY : resource.reach === 'branch' ? BRANCH_SCOPE : NO_DEPARTMENT,
    key: resource.naturalKey.map(keyPart).join(" || ' · ' || "),
    label: auditedOf(resource).label,
    own: ['id', 'company_id', 'branch_id', 'department_id', ...BOOKKEEPING],
    versioned: true,
    ...(resource.reach === 'company' && { companyOnly: 'Kept per company: choose no branch to compare it' }),
    // Who copied it: the actor the transaction announced (server/store/actor.ts).
    touched: `updated_at = (extract(epoch from clock_timestamp()) * 1000)::bigint,
      updated_by = coalesce(nullif(current_setting('app.user_email', true), ''), 'system')`,
    place: async (target) => ({
      id: newId(resource.idPrefix),
      company_id: target.companyId,
      ...(resource.reach !== 'company' && { branch_id: target.branchId }),
      updated_by: currentActor()?.email ?? 'system',
      updated_at: Date.now(),
    }),
  };
}

/** The hand-declared areas, as stored. */
const STATIC_AREA_TABLES: Record<StaticArea, AreaTable> = {
  alerts: {
    area: 'alerts',
    ...stored(AUDITED.alert),
    inScope: BRANCH_SCOPE,
    key: 't.feature_key',
    own: ['id', 'company_id', 'branch_id', ...BOOKKEEPING],
    versioned: true,
    place: placed('alc'),
  },
  uiConfig: {
    area: 'uiConfig',
    ...stored(AUDITED.ui_config),
    inScope: BRANCH_SCOPE,
    key: 't.feature_key',
    own: ['id', 'company_id', 'branch_id', ...BOOKKEEPING],
    versioned: true,
    place: placed('uic'),
  },
  autoClosure: {
    area: 'autoClosure',
    ...stored(AUDITED.auto_closure),
    inScope: BRANCH_SCOPE,
    key: 't.identifier',
    own: ['id', 'company_id', 'branch_id', ...BOOKKEEPING],
    versioned: true,
    place: placed('acl'),
  },
  sidebarMenu: {
    area: 'sidebarMenu',
    ...stored(AUDITED.sidebar_menu),
    inScope: BRANCH_SCOPE,
    key: 't.target',
    own: ['id', 'company_id', 'branch_id', ...BOOKKEEPING],
    versioned: true,
    place: placed('sbm'),
    async map(doc, { source, q }) {
      const users = Array.isArray(doc.user_ids) ? doc.user_ids.map(String) : [];
      const target = String(doc.target ?? '');
      if (target.startsWith('users:')) users.push(...target.slice('users:'.length).split(','));
      if (users.length === 0) return { doc };
      const names = await q.query<{ name: string }>(
        'select coalesce(name, email, id) as name from users where id = any($1::text[]) order by 1',
        [[...new Set(users)]],
      );
      return {
        refused: `Names users of ${await companyName(q, source.companyId)} (${names.map((n) => n.name).join(', ') || users.join(', ')}): they are not the target's`,
      };
    },
  },
  dashboards: {
    area: 'dashboards',
    ...stored(AUDITED.dashboard),
    inScope: NO_DEPARTMENT,
    key: "t.feature_key || ' · ' || t.dashboard_type",
    own: ['id', 'company_id', 'branch_id', 'department_id', ...BOOKKEEPING],
    versioned: true,
    place: placed('dsh'),
  },
  reportSchedules: {
    area: 'reportSchedules',
    ...stored(AUDITED.report_schedule),
    inScope: "t.company_id = $1 and coalesce(t.definition->>'branch_id', '') = coalesce($2::text, '')",
    key: "t.type || ' · ' || t.cron",
    own: ['id', 'company_id', 'entity_id', 'job_uuid', ...BOOKKEEPING],
    versioned: true,
    async place(target, q) {
      await q.query(
        'insert into report_entities (id, company_id) values ($1, $2) on conflict (company_id) do nothing',
        [newId('ent'), target.companyId],
      );
      const entity = await q.one<{ id: string }>('select id from report_entities where company_id = $1', [
        target.companyId,
      ]);
      return { id: newId('rs'), company_id: target.companyId, entity_id: entity?.id, job_uuid: randomUUID() };
    },
    map(doc, ctx) {
      // A definition names its company and branch (and filters may name either): each is the target's, or the copy
      // is refused by the branch's name.
      const refusals: string[] = [];
      const mapped = mapIds(doc.definition, ctx, refusals);
      if (refusals.length > 0) return { refused: refusals.join('; ') };
      // The definition's branch is the row's place: the target's branch, or none for the whole company.
      const { branch_id: _, ...definition } = isObject(mapped) ? mapped : {};
      return {
        doc: {
          ...doc,
          definition: ctx.target.branchId ? { ...definition, branch_id: ctx.target.branchId } : definition,
        },
      };
    },
  },
  notifications: {
    area: 'notifications',
    ...stored(AUDITED.notification_config),
    inScope: NO_DEPARTMENT,
    key: `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`,
    label: `(select e.name from notification_events e where e.id = t.event_id) || ' · ' || t.mode
      || coalesce(' · user ' || t.user_id, '') || coalesce(' · group ' || t.group_id, '')
      || coalesce(' · for ' || t.related_company_id, '')`,
    own: ['id', 'company_id', 'branch_id', 'department_id', ...BOOKKEEPING],
    versioned: true,
    place: async (target) => ({ company_id: target.companyId, branch_id: target.branchId }),
    async map(doc, { source, q }) {
      const named: string[] = [];
      if (doc.user_id !== null) named.push(`user ${doc.user_id}`);
      if (doc.group_id !== null) named.push(`group ${doc.group_id}`);
      for (const column of ['related_company_id', 'related_branch_id', 'related_department_id'])
        if (!isBlank(doc[column]))
          named.push(`${column.replace('related_', 'related ').replace('_id', '')} ${doc[column]}`);
      if (named.length === 0) return { doc };
      return {
        refused: `Names ${named.join(', ')} of ${await companyName(q, source.companyId)}: not the target's`,
      };
    },
  },
  mapView: {
    area: 'mapView',
    ...stored(AUDITED.feature_setting),
    inScope: `${NO_DEPARTMENT} and t.feature = 'map_view'`,
    key: 't.feature',
    label: "'Map view'",
    own: ['id', 'company_id', 'branch_id', 'department_id', ...BOOKKEEPING],
    versioned: false,
    place: async (target) => ({ id: randomUUID(), company_id: target.companyId, branch_id: target.branchId }),
  },
  lastMile: {
    area: 'lastMile',
    ...stored(AUDITED.feature_setting),
    inScope: `${NO_DEPARTMENT} and t.feature = 'tripAlerts'`,
    key: 't.feature',
    label: "'Last mile threshold'",
    own: ['id', 'company_id', 'branch_id', 'department_id', ...BOOKKEEPING],
    versioned: false,
    place: async (target) => ({ id: randomUUID(), company_id: target.companyId, branch_id: target.branchId }),
  },
  eta: {
    area: 'eta',
    ...stored(AUDITED.eta_preference),
    inScope: COMPANY_ONLY,
    key: "'eta'",
    label: "'ETA engines'",
    own: ['company_id', ...BOOKKEEPING],
    versioned: false,
    companyOnly: 'Kept per company: choose no branch to compare it',
    place: async (target) => ({ company_id: target.companyId }),
  },
  apConfig: {
    area: 'apConfig',
    ...stored(AUDITED.ap_config),
    inScope: COMPANY_ONLY,
    key: "t.type || ' · partner ' || t.partner_cbdt_id",
    own: ['id', 'company_id', ...BOOKKEEPING],
    versioned: true,
    companyOnly: 'Kept per company: choose no branch to compare it',
    place: async (target) => ({ company_id: target.companyId }),
    async map(doc, { target, q }) {
      // The CBDT ID is the company's own id; a partner must be the target's partner too.
      if (!/^[1-9]\d{0,15}$/.test(target.companyId))
        return { refused: `${await companyName(q, target.companyId)} has no numeric id to use as its CBDT ID` };
      const partner = Number(doc.partner_cbdt_id ?? 0);
      if (
        partner !== 0 &&
        !(await q.one('select 1 from company_partners where company_id = $1 and partner_id = $2', [
          target.companyId,
          String(partner),
        ]))
      )
        return {
          refused: `Partner ${await companyName(q, String(partner))} is not a partner of ${await companyName(q, target.companyId)}`,
        };
      return { doc: { ...doc, cbdt_id: Number(target.companyId) } };
    },
  },
};

/** Every area of {@link CONFIG_AREAS}, as stored: the hand-declared ones and each compared resource's. */
export const AREA_TABLES: Record<ConfigArea, AreaTable> = {
  ...perComparedResource(resourceArea),
  ...STATIC_AREA_TABLES,
};

const isObject = (value: unknown): value is RowDoc =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A company's name (its id when it has none). */
export async function companyName(q: Queryable, id: string): Promise<string> {
  const row = await q.one<{ name: string }>('select coalesce(name, id) as name from companies where id = $1', [id]);
  return row?.name ?? id;
}

/**
 * A report definition with the source company's ids made the target's: `company_id` (and any value equal to the
 * source company's id) becomes the target's, a branch id of the source the target's branch of the same name (the
 * target scope's branch for the scope's own branch); a branch with no match is added to `refusals` by name.
 */
function mapIds(value: unknown, ctx: CopyContext, refusals: string[]): unknown {
  if (Array.isArray(value)) return value.map((element) => mapIds(element, ctx, refusals));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapIds(v, ctx, refusals)]));
  if (typeof value !== 'string' && typeof value !== 'number') return value;
  const text = String(value);
  if (text === ctx.source.companyId)
    return typeof value === 'number' ? Number(ctx.target.companyId) : ctx.target.companyId;
  const branch = ctx.branchMap.get(text);
  if (!branch) return value;
  if (branch.target === null) {
    refusals.push(`Branch ${branch.name} has no branch of that name in the target`);
    return value;
  }
  return branch.target;
}

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
