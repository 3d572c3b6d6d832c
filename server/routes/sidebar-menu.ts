import type { FastifyInstance } from 'fastify';
import { dataCalls } from '../../schemas/api/data';
import type { QueryOf } from '../../schemas/api/contract';
import { SIDEBAR_MSG, parseUserIds } from '../../schemas/sidebar-menu';
import { ApiError, notFound } from '../http/envelope';
import { newId } from '../http/ids';
import { ensureVersion } from '../repos/versioned';
import { route } from '../http/route';
import { checkKey, dataOk } from '../http/data-envelope';
import { sidebarMenuRepository as menus } from '../repos/sidebar-menu-repository';
import { sidebarTarget } from '../rules/sidebar-target';
import { checkSlugs } from '../rules/menu-slugs';
import type { AppContext } from '../context';

/** The query's target: `roles` or the comma-joined `userId`. */
const queryTarget = (query: QueryOf<typeof dataCalls.sidebarConfigs>) =>
  sidebarTarget(query.roles, parseUserIds(query.userId)).target;

/** Sidebar menu override (spec 001 sections 2.4 and 7): configs, menu items and landing pages. */
export async function sidebarMenuRoutes(app: FastifyInstance, { store }: AppContext) {
  route(app, dataCalls.sidebarConfigs, async ({ query, scope }) => {
    checkKey(query.key);
    return dataOk(await menus.list(store, scope, query.enabled ?? null));
  });

  // The platform's menu (companyId=1 names the platform itself, not a customer).
  route(app, dataCalls.sidebarMenuList, async ({ query }) => {
    checkKey(query.key);
    return dataOk(await menus.menuItems(store, query.active ?? null));
  });

  // A found override answers its ETag (API.md "Lost updates"), by id or by target.
  route(app, dataCalls.sidebarConfigById, async ({ query, scope }) => {
    checkKey(query.key);
    if (query.id) {
      const row = await menus.find(store, query.id, scope);
      if (!row) throw notFound();
      return dataOk(row);
    }
    const row = await menus.findForTarget(store, scope, queryTarget(query));
    return row ? dataOk(row) : dataOk(null, SIDEBAR_MSG.noMenu);
  });

  route(app, dataCalls.landingPage, async ({ query, scope }) => {
    checkKey(query.key);
    return dataOk((await menus.landingPage(store, scope, queryTarget(query))) ?? null);
  });

  // An edit (with id) of an override out of reach is 404; it keeps the override's own company and branch (the
  // branchId sent is the scope, not a move); with a stale If-Match it changes nothing: 412. The answer has the new ETag.
  route(app, dataCalls.updateSideMenuList, async (request) => {
    const { body, scope } = request;
    checkKey(body.key);
    const userIds = body.userId ?? [];
    const { target, featureKey } = sidebarTarget(body.roles, userIds);
    const expected = body.id ? request.expected : null;
    const record = await store.tx(async (q) => {
      await checkSlugs(q, body.extracontext);
      const current = body.id ? await menus.find(q, body.id, scope) : null;
      if (body.id && !current) throw notFound();
      if (current) ensureVersion(current, expected);
      const fields = {
        target,
        featureKey,
        roles: body.roles ?? null,
        userIds,
        menu: [...new Set(body.extracontext)],
      };
      let id: string;
      if (current) {
        id = current.id;
        if (await menus.targetTaken(q, current, target, id))
          throw new ApiError(409, ['A side menu for this role or these users already exists']);
        await menus.update(q, id, fields, expected);
      } else {
        id = await menus.upsert(q, newId('sbm'), scope, fields);
      }
      return (await menus.get(q, id))!;
    });
    return dataOk(record, 'Side menu updated successfully');
  });

  route(app, dataCalls.updateLandingPage, async ({ body, scope }) => {
    checkKey(body.key);
    const { target } = sidebarTarget(body.roles, body.userId ?? []);
    await store.tx(async (q) => {
      if (!(await menus.isActiveUrl(q, body.landingPage))) throw new ApiError(400, [SIDEBAR_MSG.landingPage]);
      await menus.setLandingPage(q, scope, target, body.landingPage);
    });
    return dataOk({ landingPage: body.landingPage }, 'Landing page updated successfully');
  });
}
