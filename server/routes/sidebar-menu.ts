import type { FastifyInstance } from 'fastify';
import {
  SIDEBAR_MSG, SIDEBAR_ROLES, isLiveMenuItem, parseUserIds, sidebarQuerySchema, updateLandingPageSchema, updateSideMenuListSchema,
  type SidebarQuery, type UpdateLandingPageBody, type UpdateSideMenuListBody,
} from '../../schemas/sidebar-menu';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { resolveScope } from '../http/scope';
import type { Queryable } from '../store/store';
import type { AppContext } from '../context';
import { checkKey, dataOk, idText, withDataEnvelope } from '../http/data-envelope';

const BASE = '/saas/data/onBoardingAPI';

/** Who an override is for: one role, some users, or everyone of the company (or branch). */
function targetOf(roles: number | null | undefined, userIds: number[]): { target: string; featureKey: string } {
  if (roles != null && userIds.length) throw new ApiError(400, ['Choose a role or user ids, not both']);
  if (roles != null) {
    const name = SIDEBAR_ROLES.find((role) => role.id === roles)?.name ?? String(roles);
    return { target: `role:${roles}`, featureKey: `sidebar_menu_${name}` };
  }
  if (userIds.length) {
    const ids = [...new Set(userIds)].sort((a, b) => a - b);
    return { target: `users:${ids.join(',')}`, featureKey: `sidebar_menu_users_${ids.slice(0, 5).join('_')}${ids.length > 5 ? `_and_${ids.length - 5}_more` : ''}` };
  }
  return { target: 'all', featureKey: 'sidebar_menu' };
}

const SELECT = `select c.id, c.feature_key as "featureKey", c.company_id as "companyId", c.branch_id as "branchId", c.roles,
  c.user_ids as "userId", c.extracontext, c.enabled, l.landing_page as "landingPage"
  from sidebar_menu_configs c left join sidebar_landing_pages l
    on l.company_id = c.company_id and l.branch_key = coalesce(c.branch_id, '') and l.target = c.target`;

/** Every menu slug must name a live menu item, not one marked '(Deprecated)' or '(Depreciated)'. */
async function checkSlugs(q: Queryable, slugs: string[]) {
  const known = await q.query<{ slug: string; name: string }>('select slug, name from menu_items where active and slug = any($1::text[])', [slugs]);
  const live = known.filter(isLiveMenuItem);
  if (new Set(live.map((row) => row.slug)).size !== new Set(slugs).size) throw new ApiError(400, [SIDEBAR_MSG.menuList]);
}

/** The query's target: `roles` or the comma-joined `userId`. */
const queryTarget = (query: SidebarQuery) => targetOf(query.roles, parseUserIds(query.userId)).target;

/** Sidebar menu override (spec 001 sections 2.4 and 7): configs, menu items and landing pages. */
export async function sidebarMenuRoutes(app: FastifyInstance, { store }: AppContext) {
  await withDataEnvelope(app, async (api) => {
    const scopeOf = (q: Queryable, query: { companyId?: unknown; branchId?: unknown }) =>
      resolveScope(q, { c: idText(query.companyId) ?? '', b: idText(query.branchId) ?? undefined });

    api.get<{ Querystring: SidebarQuery }>(`${BASE}/fetchSideBarMenuConfig`, { schema: { querystring: sidebarQuerySchema } }, async ({ query }) => {
      checkKey(query.key);
      const scope = await scopeOf(store, query);
      const rows = await store.query(
        `${SELECT} where c.company_id = $1 and ($2::text is null or c.branch_id = $2) and ($3::int is null or c.enabled = $3)
          order by c.created_at, c.id`,
        [scope.companyId, scope.branchId, query.enabled ?? null],
      );
      return dataOk(rows);
    });

    // The platform's menu (companyId=1 names the platform itself, not a customer).
    api.get<{ Querystring: SidebarQuery }>(`${BASE}/fetchSideBarMenuList`, { schema: { querystring: sidebarQuerySchema } }, async ({ query }) => {
      checkKey(query.key);
      const rows = await store.query(
        'select id, name, slug, parent, url from menu_items where ($1::int is null or active = ($1 = 1)) order by id',
        [query.active ?? null],
      );
      return dataOk(rows);
    });

    api.get<{ Querystring: SidebarQuery }>(`${BASE}/fetchSideBarMenuConfigById`, { schema: { querystring: sidebarQuerySchema } }, async ({ query }) => {
      checkKey(query.key);
      const scope = await scopeOf(store, query);
      if (query.id) {
        const row = await store.one(`${SELECT} where c.id = $1 and c.company_id = $2`, [query.id, scope.companyId]);
        if (!row) throw notFound();
        return dataOk(row);
      }
      const row = await store.one(
        `${SELECT} where c.company_id = $1 and coalesce(c.branch_id, '') = $2 and c.target = $3`,
        [scope.companyId, scope.branchId ?? '', queryTarget(query)],
      );
      return dataOk(row ?? null, row ? '' : SIDEBAR_MSG.noMenu);
    });

    api.get<{ Querystring: SidebarQuery }>(`${BASE}/fetchLandingPage`, { schema: { querystring: sidebarQuerySchema } }, async ({ query }) => {
      checkKey(query.key);
      const scope = await scopeOf(store, query);
      const row = await store.one<{ landingPage: string }>(
        'select landing_page as "landingPage" from sidebar_landing_pages where company_id = $1 and branch_key = $2 and target = $3',
        [scope.companyId, scope.branchId ?? '', queryTarget(query)],
      );
      return dataOk(row ?? null);
    });

    api.post<{ Body: UpdateSideMenuListBody }>(`${BASE}/updateSideMenuList`, { schema: { body: updateSideMenuListSchema } }, async ({ body }) => {
      checkKey(body.key);
      const userIds = body.userId ?? [];
      const { target, featureKey } = targetOf(body.roles, userIds);
      const row = await store.tx(async (q) => {
        const scope = await scopeOf(q, body);
        await checkSlugs(q, body.extracontext);
        const values = [scope.companyId, scope.branchId, target, featureKey, body.roles ?? null, JSON.stringify(userIds), JSON.stringify([...new Set(body.extracontext)])];
        let id = body.id;
        if (id) {
          if (!(await q.one('select 1 from sidebar_menu_configs where id = $1 and company_id = $2', [id, scope.companyId]))) throw notFound();
          const clash = await q.one(
            "select 1 from sidebar_menu_configs where company_id = $1 and coalesce(branch_id, '') = coalesce($2, '') and target = $3 and id <> $4",
            [scope.companyId, scope.branchId, target, id],
          );
          if (clash) throw new ApiError(409, ['A side menu for this role or these users already exists']);
          await q.query(
            `update sidebar_menu_configs set company_id = $1, branch_id = $2, target = $3, feature_key = $4, roles = $5,
              user_ids = $6::jsonb, extracontext = $7::jsonb, enabled = 1 where id = $8`,
            [...values, id],
          );
        } else {
          id = newId('sbm');
          const saved = await q.one<{ id: string }>(
            `insert into sidebar_menu_configs (company_id, branch_id, target, feature_key, roles, user_ids, extracontext, enabled, id)
             values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, 1, $8)
             on conflict (company_id, coalesce(branch_id, ''), target)
             do update set extracontext = excluded.extracontext, enabled = 1 returning id`,
            [...values, id],
          );
          id = saved!.id;
        }
        return q.one(`${SELECT} where c.id = $1`, [id]);
      });
      return dataOk(row, 'Side menu updated successfully');
    });

    api.post<{ Body: UpdateLandingPageBody }>(`${BASE}/updateLandingPage`, { schema: { body: updateLandingPageSchema } }, async ({ body }) => {
      checkKey(body.key);
      const { target } = targetOf(body.roles, body.userId ?? []);
      await store.tx(async (q) => {
        const scope = await scopeOf(q, body);
        if (!(await q.one('select 1 from menu_items where active and url = $1', [body.landingPage]))) throw new ApiError(400, [SIDEBAR_MSG.landingPage]);
        await q.query(
          `insert into sidebar_landing_pages (company_id, branch_key, target, landing_page) values ($1, $2, $3, $4)
           on conflict (company_id, branch_key, target) do update set landing_page = excluded.landing_page`,
          [scope.companyId, scope.branchId ?? '', target, body.landingPage],
        );
      });
      return dataOk({ landingPage: body.landingPage }, 'Landing page updated successfully');
    });
  });
}
