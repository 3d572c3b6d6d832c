import { fullPath, type Contract } from './contract';
import { SERVICE_BASES } from './services';
import { auditCalls } from './audit';
import { batchCalls } from './batches';
import { authCalls } from './auth';
import { companyCalls } from './company';
import { placeCalls } from './places';
import { consigneeCalls } from './consignees';
import { dataCalls } from './data';
import { mainCalls } from './main';
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
export { auditCalls, authCalls, companyCalls, dataCalls, mainCalls, mapCalls, platformCalls, reportCalls, transporterCalls, notificationCalls };

/** Every call the platform API serves, by family (the OpenAPI document and the route test read this). */
export const allCalls: readonly Contract[] = [
  ...Object.values(platformCalls),
  ...Object.values(authCalls),
  ...Object.values(companyCalls),
  ...Object.values(placeCalls),
  ...Object.values(consigneeCalls),
  ...Object.values(mainCalls),
  ...Object.values(transporterCalls),
  ...Object.values(mapCalls),
  ...Object.values(dataCalls),
  ...Object.values(reportCalls),
  ...Object.values(auditCalls),
  ...Object.values(batchCalls),
  ...Object.values(notificationCalls),
  ...Object.values(apCalls),
  ...Object.values(settingsCalls),
  ...Object.values(tripCalls),
  ...Object.values(viewerCalls),
];

/**
 * The first path segment of every call under its family's default base (`/saas`, `/v1`, `/tms`, `/health`...): paths
 * the console's own pages never take, so the server answers them in JSON and the dev server proxies them.
 */
export const API_PREFIXES: readonly string[] = [...new Set(allCalls.map((call) => `/${fullPath(call, SERVICE_BASES).split('/')[1]}`))];
