import type { MenuEntry, ScreenLoader } from '../engine/types';

/** Where a screen mounts and how it shows in the menu; the config itself loads on demand. */
export interface ScreenEntry {
  path: string;
  editPath?: string;
  menu?: MenuEntry;
  load: ScreenLoader;
}

const list = (path: string, menu: MenuEntry, load: ScreenLoader): ScreenEntry => ({ path, menu, load });
const form = (path: string, editPath: string | undefined, load: ScreenLoader): ScreenEntry => ({ path, editPath, load });
const sheet = (path: string, load: ScreenLoader): ScreenEntry => ({ path, load });

/**
 * Every screen of the console, in menu order. Only this small table is in the first bundle: each config, with
 * its schemas, arrives when its page is opened, so /routes does not download the other screens.
 * `manifest.test.ts` checks that each entry matches its config.
 */
export const manifest: ScreenEntry[] = [
  list('/routes', { label: 'Routes', group: 'Routes', icon: 'route', order: 1 }, () => import('./routes').then((m) => m.routesList)),
  form('/routes/add', '/routes/:id/edit', () => import('./routes').then((m) => m.routeForm)),
  list('/route-master', { label: 'Route Master', group: 'Routes', icon: 'rupee', order: 2 }, () => import('./route-master').then((m) => m.routeMasterList)),
  form('/route-master/add', undefined, () => import('./route-master').then((m) => m.routeMasterForm)),
  list('/vehicle-master', { label: 'Vehicles', group: 'Masters', icon: 'truck', order: 1 }, () => import('./vehicles').then((m) => m.vehiclesList)),
  list('/materialmaster', { label: 'Materials', group: 'Masters', icon: 'material', order: 2 }, () => import('./materials').then((m) => m.materialsList)),
  list('/transporters', { label: 'Transporters', group: 'Masters', icon: 'team', order: 3 }, () => import('./transporters').then((m) => m.transportersList)),
  form('/transporters/add', '/transporters/:id/edit', () => import('./transporters').then((m) => m.transporterForm)),
  list('/alert-settings', { label: 'Alert Settings', group: 'Alerts', icon: 'alert', order: 1 }, () => import('./alerts').then((m) => m.alertSettingsList)),
  form('/alert-settings/add', undefined, () => import('./alerts').then((m) => m.alertForm)),
  sheet('/alert-settings/upload', () => import('./alerts').then((m) => m.alertSheet)),
  list('/display-alert-ticket', { label: 'Alert & Ticket UI', group: 'Alerts', icon: 'alert', order: 2 }, () => import('./alerts').then((m) => m.uiConfigList)),
  form('/display-alert-ticket/add', '/display-alert-ticket/edit/:id', () => import('./alerts').then((m) => m.uiConfigForm)),
  list('/auto-closure', { label: 'Auto Closure', group: 'Alerts', icon: 'autoClosure', order: 3 }, () => import('./auto-closure').then((m) => m.autoClosureList)),
  form('/auto-closure/add', '/auto-closure/edit/:id', () => import('./auto-closure').then((m) => m.autoClosureForm)),
  list('/sidebar-menu', { label: 'Sidebar Menu', group: 'Display', icon: 'display', order: 1 }, () => import('./sidebar-menu').then((m) => m.sidebarMenuList)),
  form('/sidebar-menu/add', '/sidebar-menu/edit/:id', () => import('./sidebar-menu').then((m) => m.sidebarMenuForm)),
  list('/dashboard-settings', { label: 'Dashboard Settings', group: 'Display', icon: 'display', order: 2 }, () => import('./dashboards').then((m) => m.dashboardList)),
  form('/dashboard-settings/add', '/dashboard-settings/edit/:id', () => import('./dashboards').then((m) => m.dashboardForm)),
  list('/sputnik-daily-summary', { label: 'Daily Summary Report', group: 'Reports', icon: 'report', order: 1 }, () => import('./report-schedules').then((m) => m.dailySummaryList)),
  form('/sputnik-daily-summary/add', '/sputnik-daily-summary/edit/:id', () => import('./report-schedules').then((m) => m.dailySummaryForm)),
  list('/exception-report', { label: 'Exception Report', group: 'Reports', icon: 'report', order: 2 }, () => import('./report-schedules').then((m) => m.exceptionList)),
  form('/exception-report/add', '/exception-report/edit/:id', () => import('./report-schedules').then((m) => m.exceptionForm)),
];

/** The entries of the left menu. */
export const menuEntries = manifest.filter((entry) => entry.menu);
