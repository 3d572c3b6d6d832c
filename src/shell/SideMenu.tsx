import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { menuEntries } from '../../screens/manifest';
import { menuIcons } from './menuIcons';

/** The left menu, grouped as the configs say; navigation keeps the query string (spec 000 section 2.1). */
export function SideMenu() {
  const location = useLocation();
  const navigate = useNavigate();
  const groups = [...new Set(menuEntries.map((s) => s.menu!.group))];
  const items = groups.map((group) => ({
    key: `group:${group}`,
    type: 'group' as const,
    label: group,
    children: menuEntries
      .filter((s) => s.menu!.group === group)
      .map((s) => ({ key: s.path, icon: menuIcons[s.menu!.icon ?? 'default'] ?? menuIcons.default, label: s.menu!.label })),
  }));
  const selected = menuEntries.map((s) => s.path).filter((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      onClick={({ key }) => navigate({ pathname: key, search: location.search })}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
