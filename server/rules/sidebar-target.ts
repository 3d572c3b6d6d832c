import { SIDEBAR_ROLES } from '../../schemas/sidebar-menu';
import { RuleRefusal } from './refusal';

/** Who a sidebar override is for (its stored `target`) and the feature key it is stored under. */
export interface SidebarTarget {
  target: string;
  featureKey: string;
}

/**
 * Who an override is for: one role (`role:<id>`), some users (`users:<sorted ids>`), or everyone of the company or
 * branch (`all`). A role and user ids together are refused (400).
 */
export function sidebarTarget(roles: number | null | undefined, userIds: number[]): SidebarTarget {
  if (roles != null && userIds.length) throw new RuleRefusal(['Choose a role or user ids, not both']);
  if (roles != null) {
    const name = SIDEBAR_ROLES.find((role) => role.id === roles)?.name ?? String(roles);
    return { target: `role:${roles}`, featureKey: `sidebar_menu_${name}` };
  }
  if (userIds.length) {
    const ids = [...new Set(userIds)].sort((a, b) => a - b);
    return {
      target: `users:${ids.join(',')}`,
      featureKey: `sidebar_menu_users_${ids.slice(0, 5).join('_')}${ids.length > 5 ? `_and_${ids.length - 5}_more` : ''}`,
    };
  }
  return { target: 'all', featureKey: 'sidebar_menu' };
}
