import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const apConfigList = listScreen({
  path: '/ap-configuration',
  title: 'AP Configuration',
  menu: { label: 'AP Configuration', group: 'Settings', icon: 'rupee', order: 1 },
});
export const apConfigForm = formScreen({
  path: '/ap-configuration/add',
  editPath: '/ap-configuration/:id/edit',
  title: { create: 'Create AP Config', edit: 'Update AP Config' },
});

/** The AP config list and form (spec 002 section 2.6); their configs (`ap-config.ts`) load with their pages. */
export default defineScreens<typeof import('./ap-config')>({ apConfigList, apConfigForm });
