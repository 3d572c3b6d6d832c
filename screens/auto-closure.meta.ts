import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const autoClosureList = listScreen({
  path: '/auto-closure',
  title: 'Auto Closure',
  menu: { label: 'Auto Closure', group: 'Alerts', icon: 'autoClosure', order: 3 },
});
export const autoClosureForm = formScreen({
  path: '/auto-closure/add',
  editPath: '/auto-closure/edit/:id',
  title: { create: 'Create Auto Closure Config', edit: 'Update Auto Closure Config' },
});

/** Auto closure rules: the list and the form (`auto-closure.ts`). */
export default defineScreens<typeof import('./auto-closure')>({ autoClosureList, autoClosureForm });
