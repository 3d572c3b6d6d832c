import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_MSG, dashboardQuerySchema, setDashboardSchema, toggleDashboardSchema,
  type DashboardQuery, type SetDashboardBody,
} from '../../schemas/dashboard';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { checkKey, dataOk, idText, withDataEnvelope } from '../http/data-envelope';

const BASE = '/saas/data/automationdashboard';

/** The parent slug of the menu items a dashboard may be shown under (getDashboardMenu). */
export const DASHBOARD_MENU_PARENT = 'analytics';

const SELECT = `select id, id as "customerConfigId", feature_key as "featureKey", enabled, dashboard_type as "dashboardType",
  extra_context as "extraContext", branch_id as "branchId" from dashboards`;

/** The PowerBI lists parallel to dashboardSlug, each with the text of spec 001 section 5 for a missing entry. */
const POWERBI_LISTS = [
  ['dashboardReportId', DASHBOARD_MSG.reportId],
  ['dashboardWorkspaceId', DASHBOARD_MSG.workspaceId],
  ['dashboardRlsRoles', DASHBOARD_MSG.rlsRoles],
] as const;

/**
 * 400 unless every chosen dashboard has its report id, workspace id and RLS roles: each list shorter than
 * dashboardSlug answers its own text; an entry beyond the last slug has no dashboard ('Please select menulist').
 */
function checkPowerbiLists(body: SetDashboardBody) {
  const slugs = body.dashboardSlug?.length ?? 0;
  const short = POWERBI_LISTS.filter(([name]) => (body[name]?.length ?? 0) < slugs).map(([, message]) => message);
  if (short.length) throw new ApiError(400, short);
  if (POWERBI_LISTS.some(([name]) => (body[name]?.length ?? 0) > slugs)) throw new ApiError(400, [DASHBOARD_MSG.menu]);
}

/** The extraContext JSON text of a setDashboard body (spec 001 section 3); the schema keeps slugs unique. */
function extraContextOf(body: SetDashboardBody): string {
  if (body.typeDashboard === 'zoho') {
    checkPowerbiLists(body);
    const slugs = body.dashboardSlug ?? [];
    return JSON.stringify(Object.fromEntries(slugs.map((slug, i) => [slug, {
      reportId: body.dashboardReportId![i],
      workspaceId: body.dashboardWorkspaceId![i],
      rlsRoles: body.dashboardRlsRoles![i],
    }])));
  }
  return JSON.stringify({ enabled_users: body.userId ?? [], dashboard_tab: body.dashboardWorkspace ?? [] });
}

/** PowerBI entries must name dashboard menu items. */
async function checkMenus(q: Queryable, slugs: string[]) {
  const known = await q.query<{ slug: string }>('select slug from menu_items where parent = $1 and slug = any($2::text[])', [DASHBOARD_MENU_PARENT, slugs]);
  if (new Set(known.map((row) => row.slug)).size !== new Set(slugs).size) throw new ApiError(400, [DASHBOARD_MSG.menu]);
}

/** Dashboard settings (spec 001 sections 2.5 and 7). */
export async function dashboardRoutes(app: FastifyInstance, { store }: AppContext) {
  await withDataEnvelope(app, async (api) => {
    const scopeOf = (q: Queryable, ids: { companyId?: unknown; branchId?: unknown; departmentId?: unknown }) =>
      resolveScope(q, { c: idText(ids.companyId) ?? '', b: idText(ids.branchId) ?? undefined, d: idText(ids.departmentId) ?? undefined });

    api.get<{ Querystring: DashboardQuery }>(`${BASE}/getDashboardList`, { schema: { querystring: dashboardQuerySchema } }, async ({ query }) => {
      const scope = await scopeOf(store, query);
      const rows = await store.query(
        `${SELECT} where company_id = $1 and ($2::text is null or branch_id = $2) and ($3::text is null or department_id = $3)
          order by created_at, id`,
        [scope.companyId, scope.branchId, scope.departmentId],
      );
      return dataOk(rows);
    });

    api.post<{ Querystring: DashboardQuery; Body: { customerConfigId: string } }>(
      `${BASE}/toggleDashboard`,
      { schema: { querystring: dashboardQuerySchema, body: toggleDashboardSchema } },
      async ({ query, body }) => {
        const row = await store.tx(async (q) => {
          const scope = await scopeOf(q, query);
          const updated = await q.one<{ enabled: boolean }>(
            'update dashboards set enabled = not enabled where id = $1 and company_id = $2 returning enabled',
            [body.customerConfigId, scope.companyId],
          );
          if (!updated) throw notFound();
          return updated;
        });
        return dataOk(row, row.enabled ? 'Dashboard enabled' : 'Dashboard disabled');
      },
    );

    // Answers `result` = the record itself (the console reads result.extraContext and result.dashboardType).
    api.get<{ Querystring: DashboardQuery }>(`${BASE}/getDashboardbyId`, { schema: { querystring: dashboardQuerySchema } }, async ({ query }) => {
      const scope = await scopeOf(store, query);
      const row = query.id ? await store.one(`${SELECT} where id = $1 and company_id = $2`, [query.id, scope.companyId]) : null;
      if (!row) throw notFound();
      return { status: 'ok', result: { status: 1, ...row } };
    });

    // The platform's dashboard menu (companyId=1 names the platform itself).
    api.get<{ Querystring: Partial<DashboardQuery> }>(`${BASE}/getDashboardMenu`, { schema: { querystring: { ...dashboardQuerySchema, required: [] } } }, async ({ query }) => {
      checkKey(query.key);
      return dataOk(await store.query('select id, name, slug, url from menu_items where parent = $1 and active order by id', [DASHBOARD_MENU_PARENT]));
    });

    api.post<{ Body: SetDashboardBody }>(`${BASE}/setDashboard`, { schema: { body: setDashboardSchema } }, async ({ body }) => {
      const extraContext = extraContextOf(body);
      const saved = await store.tx(async (q) => {
        const scope = await scopeOf(q, body);
        if (body.typeDashboard === 'zoho') await checkMenus(q, body.dashboardSlug ?? []);
        const featureKey = body.typeDashboard;
        if (!body.isCreate) {
          const id = body.customerConfigId;
          const row = id
            ? await q.one<{ id: string }>(
              'update dashboards set dashboard_type = $3, feature_key = $4, extra_context = $5 where id = $1 and company_id = $2 returning id',
              [id, scope.companyId, body.typeDashboard, featureKey, extraContext],
            )
            : null;
          if (!row) throw notFound();
          return { id: row.id, companyId: scope.companyId };
        }
        const id = newId('dsh');
        await q.query(
          `insert into dashboards (id, company_id, branch_id, department_id, feature_key, dashboard_type, extra_context)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [id, scope.companyId, scope.branchId, scope.departmentId, featureKey, body.typeDashboard, extraContext],
        );
        return { id, companyId: scope.companyId };
      });
      return {
        status: 'ok',
        result: { status: 1, data: { id: saved.id }, companyId: [saved.companyId], message: `Dashboard set successfully for companyIds [ ${saved.companyId} ]` },
      };
    });
  });
}
