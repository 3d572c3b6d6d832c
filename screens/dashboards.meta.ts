import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const dashboardList = listScreen({
  path: '/dashboard-settings',
  title: 'Dashboard Settings',
  menu: { label: 'Dashboard Settings', group: 'Display', icon: 'display', order: 2 },
});
export const dashboardForm = formScreen({
  path: '/dashboard-settings/add',
  editPath: '/dashboard-settings/edit/:id',
  title: { create: 'Create Dashboard Config', edit: 'Update Dashboard Config' },
});

/** Dashboards: the list and the form (`dashboards.ts`). */
export default defineScreens<typeof import('./dashboards')>({ dashboardList, dashboardForm });
