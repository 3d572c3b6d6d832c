import { defineScreens } from '../engine/registry/screenRegistry';
import { formScreen, listScreen, sheetScreen } from './define';

export const alertSettingsList = listScreen({
  path: '/alert-settings',
  title: 'Alert Settings',
  menu: { label: 'Alert Settings', group: 'Alerts', icon: 'alert', order: 1 },
});
export const alertForm = formScreen({ path: '/alert-settings/add', title: { create: 'Add Alert Config' } });
export const alertSheet = sheetScreen({ path: '/alert-settings/upload', title: 'Bulk Alert Upload' });
export const uiConfigList = listScreen({
  path: '/display-alert-ticket',
  title: 'Alert And Ticket UI Config',
  menu: { label: 'Alert & Ticket UI', group: 'Alerts', icon: 'alert', order: 2 },
});
export const uiConfigForm = formScreen({
  path: '/display-alert-ticket/add',
  editPath: '/display-alert-ticket/edit/:id',
  title: { create: 'Set UI Config', edit: 'Update UI Config' },
});

/** Alert settings with the bulk sheet, and the alert and ticket UI config (`alerts.ts`). */
export default defineScreens<typeof import('./alerts')>({
  alertSettingsList,
  alertForm,
  alertSheet,
  uiConfigList,
  uiConfigForm,
});
