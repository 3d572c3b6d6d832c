import { Menu } from 'antd';
import { Link, useLocation } from 'react-router';
import { menuGroups } from '../../engine/registry/screenRegistry';
import { useKeepQuery } from '../../engine/useKeepQuery';
import { screens } from '../../screens';
import { MENU_GROUPS } from './menuGroups';
import { menuIcons } from './menuIcons';
import { menuBadges, type MenuBadgeName } from './menuBadges';

/** The menu's groups and entries, from the screen registry. */
const groups = menuGroups(screens, MENU_GROUPS);
const menuPaths = groups.flatMap((group) => group.entries.map((entry) => entry.path));

/**
 * The left menu, grouped as the screens' metadata says; navigation keeps the query string (spec 000 section 2.1).
 * Each entry is a link to its path with the scope's query string, so it opens in a new tab or window as links do
 * (middle click, Ctrl or Cmd click, its context menu); a plain click navigates in place, on the link or beside it.
 */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const location = useLocation();
  const { go, link } = useKeepQuery();
  const entryItems = (entries: (typeof groups)[number]['entries']) =>
    entries.map((s) => ({
      key: s.path,
      icon: menuIcons[s.menu!.icon ?? 'default'],
      label: (
        <Link
          to={link(s.path)}
          // A plain click goes with the scope as it is now (the href may be a render behind a scope just chosen);
          // a click with a modifier or the middle button opens the href, as a link does.
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            go(s.path);
            onNavigate?.();
          }}
        >
          {s.menu!.label}
          {s.menu?.badge && <MenuBadge name={s.menu.badge} />}
        </Link>
      ),
    }));
  // A group of one entry of its own name (Home) is that entry alone, without a heading repeating it.
  const items = groups.map(({ group, entries }) =>
    entries.length === 1 && entries[0].menu?.label === group
      ? entryItems(entries)[0]
      : { key: `group:${group}`, type: 'group' as const, label: group, children: entryItems(entries) },
  );
  const selected = menuPaths.filter((p) => location.pathname === p || location.pathname.startsWith(`${p}/`));
  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected}
      // The link handles a click on itself (in place, or a new tab with a modifier); the item's edges navigate too.
      onClick={({ key, domEvent }) => {
        if (!(domEvent.target instanceof Element && domEvent.target.closest('a'))) go(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

/** A menu entry's badge, by name. */
function MenuBadge({ name }: { name: MenuBadgeName }) {
  const Shown = menuBadges[name];
  return <Shown />;
}
