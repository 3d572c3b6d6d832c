import type { MenuItem, SidebarConfig } from '../../schemas/sidebar-menu';
import type { LandingPage } from '../../schemas/api/data';
import { reachFilter, type Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** What a save stores of an override: whom it is for and its menu slugs. */
export interface SidebarConfigFields {
  target: string;
  featureKey: string;
  roles: number | null;
  userIds: number[];
  menu: string[];
}

type BranchScope = Pick<Scope, 'companyId' | 'branchId'>;

const COLUMNS = `c.id, c.feature_key as "featureKey", c.company_id as "companyId", c.branch_id as "branchId", c.roles,
  c.user_ids as "userId", c.extracontext, c.enabled, l.landing_page as "landingPage"`;
const FROM = `from sidebar_menu_configs c left join sidebar_landing_pages l
    on l.company_id = c.company_id and l.branch_key = coalesce(c.branch_id, '') and l.target = c.target`;
const SELECT = `select ${COLUMNS} ${FROM}`;
/** An override with its row version (the ETag; not part of the answer's body). */
const SELECT_VERSIONED = `select ${COLUMNS}, c.version ${FROM}`;

/** An override read with its row version. */
export type VersionedSidebarConfig = SidebarConfig & { version: number };

/** The overrides' versioned writes (If-Match). */
const versioned = versionedTable('sidebar_menu_configs');

/** The parameters $1 to $7 of a save. */
const saveParams = (scope: BranchScope, fields: SidebarConfigFields) => [
  scope.companyId,
  scope.branchId,
  fields.target,
  fields.featureKey,
  fields.roles,
  JSON.stringify(fields.userIds),
  JSON.stringify(fields.menu),
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
  /**
   * Override `id` with its version when it is within reach of the scope (the company's; with a branch, that
   * branch's or a company-wide one), or null.
   */
  find(q: Queryable, id: string, scope: BranchScope): Promise<VersionedSidebarConfig | null> {
    const reach = reachFilter(scope, 2, { company: 'c.company_id', branch: 'c.branch_id' });
    return q.one<VersionedSidebarConfig>(`${SELECT_VERSIONED} where c.id = $1 and ${reach.sql}`, [id, ...reach.params]);
  },
  /** Override `id` as just saved, with its version. */
  get(q: Queryable, id: string): Promise<VersionedSidebarConfig | null> {
    return q.one<VersionedSidebarConfig>(`${SELECT_VERSIONED} where c.id = $1`, [id]);
  },
  /** The scope's override for `target` (the company's own when no branch is chosen) with its version, or null. */
  findForTarget(q: Queryable, scope: BranchScope, target: string): Promise<VersionedSidebarConfig | null> {
    return q.one<VersionedSidebarConfig>(
      `${SELECT_VERSIONED} where c.company_id = $1 and coalesce(c.branch_id, '') = $2 and c.target = $3`,
      [scope.companyId, scope.branchId ?? '', target],
    );
  },
  /** Whether another override than `exceptId` is for the same scope and target. */
  async targetTaken(q: Queryable, scope: BranchScope, target: string, exceptId: string): Promise<boolean> {
    return !!(await q.one(
      "select 1 from sidebar_menu_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and target = $3 and id <> $4",
      [scope.companyId, scope.branchId, target, exceptId],
    ));
  },
  /**
   * Rewrites override `id` (enabled again) while it has an `expected` version, keeping its company and branch (a
   * save never moves an override); its new version (or the refusal thrown).
   */
  async update(q: Queryable, id: string, fields: SidebarConfigFields, expected: Expected): Promise<number> {
    const set =
      'target = $3, feature_key = $4, roles = $5, user_ids = $6::jsonb, extracontext = $7::jsonb, enabled = 1';
    const { target, featureKey, roles, userIds, menu } = fields;
    const values = [target, featureKey, roles, JSON.stringify(userIds), JSON.stringify(menu)];
    return (await versioned.update(q, { key: id, expected, set, values })).version;
  },
  /** Stores an override as `id`, or, when the scope's target already has one, replaces its menu; the stored id. */
  async upsert(q: Queryable, id: string, scope: BranchScope, fields: SidebarConfigFields): Promise<string> {
    const saved = await q.one<{ id: string }>(
      `insert into sidebar_menu_configs (company_id, branch_id, target, feature_key, roles, user_ids, extracontext, enabled, id)
       values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 1, $8)
       on conflict (company_id, coalesce(branch_id, ''), target)
       do update set extracontext = excluded.extracontext, enabled = 1, version = sidebar_menu_configs.version + 1 returning id`,
      [...saveParams(scope, fields), id],
    );
    return saved!.id;
  },
  /** The landing page of the scope's target, or null. */
  landingPage(q: Queryable, scope: BranchScope, target: string): Promise<LandingPage | null> {
    return q.one<LandingPage>(
      'select landing_page as "landingPage" from sidebar_landing_pages where company_id = $1 and branch_key = $2 and target = $3',
      [scope.companyId, scope.branchId ?? '', target],
    );
  },
  /**
   * Sets the landing page of the scope's target. An override reads with its target's landing page, so a change of
   * it is a change of that override too: its version moves on (a form read before it cannot save over it).
   */
  async setLandingPage(q: Queryable, scope: BranchScope, target: string, landingPage: string): Promise<void> {
    const changed = await q.one(
      `insert into sidebar_landing_pages (company_id, branch_key, target, landing_page) values ($1, $2, $3, $4)
       on conflict (company_id, branch_key, target) do update set landing_page = excluded.landing_page
         where sidebar_landing_pages.landing_page is distinct from excluded.landing_page
       returning 1`,
      [scope.companyId, scope.branchId ?? '', target, landingPage],
    );
    if (changed) {
      await q.query(
        "update sidebar_menu_configs set version = version + 1 where company_id = $1 and coalesce(branch_id, '') = $2 and target = $3",
        [scope.companyId, scope.branchId ?? '', target],
      );
    }
  },
  /** The platform's menu items (only the active or inactive ones, when `active` is 1 or 0), by id. */
  menuItems(q: Queryable, active: number | null): Promise<MenuItem[]> {
    return q.query<MenuItem>(
      'select id, name, slug, parent, url from menu_items where ($1::int is null or active = ($1 = 1)) order by id',
      [active],
    );
  },
  /** The active menu items among `slugs`. */
  activeItems(q: Queryable, slugs: string[]): Promise<Pick<MenuItem, 'slug' | 'name'>[]> {
    return q.query<Pick<MenuItem, 'slug' | 'name'>>(
      'select slug, name from menu_items where active and slug = any($1::text[])',
      [slugs],
    );
  },
  /** Whether an active menu item has this url. */
  async isActiveUrl(q: Queryable, url: string): Promise<boolean> {
    return !!(await q.one('select 1 from menu_items where active and url = $1', [url]));
  },
};
