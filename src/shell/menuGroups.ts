/** The menu's groups, top to bottom; screen metadata names one of them in `menu.group`. */
export const MENU_GROUPS = [
  'Home',
  'Routes',
  'Masters',
  'Alerts',
  'Display',
  'Reports',
  'Notifications',
  'Settings',
  'Utilities',
  'Audit',
] as const;

/** A menu group's name. */
export type MenuGroup = (typeof MENU_GROUPS)[number];
