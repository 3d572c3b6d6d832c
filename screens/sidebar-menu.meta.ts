import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const sidebarMenuList = listScreen({
  path: '/sidebar-menu',
  title: 'Sidebar Menu',
  menu: { label: 'Sidebar Menu', group: 'Display', icon: 'display', order: 1 },
});
export const sidebarMenuForm = formScreen({
  path: '/sidebar-menu/add',
  editPath: '/sidebar-menu/edit/:id',
  title: { create: 'Set Side Menu', edit: 'Update Side Menu' },
});

/** Sidebar menu overrides: the list and the form (`sidebar-menu.ts`). */
export default defineScreens<typeof import('./sidebar-menu')>({ sidebarMenuList, sidebarMenuForm });
