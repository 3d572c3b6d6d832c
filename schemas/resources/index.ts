import type { Resource } from '../resource';
import { alerts } from './alerts';
import { apConfigs } from './ap-configs';
import { autoClosures } from './auto-closure';
import { consignees } from './consignees';
import { customFields } from './custom-fields';
import { dashboards } from './dashboards';
import { entityConfigs } from './entity-configs';
import { etaPreferences } from './eta-preferences';
import { featureSettings } from './feature-settings';
import { holidays } from './holidays';
import { knownPlaces } from './known-places';
import { landingPages } from './landing-pages';
import { materials } from './materials';
import { notificationConfigs } from './notification-configs';
import { partners } from './partners';
import { reportSchedules } from './report-schedules';
import { routeMaster } from './route-master';
import { routes } from './routes';
import { sidebarMenus } from './sidebar-menus';
import { transporters } from './transporters';
import { uiConfigs } from './ui-configs';
import { vehicles } from './vehicles';
import { waypoints } from './waypoints';

/**
 * Every declared resource (schemas/resource.ts): what the generic calls, routes, audit, compare, export, seed and screens
 * read. In the order the home screen lists them: the masters, the automation, then the settings.
 */
export const RESOURCES = [
  routes,
  knownPlaces,
  consignees,
  notificationConfigs,
  waypoints,
  routeMaster,
  vehicles,
  materials,
  transporters,
  partners,
  alerts,
  customFields,
  uiConfigs,
  autoClosures,
  dashboards,
  reportSchedules,
  sidebarMenus,
  landingPages,
  featureSettings,
  etaPreferences,
  apConfigs,
  entityConfigs,
  holidays,
] as const satisfies readonly Resource[];

/** The same, each as a {@link Resource} (what generic code that reads any field of a declaration iterates). */
export const ALL_RESOURCES: readonly Resource[] = RESOURCES;
