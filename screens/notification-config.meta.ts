import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen } from './define';

export const notificationConfigList = listScreen({
  path: '/configuration-list',
  title: 'Notification Configurations',
  menu: { label: 'Configurations', group: 'Notifications', icon: 'notification', order: 1 },
});
export const notificationConfigForm = formScreen({
  path: '/configuration-list/notification-config',
  editPath: '/configuration-list/edit-notification-config/:customerConfigId',
  title: { create: 'Notification Configuration', edit: 'Update Notification Configuration' },
});

/** Notification configuration (spec 002 section 2.4): the list and the one form of the four modes (`notification-config.ts`). */
export default defineScreens<typeof import('./notification-config')>({
  notificationConfigList,
  notificationConfigForm,
});
