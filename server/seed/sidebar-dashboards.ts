import type { Queryable } from '../store/store';

/** The platform's menu: [id, name, slug, parent slug, url]. A few entries are deprecated, as on the real platform. */
const MENU: [number, string, string, string | null, string][] = [
  [1, 'Trips', 'trips', null, ''],
  [2, 'Trip List', 'trip_list', 'trips', '/trips'],
  [3, 'Create Trip', 'create_trip', 'trips', '/trips/create'],
  [4, 'Trip Map (Deprecated)', 'trip_map_old', 'trips', '/trips/map-old'],
  [5, 'Indents', 'indents', null, ''],
  [6, 'Indent List', 'indent_list', 'indents', '/indents'],
  [7, 'Create Indent', 'create_indent', 'indents', '/indents/create'],
  [8, 'Control Tower', 'control_tower', null, '/control-tower'],
  [9, 'Alerts', 'alerts', 'control_tower', '/control-tower/alerts'],
  [10, 'Tickets', 'tickets', 'control_tower', '/control-tower/tickets'],
  [11, 'Reports', 'reports', null, ''],
  [12, 'Trip Reports', 'trip_reports', 'reports', '/reports/trips'],
  [13, 'Daily Summary', 'daily_summary', 'reports', '/reports/daily-summary'],
  [14, 'Legacy Reports (Depreciated)', 'legacy_reports', 'reports', '/reports/legacy'],
  [15, 'Analytics', 'analytics', null, ''],
  [16, 'Trip Analytics', 'trip_analytics', 'analytics', '/analytics/trips'],
  [17, 'Indent Analytics', 'indent_analytics', 'analytics', '/analytics/indents'],
  [18, 'Freight Analytics', 'freight_analytics', 'analytics', '/analytics/freight'],
  [19, 'Carbon Dashboard', 'carbon_dashboard', 'analytics', '/analytics/carbon'],
  [20, 'Settings', 'settings', null, '/settings'],
  [21, 'Old Settings (Deprecated)', 'old_settings', null, '/settings-old'],
];

/**
 * Menu items, one sidebar override (Tata Steel's Admin role) and a dashboard of each type for Tata Steel.
 * Keyed inserts, so a restart adds nothing; runs on every start, so older databases get them too.
 */
export async function seedSidebarDashboards(q: Queryable): Promise<void> {
  for (const [id, name, slug, parent, url] of MENU) {
    await q.query(
      'insert into menu_items (id, name, slug, parent, url) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [id, name, slug, parent, url],
    );
  }
  await q.query(
    `insert into sidebar_menu_configs (id, company_id, branch_id, target, feature_key, roles, user_ids, extracontext, enabled)
     values ('sbm_tsl_admin', '1001', null, 'role:9', 'sidebar_menu_Admin', 9, '[]', $1::jsonb, 1) on conflict do nothing`,
    [JSON.stringify(['trips', 'trip_list', 'create_trip', 'control_tower', 'alerts', 'analytics', 'trip_analytics'])],
  );
  await q.query(
    `insert into sidebar_landing_pages (company_id, branch_key, target, landing_page) values ('1001', '', 'role:9', '/trips')
     on conflict do nothing`,
  );
}
