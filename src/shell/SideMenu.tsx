import { Menu } from 'antd';
import { useLocation } from 'react-router';
import { menuGroups } from '../../engine/registry/screenRegistry';
import { useKeepQuery } from '../../engine/useKeepQuery';
import { screens } from '../../screens';
import { MENU_GROUPS } from './menuGroups';
import { menuIcons } from './menuIcons';

/** The menu's groups and entries, from the screen registry. */
const groups = menuGroups(screens, MENU_GROUPS);
const menuPaths = groups.flatMap((group) => group.entries.map((entry) => entry.path));

/** The left menu, grouped as the screens' metadata says; navigation keeps the query string (spec 000 section 2.1). */
export function SideMenu() {
  const location = useLocation();
  const { go } = useKeepQuery();
  const items = groups.map(({ group, entries }) => ({
    key: `group:${group}`,
    type: 'group' as const,
    label: group,
    children: entries.map((s) => ({ key: s.path, icon: menuIcons[s.menu!.icon ?? 'default'], label: s.menu!.label })),
  }));
  const selected = menuPaths.filter((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      onClick={({ key }) => go(key)}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
