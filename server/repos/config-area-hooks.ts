import { randomUUID } from 'node:crypto';
import type { ConfigArea } from '../../schemas/config-copy';
import { newId } from '../http/ids';
import type { Queryable } from '../store/store';
import type { CopyContext, Mapped, RowDoc } from './config-areas';
import type { Scope } from './scope-repository';

/**
 * What copying an item of an area does beyond what its declaration says (schemas/audited.ts `compare`): behaviour,
 * not data.
 */
export interface AreaHooks {
  /** More of a created row's placement than its declaration gives (a report schedule's entity and job). */
  place?(target: Scope, q: Queryable): Promise<RowDoc>;
  /** The source row's configuration mapped to the target (values naming the source's own things), or a refusal. */
  map?(doc: RowDoc, ctx: CopyContext): Promise<Mapped> | Mapped;
}

/** The areas whose items name things of their own company, or need more than a row to be created: by area. */
export const AREA_HOOKS: Readonly<Partial<Record<string, AreaHooks>>> = {
  // A menu or landing page for some users names the source's users, who are not the target's.
  sidebarMenu: { map: refusingUsers },
  landingPages: { map: refusingUsers },
  reportSchedules: {
    // A schedule runs as its company's report entity (made with the company's first schedule) and job.
    async place(target, q) {
      await q.query(
        'insert into report_entities (id, company_id) values ($1, $2) on conflict (company_id) do nothing',
        [newId('ent'), target.companyId],
      );
      const entity = await q.one<{ id: string }>('select id from report_entities where company_id = $1', [
        target.companyId,
      ]);
      return { entity_id: entity?.id, job_uuid: randomUUID() };
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
  apConfig: {
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
} satisfies Partial<Record<ConfigArea, AreaHooks>>;

/**
 * A sidebar menu's or landing page's row as the target keeps it, or refused where it is for users of the source (by
 * their ids, or by its target `users:…`): they are not the target's.
 */
async function refusingUsers(doc: RowDoc, { source, q }: CopyContext): Promise<Mapped> {
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
}

/** The text of a column that may hold JSON as text (an alert's extra_context). */
const isBlank = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === '';

const isObject = (value: unknown): value is RowDoc =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A company's name (its id when it has none). */
async function companyName(q: Queryable, id: string): Promise<string> {
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
