import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import { DASHBOARD_MSG } from '../../schemas/dashboard';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureVersion, type Expected } from '../repos/versioned';
import type { Scope } from '../repos/scope-repository';
import { route } from '../http/route';
import { checkKey, dataOk, type DataEnvelope } from '../http/data-envelope';
import { dashboardRepository as dashboards, type VersionedDashboard } from '../repos/dashboard-repository';
import { dashboardExtraContext } from '../rules/dashboard-extra-context';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';

/** PowerBI entries must name dashboard menu items. */
async function checkMenus(q: Queryable, slugs: string[]) {
  if ((await dashboards.menuSlugs(q, slugs)).size !== new Set(slugs).size)
    throw new ApiError(400, [DASHBOARD_MSG.menu]);
}

/**
 * Dashboard `id` within reach of the scope (the company's; with a branch or department, that one's or one of the
 * wider scope), or 404; 412 when the caller expects another version (If-Match).
 */
async function ownDashboard(
  q: Queryable,
  id: string,
  scope: Scope,
  expected: Expected = null,
): Promise<VersionedDashboard> {
  const row = await dashboards.find(q, id, scope);
  if (!row) throw notFound();
  return ensureVersion(row, expected);
}

/**
 * Dashboard settings (spec 001 sections 2.5 and 7). A read answers the dashboard's ETag; a flip or an edit with a
 * stale If-Match changes nothing: 412, and their answers carry the new ETag (API.md "Lost updates"). An edit keeps
 * the dashboard's own branch and department: the scope sent with it only has to reach the dashboard.
 */
export async function dashboardRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.dashboards, async ({ scope }) => dataOk(await dashboards.list(store, scope)));

  route(app, dataCalls.toggleDashboard, async ({ scope, body, expected }) => {
    const flipped = await store.tx(async (q) => {
      const { id } = await ownDashboard(q, body.customerConfigId, scope, expected);
      return dashboards.toggle(q, id, expected);
    });
    return dataOk(
      { enabled: flipped.enabled, version: flipped.version },
      flipped.enabled ? 'Dashboard enabled' : 'Dashboard disabled',
    );
  });

  // Answers `result` = the record itself (the console reads result.extraContext and result.dashboardType).
  route(app, dataCalls.dashboardById, async ({ query, scope }) => {
    if (!query.id) throw notFound();
    const record = await ownDashboard(store, query.id, scope);
    // Without data; `message` ('') as every data-family success has it (its answer schema requires it).
    const answer: DataEnvelope<null> = { status: 'ok', result: { status: 1, message: '', ...record } };
    return answer;
  });

  // The platform's dashboard menu (companyId=1 names the platform itself).
  route(app, dataCalls.dashboardMenu, async ({ query }) => {
    checkKey(query.key);
    return dataOk(await dashboards.menu(store));
  });

  route(app, dataCalls.setDashboard, async (request) => {
    const { body, scope } = request;
    const fields = {
      featureKey: body.typeDashboard,
      dashboardType: body.typeDashboard,
      extraContext: dashboardExtraContext(body),
    };
    const expected = body.isCreate ? null : request.expected;
    const saved = await store.tx(async (q) => {
      if (body.typeDashboard === 'zoho') await checkMenus(q, body.dashboardSlug ?? []);
      if (!body.isCreate) {
        if (!body.customerConfigId) throw notFound();
        const { id } = await ownDashboard(q, body.customerConfigId, scope, expected);
        return { id, companyId: scope.companyId, version: await dashboards.update(q, id, fields, expected) };
      }
      const id = newId('dsh');
      await dashboards.insert(q, id, scope, fields);
      return { id, companyId: scope.companyId, version: (await dashboards.version(q, id))! };
    });
    return dataOk(
      { id: saved.id, version: saved.version },
      `Dashboard set successfully for companyIds [ ${saved.companyId} ]`,
      {
        companyId: [saved.companyId],
      },
    );
  });
}
