import type { DashboardRecord } from '../../schemas/dashboard';
import type { Scope } from './scope-repository';
import type { Queryable } from '../store/store';

/** The parent slug of the menu items a dashboard may be shown under (getDashboardMenu). */
export const DASHBOARD_MENU_PARENT = 'analytics';

/** What a save stores of a dashboard. */
export interface DashboardFields {
  featureKey: string;
  dashboardType: string;
  extraContext: string;
}

const SELECT = `select id, id as "customerConfigId", feature_key as "featureKey", enabled, dashboard_type as "dashboardType",
  extra_context as "extraContext", branch_id as "branchId" from dashboards`;

/** The SQL of the embedded BI dashboards (spec 001 sections 2.5 and 3) and of the menu items they sit under. */
export const dashboardRepository = {
  /** The scope's dashboards (branch and department only when chosen), oldest first. */
  list(q: Queryable, scope: Scope): Promise<DashboardRecord[]> {
    return q.query<DashboardRecord>(
      `${SELECT} where company_id = $1 and ($2::text is null or branch_id = $2) and ($3::text is null or department_id = $3)
        order by created_at, id`,
      [scope.companyId, scope.branchId, scope.departmentId],
    );
  },
  /** Dashboard `id` of the company, or null. */
  find(q: Queryable, id: string, companyId: string): Promise<DashboardRecord | null> {
    return q.one<DashboardRecord>(`${SELECT} where id = $1 and company_id = $2`, [id, companyId]);
  },
  /** Flips dashboard `id` of the company; its new switch, or null when the company has no such dashboard. */
  toggle(q: Queryable, id: string, companyId: string): Promise<{ enabled: boolean } | null> {
    return q.one<{ enabled: boolean }>('update dashboards set enabled = not enabled where id = $1 and company_id = $2 returning enabled', [id, companyId]);
  },
  /** Rewrites dashboard `id` of the company; false when the company has no such dashboard. */
  async update(q: Queryable, id: string, companyId: string, fields: DashboardFields): Promise<boolean> {
    const row = await q.one(
      'update dashboards set dashboard_type = $3, feature_key = $4, extra_context = $5 where id = $1 and company_id = $2 returning id',
      [id, companyId, fields.dashboardType, fields.featureKey, fields.extraContext],
    );
    return !!row;
  },
  async insert(q: Queryable, id: string, scope: Scope, fields: DashboardFields): Promise<void> {
    await q.query(
      `insert into dashboards (id, company_id, branch_id, department_id, feature_key, dashboard_type, extra_context)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [id, scope.companyId, scope.branchId, scope.departmentId, fields.featureKey, fields.dashboardType, fields.extraContext],
    );
  },
  /** The active menu items a dashboard can sit under, by id. */
  menu(q: Queryable) {
    return q.query<{ id: number; name: string; slug: string; url: string }>(
      'select id, name, slug, url from menu_items where parent = $1 and active order by id',
      [DASHBOARD_MENU_PARENT],
    );
  },
  /** Which of `slugs` name dashboard menu items. */
  async menuSlugs(q: Queryable, slugs: string[]): Promise<Set<string>> {
    const rows = await q.query<{ slug: string }>('select slug from menu_items where parent = $1 and slug = any($2::text[])', [DASHBOARD_MENU_PARENT, slugs]);
    return new Set(rows.map((row) => row.slug));
  },
};
