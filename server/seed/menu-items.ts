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
 * The platform's menu items (Tata Steel's sidebar menu and landing page are their declarations' seed rows,
 * schemas/resources/sidebar-menus.ts and landing-pages.ts).
 * Keyed inserts, so a restart adds nothing; runs on every start, so older databases get them too.
 */
export async function seedMenuItems(q: Queryable): Promise<void> {
  for (const [id, name, slug, parent, url] of MENU) {
    await q.query(
      'insert into menu_items (id, name, slug, parent, url) values ($1, $2, $3, $4, $5) on conflict do nothing',
      [id, name, slug, parent, url],
    );
  }
}
