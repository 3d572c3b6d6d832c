import type { ScreenMeta } from '../engine/registry/screenRegistry';
import type { FormConfig } from '../engine/form/types';
import type { ServerPaging } from '../engine/list/types';
import type { MenuEntry } from '../engine/types';
import type { MenuGroup } from '../src/shell/menuGroups';
import type { MenuIconName } from '../src/shell/menuIcons';
import type { MenuBadgeName } from '../src/shell/menuBadges';

/** A menu entry of the console: its group and icon are names from the shell's registries, checked by the compiler. */
export interface ConsoleMenuEntry extends MenuEntry {
  group: MenuGroup;
  icon?: MenuIconName;
  /** A count shown beside the entry (what waits there for this desk), by name from the shell's badges. */
  badge?: MenuBadgeName;
}

/** A console screen's registration, as the menu reads it. */
export interface ConsoleScreenMeta extends ScreenMeta {
  menu?: ConsoleMenuEntry;
}

/** A list screen's registration: where it mounts, its title and its menu entry. */
export const listScreen = (meta: { path: string; title: string; menu?: ConsoleMenuEntry }) => ({
  kind: 'list' as const,
  ...meta,
});

/** A form screen's registration: where it creates and (optionally) edits, its titles and (a page of its own, e.g. a setting) its menu entry. */
export const formScreen = (meta: {
  path: string;
  editPath?: string;
  title: FormConfig['title'];
  menu?: ConsoleMenuEntry;
}) => ({ kind: 'form' as const, ...meta });

/** A bulk sheet's registration: where it mounts and its title. */
export const sheetScreen = (meta: { path: string; title: string }) => ({ kind: 'sheet' as const, ...meta });

/** An upload screen's registration (a file sent to a batch job, with the batch list): where it mounts and its title. */
export const uploadScreen = (meta: { path: string; title: string; menu?: ConsoleMenuEntry }) => ({
  kind: 'upload' as const,
  ...meta,
});

/** A bespoke screen's registration (an app screen kind such as the waypoint editor): its kind, path, title and menu entry. */
export const toolScreen = <const K extends string>(
  kind: K,
  meta: { path: string; title: string; menu?: ConsoleMenuEntry },
) => ({ kind, ...meta });

/** Registers a tool page (kind 'tool': a form, buttons that each make a call, a result box; engine/tool/). */
export const toolPageScreen = (meta: { path: string; title: string; menu?: ConsoleMenuEntry }) => ({
  kind: 'tool' as const,
  ...meta,
});

/**
 * The paging of a list the server keyset-pages (routes, known places, consignees, declared resources): 20 a page,
 * the total beside the rows, searched and sorted by the server; the next and previous page read by cursor.
 */
export const KEYSET_PAGING = {
  size: 20,
  rows: 'data',
  total: 'total',
  from: 'body',
  searchParam: 'q',
  sortParams: { sort: 'sort', order: 'order' },
  cursors: { next: 'next', prev: 'prev', after: 'after', before: 'before' },
} as const satisfies ServerPaging;
