import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { DASHBOARD_MSG } from '../../schemas/dashboard';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope } from '../repos/scope-repository';
import { route } from '../http/route';
import { checkKey, dataOk, idText } from '../http/data-envelope';
import { dashboardRepository as dashboards } from '../repos/dashboard-repository';
import { dashboardExtraContext } from '../rules/dashboard-extra-context';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** The scope of a dashboard call: companyId, branchId and departmentId as the data family sends them (numbers or text). */
const scopeOf = (q: Queryable, ids: { companyId?: unknown; branchId?: unknown; departmentId?: unknown }) =>
  resolveScope(q, { c: idText(ids.companyId) ?? '', b: idText(ids.branchId) ?? undefined, d: idText(ids.departmentId) ?? undefined });

/** PowerBI entries must name dashboard menu items. */
async function checkMenus(q: Queryable, slugs: string[]) {
  if ((await dashboards.menuSlugs(q, slugs)).size !== new Set(slugs).size) throw new ApiError(400, [DASHBOARD_MSG.menu]);
}

/** Dashboard settings (spec 001 sections 2.5 and 7). */
export async function dashboardRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.dashboards, async ({ query }) => dataOk(await dashboards.list(store, await scopeOf(store, query))));

  route(app, dataCalls.toggleDashboard, async ({ query, body }) => {
    const row = await store.tx(async (q) => {
      const scope = await scopeOf(q, query);
      const updated = await dashboards.toggle(q, body.customerConfigId, scope.companyId);
      if (!updated) throw notFound();
      return updated;
    });
    return dataOk(row, row.enabled ? 'Dashboard enabled' : 'Dashboard disabled');
  });

  // Answers `result` = the record itself (the console reads result.extraContext and result.dashboardType).
  route(app, dataCalls.dashboardById, async ({ query }) => {
    const scope = await scopeOf(store, query);
    const row = query.id ? await dashboards.find(store, query.id, scope.companyId) : null;
    if (!row) throw notFound();
    return { status: 'ok', result: { status: 1, ...row } };
  });

  // The platform's dashboard menu (companyId=1 names the platform itself).
  route(app, dataCalls.dashboardMenu, async ({ query }) => {
    checkKey(query.key);
    return dataOk(await dashboards.menu(store));
  });

  route(app, dataCalls.setDashboard, async ({ body }) => {
    const fields = { featureKey: body.typeDashboard, dashboardType: body.typeDashboard, extraContext: dashboardExtraContext(body) };
    const saved = await store.tx(async (q) => {
      const scope = await scopeOf(q, body);
      if (body.typeDashboard === 'zoho') await checkMenus(q, body.dashboardSlug ?? []);
      if (!body.isCreate) {
        const id = body.customerConfigId;
        if (!id || !(await dashboards.update(q, id, scope.companyId, fields))) throw notFound();
        return { id, companyId: scope.companyId };
      }
      const id = newId('dsh');
      await dashboards.insert(q, id, scope, fields);
      return { id, companyId: scope.companyId };
    });
    return {
      status: 'ok',
      result: { status: 1, data: { id: saved.id }, companyId: [saved.companyId], message: `Dashboard set successfully for companyIds [ ${saved.companyId} ]` },
    };
  });
}
