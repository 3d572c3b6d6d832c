import type { Contract } from './contract';
import { authCalls } from './auth';
import { companyCalls } from './company';
import { dataCalls } from './data';
import { mainCalls } from './main';
import { mapCalls } from './maps';
import { platformCalls } from './platform';
import { reportCalls } from './reports';
import { transporterCalls } from './transporters';

export * from './contract';
export * from './services';
export { authCalls, companyCalls, dataCalls, mainCalls, mapCalls, platformCalls, reportCalls, transporterCalls };

/** Every call the platform API serves, by family (the OpenAPI document and the route test read this). */
export const allCalls: readonly Contract[] = [
  ...Object.values(platformCalls),
  ...Object.values(authCalls),
  ...Object.values(companyCalls),
  ...Object.values(mainCalls),
  ...Object.values(transporterCalls),
  ...Object.values(mapCalls),
  ...Object.values(dataCalls),
  ...Object.values(reportCalls),
];
