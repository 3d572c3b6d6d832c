import type { MenuItem, SidebarConfig } from '../../schemas/sidebar-menu';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** What a save stores of an override: whom it is for and its menu slugs. */
export interface SidebarConfigFields {
  target: string;
  featureKey: string;
  roles: number | null;
  userIds: number[];
  menu: string[];
}

type BranchScope = Pick<Scope, 'companyId' | 'branchId'>;

const SELECT = `select c.id, c.feature_key as "featureKey", c.company_id as "companyId", c.branch_id as "branchId", c.roles,
  c.user_ids as "userId", c.extracontext, c.enabled, l.landing_page as "landingPage"
  from sidebar_menu_configs c left join sidebar_landing_pages l
    on l.company_id = c.company_id and l.branch_key = coalesce(c.branch_id, '') and l.target = c.target`;

/** The parameters $1 to $7 of a save. */
const saveParams = (scope: BranchScope, fields: SidebarConfigFields) => [
  scope.companyId, scope.branchId, fields.target, fields.featureKey, fields.roles, JSON.stringify(fields.userIds), JSON.stringify(fields.menu),
];

/**
 * The SQL of the sidebar menu overrides, their landing pages (keyed by company, branch or '' and target) and the
 * platform's menu items (spec 001 sections 2.4 and 3).
 */
export const sidebarMenuRepository = {
  /** The scope's overrides (only the chosen branch's, when one is; only enabled 0 or 1, when given), oldest first. */
  list(q: Queryable, scope: BranchScope, enabled: number | null): Promise<SidebarConfig[]> {
    return q.query<SidebarConfig>(
      `${SELECT} where c.company_id = $1 and ($2::text is null or c.branch_id = $2) and ($3::int is null or c.enabled = $3)
        order by c.created_at, c.id`,
      [scope.companyId, scope.branchId, enabled],
    );
  },
  /** Override `id` of the company, or null. */
  find(q: Queryable, id: string, companyId: string): Promise<SidebarConfig | null> {
    return q.one<SidebarConfig>(`${SELECT} where c.id = $1 and c.company_id = $2`, [id, companyId]);
  },
  /** Override `id` as just saved. */
  get(q: Queryable, id: string): Promise<SidebarConfig | null> {
    return q.one<SidebarConfig>(`${SELECT} where c.id = $1`, [id]);
  },
  /** The scope's override for `target` (the company's own when no branch is chosen), or null. */
  findForTarget(q: Queryable, scope: BranchScope, target: string): Promise<SidebarConfig | null> {
    return q.one<SidebarConfig>(
      `${SELECT} where c.company_id = $1 and coalesce(c.branch_id, '') = $2 and c.target = $3`,
      [scope.companyId, scope.branchId ?? '', target],
    );
  },
  async exists(q: Queryable, id: string, companyId: string): Promise<boolean> {
    return !!(await q.one('select 1 from sidebar_menu_configs where id = $1 and company_id = $2', [id, companyId]));
  },
  /** Whether another override than `exceptId` is for the same scope and target. */
  async targetTaken(q: Queryable, scope: BranchScope, target: string, exceptId: string): Promise<boolean> {
    return !!(await q.one(
      "select 1 from sidebar_menu_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and target = $3 and id <> $4",
      [scope.companyId, scope.branchId, target, exceptId],
    ));
  },
  /** Rewrites override `id` (enabled again). */
  async update(q: Queryable, id: string, scope: BranchScope, fields: SidebarConfigFields): Promise<void> {
    await q.query(
      `update sidebar_menu_configs set company_id = $1, branch_id = $2, target = $3, feature_key = $4, roles = $5,
        user_ids = $6::jsonb, extracontext = $7::jsonb, enabled = 1 where id = $8`,
      [...saveParams(scope, fields), id],
    );
  },
  /** Stores an override as `id`, or, when the scope's target already has one, replaces its menu; the stored id. */
  async upsert(q: Queryable, id: string, scope: BranchScope, fields: SidebarConfigFields): Promise<string> {
    const saved = await q.one<{ id: string }>(
      `insert into sidebar_menu_configs (company_id, branch_id, target, feature_key, roles, user_ids, extracontext, enabled, id)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 1, $8)
       on conflict (company_id, coalesce(branch_id, ''), target)
       do update set extracontext = excluded.extracontext, enabled = 1 returning id`,
      [...saveParams(scope, fields), id],
    );
    return saved!.id;
  },
  /** The landing page of the scope's target, or null. */
  landingPage(q: Queryable, scope: BranchScope, target: string): Promise<{ landingPage: string } | null> {
    return q.one<{ landingPage: string }>(
      'select landing_page as "landingPage" from sidebar_landing_pages where company_id = $1 and branch_key = $2 and target = $3',
      [scope.companyId, scope.branchId ?? '', target],
    );
  },
  async setLandingPage(q: Queryable, scope: BranchScope, target: string, landingPage: string): Promise<void> {
    await q.query(
      `insert into sidebar_landing_pages (company_id, branch_key, target, landing_page) values ($1, $2, $3, $4)
       on conflict (company_id, branch_key, target) do update set landing_page = excluded.landing_page`,
      [scope.companyId, scope.branchId ?? '', target, landingPage],
    );
  },
  /** The platform's menu items (only the active or inactive ones, when `active` is 1 or 0), by id. */
  menuItems(q: Queryable, active: number | null): Promise<MenuItem[]> {
    return q.query<MenuItem>('select id, name, slug, parent, url from menu_items where ($1::int is null or active = ($1 = 1)) order by id', [active]);
  },
  /** The active menu items among `slugs`. */
  activeItems(q: Queryable, slugs: string[]): Promise<Pick<MenuItem, 'slug' | 'name'>[]> {
    return q.query<Pick<MenuItem, 'slug' | 'name'>>('select slug, name from menu_items where active and slug = any($1::text[])', [slugs]);
  },
  /** Whether an active menu item has this url. */
  async isActiveUrl(q: Queryable, url: string): Promise<boolean> {
    return !!(await q.one('select 1 from menu_items where active and url = $1', [url]));
  },
};
