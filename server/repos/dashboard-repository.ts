import type { DashboardRecord } from '../../schemas/dashboard';
import type { DashboardMenuItem } from '../../schemas/api/data';
import { reachFilter, type Scope } from './scope-repository';
import type { Queryable } from '../store/store';
import { versionedTable, type Expected } from './versioned';

/** The parent slug of the menu items a dashboard may be shown under (getDashboardMenu). */
export const DASHBOARD_MENU_PARENT = 'analytics';

/** What a save stores of a dashboard. */
export interface DashboardFields {
  featureKey: string;
  dashboardType: string;
  extraContext: string;
}

const COLUMNS = `id, id as "customerConfigId", feature_key as "featureKey", enabled, dashboard_type as "dashboardType",
  extra_context as "extraContext", branch_id as "branchId"`;
const SELECT = `select ${COLUMNS} from dashboards`;

/** A dashboard read with its row version (the ETag; not part of the answer's body). */
export type VersionedDashboard = DashboardRecord & { version: number };

/** The dashboards' versioned reads and writes (If-Match). */
const versioned = versionedTable('dashboards');

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
  /**
   * Dashboard `id` with its version when it is within reach of the scope, or null: the company's and, with a branch
   * (department), that branch's (department's) or one of the wider scope (branch or department null).
   */
  find(q: Queryable, id: string, scope: Scope): Promise<VersionedDashboard | null> {
    const reach = reachFilter(scope, 2, { branch: 'branch_id', department: 'department_id' });
    return q.one<VersionedDashboard>(`select ${COLUMNS}, version from dashboards where id = $1 and ${reach.sql}`, [
      id,
      ...reach.params,
    ]);
  },
  /** The row version of dashboard `id`, or null when there is none. */
  version: (q: Queryable, id: string): Promise<number | null> => versioned.version(q, { key: id }),
  /** Flips dashboard `id` while it has an `expected` version; its new switch and version (or the refusal thrown). */
  toggle(q: Queryable, id: string, expected: Expected): Promise<{ enabled: boolean; version: number }> {
    return versioned.update(q, { key: id, expected, set: 'enabled = not enabled', returning: 'enabled, version' });
  },
  /**
   * Rewrites dashboard `id` while it has an `expected` version, keeping its company, branch and department (a save
   * never moves a dashboard); its new version (or the refusal thrown).
   */
  async update(q: Queryable, id: string, fields: DashboardFields, expected: Expected): Promise<number> {
    const set = 'dashboard_type = $3, feature_key = $4, extra_context = $5';
    const values = [fields.dashboardType, fields.featureKey, fields.extraContext];
    return (await versioned.update(q, { key: id, expected, set, values })).version;
  },
  async insert(q: Queryable, id: string, scope: Scope, fields: DashboardFields): Promise<void> {
    await q.query(
      `insert into dashboards (id, company_id, branch_id, department_id, feature_key, dashboard_type, extra_context)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        scope.companyId,
        scope.branchId,
        scope.departmentId,
        fields.featureKey,
        fields.dashboardType,
        fields.extraContext,
      ],
    );
  },
  /** The active menu items a dashboard can sit under, by id. */
  menu(q: Queryable): Promise<DashboardMenuItem[]> {
    return q.query<DashboardMenuItem>(
      'select id, name, slug, url from menu_items where parent = $1 and active order by id',
      [DASHBOARD_MENU_PARENT],
    );
  },
  /** Which of `slugs` name dashboard menu items. */
  async menuSlugs(q: Queryable, slugs: string[]): Promise<Set<string>> {
    const rows = await q.query<{ slug: string }>(
      'select slug from menu_items where parent = $1 and slug = any($2::text[])',
      [DASHBOARD_MENU_PARENT, slugs],
    );
    return new Set(rows.map((row) => row.slug));
  },
};
