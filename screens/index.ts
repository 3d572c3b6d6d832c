import type { ScreenConfig } from '../engine/types';
import { materialsList } from './materials';
import { routeMasterForm, routeMasterList } from './route-master';
import { routeForm, routesList } from './routes';
import { transporterForm, transportersList } from './transporters';
import { vehiclesList } from './vehicles';
import { dailySummaryForm, dailySummaryList, exceptionForm, exceptionList } from './report-schedules';
import { alertForm, alertSettingsList, alertSheet, uiConfigForm, uiConfigList } from './alerts';
import { autoClosureForm, autoClosureList } from './auto-closure';
import { sidebarMenuForm, sidebarMenuList } from './sidebar-menu';
import { dashboardForm, dashboardList } from './dashboards';

/** Every screen config of the console (tests and stories use it; the router and menu use the lazy `manifest.ts`). */
export const screens: ScreenConfig[] = [
  routesList,
  routeForm,
  routeMasterList,
  routeMasterForm,
  vehiclesList,
  materialsList,
  transportersList,
  transporterForm,
  alertSettingsList,
  alertSheet,
  alertForm,
  uiConfigList,
  uiConfigForm,
  autoClosureList,
  autoClosureForm,
  dailySummaryList,
  dailySummaryForm,
  exceptionList,
  exceptionForm,
  sidebarMenuList,
  sidebarMenuForm,
  dashboardList,
  dashboardForm,
];

