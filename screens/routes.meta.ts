import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const routesList = listScreen({
  path: '/routes',
  title: 'Routes',
  menu: { label: 'Routes', group: 'Routes', icon: 'route', order: 1 },
});
export const routeForm = formScreen({
  path: '/routes/add',
  editPath: '/routes/:id/edit',
  title: { create: 'Add Route', edit: 'Update Route' },
});

/** The routes list and form; their configs (`routes.ts`) load with their pages. */
export default defineScreens<typeof import('./routes')>({ routesList, routeForm });
