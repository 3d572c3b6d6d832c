import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const routeMasterList = listScreen({
  path: '/route-master',
  title: 'Route Master',
  menu: { label: 'Route Master', group: 'Routes', icon: 'rupee', order: 2 },
});
export const routeMasterForm = formScreen({ path: '/route-master/add', title: { create: 'Add Route Master Entry' } });

/** Freight rates: the list and the create form (`route-master.ts`). */
export default defineScreens<typeof import('./route-master')>({ routeMasterList, routeMasterForm });
