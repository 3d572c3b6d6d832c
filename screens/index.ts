import type { FormConfig, ListConfig, ScreenConfig } from '../engine/types';
import { materialsList } from './materials';
import { routeMasterForm, routeMasterList } from './route-master';
import { routeForm, routesList } from './routes';
import { transporterForm, transportersList } from './transporters';
import { vehiclesList } from './vehicles';
import { dailySummaryForm, dailySummaryList, exceptionForm, exceptionList } from './report-schedules';
import { alertSettingsList, uiConfigForm, uiConfigList } from './alerts';
import { autoClosureForm, autoClosureList } from './auto-closure';
import { sidebarMenuForm, sidebarMenuList } from './sidebar-menu';
import { dashboardForm, dashboardList } from './dashboards';

/** Every screen of the console; the router and the left menu are built from this list. */
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

/** The list screens of the left menu, in the order of this registry. */
export const menuScreens = screens.filter((s): s is ListConfig => s.kind === 'list' && Boolean(s.menu));

/** Form screens, with their create and edit paths. */
export const formScreens = screens.filter((s): s is FormConfig => s.kind === 'form');
