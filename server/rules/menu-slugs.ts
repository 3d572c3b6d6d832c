import { SIDEBAR_MSG, isLiveMenuItem } from '../../schemas/sidebar-menu';
import { RuleRefusal } from './refusal';
import { menuItemRepository as menus } from '../repos/menu-item-repository';
import type { Queryable } from '../store/store';

/** Every menu slug must name a live menu item, not one marked '(Deprecated)' or '(Depreciated)'. */
export async function checkSlugs(q: Queryable, slugs: string[]): Promise<void> {
  const live = (await menus.activeItems(q, slugs)).filter(isLiveMenuItem);
  if (new Set(live.map((row) => row.slug)).size !== new Set(slugs).size) throw new RuleRefusal([SIDEBAR_MSG.menuList]);
}
