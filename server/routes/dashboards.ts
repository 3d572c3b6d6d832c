import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { route } from '../http/route';
import { checkKey, dataOk } from '../http/data-envelope';
import { dashboardRepository as dashboards } from '../repos/dashboard-repository';
import type { AppContext } from '../context';

/**
 * The menus a PowerBI dashboard can sit under (spec 001 section 7). The dashboards themselves are a declared resource
 * (schemas/resources/dashboards.ts), served with every declared resource's calls.
 */
export async function dashboardRoutes(app: FastifyInstance, { store }: AppContext) {
  // The platform's dashboard menu (companyId=1 names the platform itself).
  route(app, dataCalls.dashboardMenu, async ({ query }) => {
    checkKey(query.key);
    return dataOk(await dashboards.menu(store));
  });
}
