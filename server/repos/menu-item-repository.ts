import type { MenuItem } from '../../schemas/sidebar-menu';
import type { Queryable } from '../store/store';

/**
 * The SQL of the platform's menu items (spec 001 sections 2.4 and 3), which a sidebar menu override names by slug and
 * a landing page by url. The overrides and landing pages themselves are declared resources
 * (schemas/resources/sidebar-menus.ts, landing-pages.ts), read and saved through their declarations' repository.
 */
export const menuItemRepository = {
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
