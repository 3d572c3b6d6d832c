import type { DashboardMenuItem } from '../../schemas/api/data';
import type { Queryable } from '../store/store';

/** The parent slug of the menu items a dashboard may be shown under (getDashboardMenu). */
export const DASHBOARD_MENU_PARENT = 'analytics';

/**
 * The SQL of the menu items embedded BI dashboards sit under (spec 001 section 2.5); the dashboards are a declared
 * resource (schemas/resources/dashboards.ts).
 */
export const dashboardRepository = {
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
