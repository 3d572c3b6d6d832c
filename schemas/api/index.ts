import { auditCalls } from './audit';
import { authCalls } from './auth';
import { companyCalls } from './company';
import { placeCalls } from './places';
import { consigneeCalls } from './consignees';
import { alertCalls, autoClosureCalls, dashboardCalls, dataCalls, sidebarMenuCalls, uiConfigCalls } from './data';
import { mainCalls, materialCalls, routeMasterCalls, vehicleCalls } from './main';
import { mapCalls } from './maps';
import { platformCalls } from './platform';
import { reportCalls } from './reports';
import { transporterCalls } from './transporters';
import { notificationCalls } from './notifications';
import { apCalls } from './ap';
import { settingsCalls } from './settings';
import { tripCalls } from './trips';
import { viewerCalls } from './viewers';

export * from './contract';
export * from './services';
export { consigneeCalls };
export { placeCalls };
export { apCalls };
export { settingsCalls };
export { tripCalls };
export { viewerCalls };
export { batchCalls } from './batches';
export {
  auditCalls,
  authCalls,
  companyCalls,
  dataCalls,
  alertCalls,
  uiConfigCalls,
  sidebarMenuCalls,
  autoClosureCalls,
  dashboardCalls,
  mainCalls,
  materialCalls,
  routeMasterCalls,
  vehicleCalls,
  mapCalls,
  platformCalls,
  reportCalls,
  transporterCalls,
  notificationCalls,
};

/**
 * The first path segments of the calls under their families' default bases: paths the console's own pages never take,
 * so the server answers them in JSON and the dev server proxies them (tests/server/api-docs.test.ts checks that every
 * call's path starts with one).
 */
export const API_PREFIXES = [
  '/health',
  '/config.json',
  '/dev',
  '/auth',
  '/saas',
  '/v1',
  '/tms',
  '/maps',
  '/notification',
  '/api',
] as const;
